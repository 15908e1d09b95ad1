import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment, SEND } from '../../../../../tests/support/web/compose';
import { enterText } from '../../../../../tests/support/web/enter-text';
import type { FakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { Media } from '../../../../shared/schemas/notification.schema';
import { ComposeCard } from './compose-card';

/** Media in the compose card: a PDF menu or a short video instead of a picture. */
const establishment = composeEstablishment({ name: 'Menu Bar', timeZone: 'Europe/Vienna' });
const UPLOAD = '/api/establishments/e1/media';

const pdfMedia: Media = {
  id: 'm1',
  url: '/image/post/m1.jpeg',
  width: 1200,
  height: 1553,
  kind: 'pdf',
  fileUrl: '/file/post/m1.pdf',
  fileBytes: 16_251,
  durationSeconds: null,
};

function renderCompose() {
  const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  const input = card.querySelector<HTMLInputElement>('input[type=file]')!;
  return { ...view, card, input, text: within(card).getByRole('textbox', { name: 'Message' }) };
}

describe('compose card: menus and short videos', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationSent).on('POST', UPLOAD, { status: 201, body: { media: pdfMedia } });
  });

  it('offers pictures, PDFs and videos, uploads a PDF menu, shows its first page and sends it', async () => {
    const { card, input, text, user } = renderCompose();
    expect(input.accept).toBe('image/*,application/pdf,video/mp4,video/webm');
    expect(within(card).getByRole('button', { name: 'Add a picture, PDF or video' })).toBeInTheDocument();
    await user.upload(input, new File(['%PDF-1.4'], 'menu.pdf', { type: 'application/pdf' }));
    expect(await within(card).findByRole('img', { name: 'The first page of the PDF' })).toHaveAttribute(
      'src',
      pdfMedia.url,
    );
    expect(within(card).getByRole('button', { name: 'Remove the PDF' })).toBeInTheDocument();
    expect(server.sent('POST', UPLOAD)[0]!.body).toBeInstanceOf(FormData);
    expect((server.sent('POST', UPLOAD)[0]!.body as FormData).get('poster')).toBeNull();

    await enterText(user, text, 'The Friday menu');
    await user.click(within(card).getByRole('button', { name: 'Send and post' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({ text: 'The Friday menu', mediaId: 'm1' });
  });

  it('says beside the field why a file cannot go, before uploading it', async () => {
    const { card, input } = renderCompose();
    const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    // Dropped, or chosen with "all files": the picker's accept list does not hold it back.
    choose(new File(['soup'], 'menu.txt', { type: 'text/plain' }));
    expect(within(card).getByRole('alert')).toHaveTextContent(Msg.postMediaInvalid);
    const film = new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'film.mp4', { type: 'video/mp4' });
    choose(film);
    expect(within(card).getByRole('alert')).toHaveTextContent(Msg.videoTooLarge);
    const menu = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'menu.pdf', { type: 'application/pdf' });
    choose(menu);
    expect(within(card).getByRole('alert')).toHaveTextContent(Msg.pdfTooLarge);
    expect(server.sent('POST', UPLOAD)).toHaveLength(0);
  });

  it("puts the server's refusal of a PDF beside the field", async () => {
    server.on('POST', UPLOAD, {
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA', error: Msg.pdfInvalid, fields: { file: Msg.pdfInvalid } },
    });
    const { card, input, user } = renderCompose();
    await user.upload(input, new File(['%PDF-garbage'], 'menu.pdf', { type: 'application/pdf' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(Msg.pdfInvalid);
    expect(within(card).getByRole('button', { name: 'Add a picture, PDF or video' })).toBeEnabled();
  });
});
