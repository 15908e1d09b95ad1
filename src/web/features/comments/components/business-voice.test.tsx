import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { type Comment, CommentMsg } from '../../../../shared/schemas/comment.schema';
import { CommentItem } from './comment-item';
import { MutedCommentersCard } from './muted-commenters-card';

/** In the conversation: the business's voice, hidden comments, and muting a follower. */

const POST = 'b1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b02';
const PLACE = 'e1e2e3e4-2b62-4e5f-8a1c-9f4d4f2a1b03';
const base: Comment = {
  id: 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01',
  text: 'Is the terrace open tonight?',
  author: { id: 'u1', name: 'Ada Lovelace', avatar: null },
  asBusiness: false,
  writtenBy: null,
  hidden: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  editedAt: null,
  parentId: null,
  mine: false,
  canEdit: false,
  canDelete: false,
  canHide: false,
  canMute: false,
  authorMuted: false,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

const show = (comment: Comment) =>
  renderRoutes([
    {
      path: '/',
      element: (
        <ul>
          <CommentItem postId={POST} establishmentId={PLACE} comment={comment} />
        </ul>
      ),
    },
  ]);

describe('a comment in the business’s voice', () => {
  it('shows the business’s name with the operator badge, and who wrote it to the moderators', async () => {
    show({
      ...base,
      asBusiness: true,
      author: { id: PLACE, name: 'Blue Bar', avatar: null },
      writtenBy: 'Olga Owner',
      text: 'Yes, until midnight!',
    });
    expect(await screen.findByText('Blue Bar')).toBeVisible();
    expect(screen.getByText('Operator')).toBeVisible();
    expect(screen.getByText(/by Olga Owner/)).toBeVisible();
  });
});

describe('a hidden comment', () => {
  it('is marked to its author, who alone sees it', async () => {
    show({ ...base, hidden: true, mine: true });
    expect(await screen.findByText('Hidden')).toBeVisible();
    expect(screen.getByText('Hidden by the business: only you see it.')).toBeVisible();
  });

  it('a moderator hides a comment and turns its author’s comments off from its menu', async () => {
    api.on('PUT', `/api/comments/${base.id}/hidden`, {
      body: { comment: { ...base, hidden: true, canHide: true }, message: CommentMsg.hidden },
    });
    api.on('PUT', `/api/establishments/${PLACE}/comment-mutes/u1`, {
      body: { items: [], message: CommentMsg.mutedDone },
    });
    const { user } = show({ ...base, canHide: true, canMute: true, canDelete: true });
    await user.click(await screen.findByRole('button', { name: 'Actions for the comment of Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Hide' }));
    expect(
      await screen.findByText('Comment hidden. Only its author and the business see it now.'),
    ).toBeVisible();
    expect(api.sent('PUT', `/api/comments/${base.id}/hidden`)[0]!.body).toEqual({ hidden: true });

    await user.click(screen.getByRole('button', { name: 'Actions for the comment of Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Turn off comments of Ada Lovelace' }));
    expect(await screen.findByText('Their comments are turned off for this business')).toBeVisible();
    expect(api.sent('PUT', `/api/establishments/${PLACE}/comment-mutes/u1`)).toHaveLength(1);
  });
});

describe('the muted followers card', () => {
  it('lists who is muted and turns them on again', async () => {
    const muted = {
      user: { id: 'u1', name: 'Ada Lovelace', avatar: null },
      mutedAt: '2026-01-02T10:00:00.000Z',
      mutedBy: 'Olga Owner',
    };
    api.on('GET', `/api/establishments/${PLACE}/comment-mutes`, { body: { items: [muted] } });
    api.on('DELETE', `/api/establishments/${PLACE}/comment-mutes/u1`, {
      body: { items: [], message: CommentMsg.unmuted },
    });
    const { user } = renderRoutes([{ path: '/', element: <MutedCommentersCard establishmentId={PLACE} /> }]);
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn on the comments of Ada Lovelace' }));
    expect(await screen.findByText('Nobody is muted.')).toBeVisible();
    expect(await screen.findByText('Their comments are turned on again')).toBeVisible();
  });
});
