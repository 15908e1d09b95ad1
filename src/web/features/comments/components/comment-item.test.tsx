import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { type Comment, CommentMsg } from '../../../../shared/schemas/comment.schema';
import { CommentItem } from './comment-item';

const POST = 'b1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b02';
const comment: Comment = {
  id: 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01',
  text: 'Is the terrace open tonight?',
  author: { id: 'u1', name: 'Ada Lovelace', avatar: null },
  asBusiness: false,
  writtenBy: null,
  hidden: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  editedAt: null,
  parentId: null,
  mine: true,
  canEdit: true,
  canDelete: true,
  canHide: false,
  canMute: false,
  authorMuted: false,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

describe('a comment edited in place', () => {
  it('says "Comment updated" once the new text is saved', async () => {
    const text = 'Is the terrace open tonight, and until when?';
    api.on('PATCH', `/api/comments/${comment.id}`, {
      body: {
        comment: { ...comment, text, editedAt: '2026-01-01T10:05:00.000Z' },
        message: CommentMsg.updated,
      },
    });
    const { user } = renderRoutes([
      {
        path: '/',
        element: (
          <ul>
            <CommentItem postId={POST} establishmentId="e1" comment={comment} />
          </ul>
        ),
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Actions for the comment of Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit your comment' });
    await user.clear(field);
    await user.type(field, text);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Comment updated')).toBeVisible();
    expect(api.sent('PATCH', `/api/comments/${comment.id}`)[0]!.body).toEqual({ text });
    expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull();
  });
});
