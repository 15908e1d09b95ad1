import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Comment } from '../../../../shared/schemas/comment.schema';
import { CommentItem } from './comment-item';
import { CommentThread } from './comment-thread';

// A comment's menu and its reply box with the keyboard alone: where the focus goes when each closes.

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

type User = ReturnType<typeof renderRoutes>['user'];

/** Tab until `target` has the focus (at most 20 presses). */
async function tabTo(user: User, target: HTMLElement) {
  for (let press = 0; press < 20 && document.activeElement !== target; press++) await user.tab();
  expect(target).toHaveFocus();
}

describe("a comment's menu with the keyboard", () => {
  it('opens on Enter at its first item, goes down with the arrow, and Escape from the menu and from the delete dialog gives the focus back to its button', async () => {
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
    const menuButton = await screen.findByRole('button', { name: 'Actions for the comment of Ada Lovelace' });
    await tabTo(user, menuButton);
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(menuButton).toHaveFocus();

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('menu');
    await waitFor(() => expect(within(again).getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(again).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());
  });
});

describe('a reply with the keyboard', () => {
  it('"Reply" opens the box with the focus in it; cancelled or sent, the focus is back on "Reply"', async () => {
    api.on('POST', `/api/notifications/${POST}/comments`, (request) => ({
      status: 201,
      body: {
        comment: {
          ...comment,
          id: 'c2',
          text: (request.body as { text: string }).text,
          parentId: comment.id,
          author: { id: 'u2', name: 'Corner Bakery', avatar: null },
          asBusiness: true,
        },
      },
    }));
    const { user } = renderRoutes([
      {
        path: '/',
        element: (
          <ul>
            <CommentThread
              postId={POST}
              establishment={{ id: 'e1', name: 'Corner Bakery' }}
              comment={{ ...comment, mine: false, canEdit: false, canDelete: false }}
              replies={[]}
              rights={{ canReply: true, asBusiness: true, privately: false }}
            />
          </ul>
        ),
      },
    ]);
    const reply = await screen.findByRole('button', { name: 'Reply to Ada Lovelace' });
    await tabTo(user, reply);
    await user.keyboard('{Enter}');
    const box = await screen.findByRole('textbox', { name: 'Write a reply to Ada Lovelace' });
    await waitFor(() => expect(box).toHaveFocus());
    // Cancel: the box goes, the focus does not fall to the page.
    await tabTo(user, screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reply to Ada Lovelace' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.keyboard('Yes, until ten.');
    expect(screen.getByRole('switch', { name: 'Reply as Corner Bakery' })).toBeChecked();
    await tabTo(user, screen.getByRole('button', { name: 'Reply' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(api.sent('POST', `/api/notifications/${POST}/comments`)[0]!.body).toEqual({
      text: 'Yes, until ten.',
      parentId: comment.id,
      asBusiness: true,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reply to Ada Lovelace' })).toHaveFocus());
  });
});
