import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { DeliveryFigures, Post } from '../../../../shared/schemas/notification.schema';
import { PostCard } from './post-card';

/** Editing and deleting a post that went to phones: update them, or withdraw it from them. */
const POST = '/api/notifications/p1';

const delivery: DeliveryFigures = {
  status: 'done',
  audience: 4,
  sent: 4,
  received: 3,
  clicked: 1,
  failed: 0,
  gone: 0,
  pending: 0,
  deferred: 0,
  held: 0,
  error: null,
  channels: {
    push: { sent: 0, received: 0, clicked: 0, failed: 0, gone: 0, pending: 0 },
    email: { sent: 0, received: 0, clicked: 0, failed: 0, gone: 0, pending: 0 },
  },
  startedAt: '2026-03-10T10:00:00.000Z',
  completedAt: '2026-03-10T10:00:05.000Z',
};

function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    establishment: { id: 'e1', publicId: 'bakery', name: 'Corner Bakery', logo: null },
    text: 'Fresh croissants at seven',
    media: null,
    inFeed: true,
    ownerId: 'u3',
    authorName: 'Karol Klient',
    createdAt: '2026-03-10T10:00:00.000Z',
    editedAt: null,
    delivery,
    targets: [],
    scheduledFor: null,
    localTime: false,
    validUntil: null,
    title: null,
    link: null,
    actions: [],
    translations: {},
    richTranslations: {},
    recurrence: null,
    reactions: { counts: [], mine: null },
    comments: { count: 0, enabled: true },
    ...overrides,
  };
}

const operator = makeUser({
  id: 'u3',
  role: 'client',
  establishments: [{ establishmentId: 'e1', kind: 'client' }],
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

async function renderPost(post: Post) {
  signIn();
  api.on('GET', '/api/account/me', { body: { user: operator } });
  const view = renderRoutes([{ path: '/', element: <PostCard post={post} showDelivery /> }]);
  await screen.findByRole('button', { name: 'Post actions' });
  return view;
}

/** Open the post's menu and choose `action`; the dialog it opens. */
async function choose(
  user: Awaited<ReturnType<typeof renderPost>>['user'],
  action: 'Edit' | 'Delete' | 'Withdraw from phones',
) {
  await user.click(screen.getByRole('button', { name: 'Post actions' }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
  return screen.findByRole('dialog');
}

describe('edit a post that went to phones', () => {
  it('offers "Update on phones", unticked, and sends updatePhones only when ticked', async () => {
    api.on('PATCH', POST, (request) => ({
      body: {
        post: makePost({ text: (request.body as { text: string }).text }),
        message: (request.body as { updatePhones?: boolean }).updatePhones
          ? Msg.postUpdatedOnPhones
          : Msg.postUpdated,
      },
    }));
    const { user } = await renderPost(makePost());

    let dialog = await choose(user, 'Edit');
    const phones = within(dialog).getByRole('checkbox', { name: 'Update on phones' });
    expect(phones).not.toBeChecked();
    expect(phones).toHaveAccessibleDescription(
      'Phones that got it show the new text instead (one quiet push each).',
    );
    const text = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.clear(text);
    await enterText(user, text, 'Croissants at eight');
    await user.click(phones);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post updated. The phones that got it show the new text.')).toBeVisible();
    expect(api.sent('PATCH', POST)[0]!.body).toEqual({ text: 'Croissants at eight', updatePhones: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A new opening starts unticked: the feed alone changes.
    dialog = await choose(user, 'Edit');
    expect(within(dialog).getByRole('checkbox', { name: 'Update on phones' })).not.toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post updated')).toBeVisible();
    expect(api.sent('PATCH', POST)[1]!.body).toEqual({ text: 'Fresh croissants at seven!' });
  });

  it('offers nothing for phones when no phone got it', async () => {
    const { user } = await renderPost(makePost({ delivery: { ...delivery, sent: 0, failed: 4 } }));
    const dialog = await choose(user, 'Edit');
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});

describe('delete a post that went to phones', () => {
  beforeEach(() => {
    api.on('DELETE', POST, (request) => ({
      body: { message: request.path.endsWith('?withdraw=true') ? Msg.postWithdrawn : Msg.postDeleted },
    }));
  });

  it('withdraws it from the phones only when "Withdraw from phones" is ticked', async () => {
    const { user } = await renderPost(makePost());
    const dialog = await choose(user, 'Delete');
    const withdraw = within(dialog).getByRole('checkbox', { name: 'Withdraw from phones' });
    expect(withdraw).not.toBeChecked();
    expect(withdraw).toHaveAccessibleDescription(
      'Also removes the notification from the phones that got it.',
    );
    await user.click(withdraw);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted and withdrawn from phones.')).toBeVisible();
    expect(api.sent('DELETE', POST).map((r) => r.path)).toEqual([`${POST}?withdraw=true`]);
  });

  it('leaves the phones alone when it is not ticked', async () => {
    const { user } = await renderPost(makePost());
    const dialog = await choose(user, 'Delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted')).toBeVisible();
    expect(api.sent('DELETE', POST).map((r) => r.path)).toEqual([POST]);
  });

  it('offers no withdrawal for a post no phone got', async () => {
    const { user } = await renderPost(makePost({ delivery: { ...delivery, sent: 0, failed: 4 } }));
    const dialog = await choose(user, 'Delete');
    expect(within(dialog).getByText(/disappears from every feed/)).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});

describe('withdraw a post from phones on its own', () => {
  it('asks first, then withdraws it and keeps the post', async () => {
    api.on('POST', `${POST}/withdraw`, { body: { message: Msg.withdrawnFromPhones } });
    const { user } = await renderPost(makePost());
    const dialog = await choose(user, 'Withdraw from phones');
    expect(within(dialog).getByRole('heading', { name: 'Withdraw from phones?' })).toBeVisible();
    expect(within(dialog).getByText(/The post stays in the feed\./)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Notification withdrawn from phones.')).toBeVisible();
    expect(api.sent('POST', `${POST}/withdraw`)).toHaveLength(1);
    expect(api.sent('DELETE', POST)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The post is still on the page.
    expect(screen.getByText('Fresh croissants at seven')).toBeVisible();
  });

  it("says the server's refusal inside the dialog", async () => {
    api.on('POST', `${POST}/withdraw`, {
      status: 409,
      body: { error: Msg.notSentYet, code: 'CONFLICT' },
    });
    const { user } = await renderPost(makePost());
    const dialog = await choose(user, 'Withdraw from phones');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('This notification has not been sent yet.')).toBeVisible();
  });

  it('is not offered for a post no phone got', async () => {
    const { user } = await renderPost(makePost({ delivery: { ...delivery, sent: 0, failed: 4 } }));
    await user.click(screen.getByRole('button', { name: 'Post actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Withdraw from phones' })).toBeNull();
  });

  it('is not offered to a colleague who may not delete the post', async () => {
    const { user } = await renderPost(makePost({ ownerId: 'u9' }));
    await user.click(screen.getByRole('button', { name: 'Post actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Withdraw from phones' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });
});
