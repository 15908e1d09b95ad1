import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Media } from '../../../../shared/schemas/notification.schema';
import { PostMedia } from './post-media';

/** What a post shows under its text: a picture, a video that plays in place, a PDF to open. */
const base = {
  id: 'm1',
  url: '/image/post/m1.jpeg',
  width: 640,
  height: 480,
  fileBytes: null,
  durationSeconds: null,
};

const show = (media: Media) =>
  renderRoutes([{ path: '/', element: <PostMedia media={media} name="Corner Bar" /> }]);

describe('a post’s media', () => {
  it('a video plays in place from its file, its poster first, nothing fetched before play', () => {
    const { container } = show({
      ...base,
      kind: 'video',
      fileUrl: '/file/post/m1.mp4',
      fileBytes: 2_000_000,
      durationSeconds: 12,
    });
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/file/post/m1.mp4');
    expect(video).toHaveAttribute('poster', '/image/post/m1.jpeg');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAccessibleName('Video posted by Corner Bar');
  });

  it('a PDF shows its first page and says what opens, and how large', () => {
    show({ ...base, kind: 'pdf', fileUrl: '/file/post/m1.pdf', fileBytes: 1_572_864 });
    expect(screen.getByRole('img', { name: 'First page of the PDF posted by Corner Bar' })).toHaveAttribute(
      'src',
      '/image/post/m1.jpeg',
    );
    expect(screen.getByText('PDF, 1.5 MB')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Open the PDF' })) {
      expect(link).toHaveAttribute('href', '/file/post/m1.pdf');
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('a picture is a picture', () => {
    const { container } = show({ ...base, kind: 'picture', fileUrl: null });
    expect(screen.getByRole('img', { name: 'Picture posted by Corner Bar' })).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
