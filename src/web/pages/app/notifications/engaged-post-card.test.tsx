import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { User } from '../../../../shared/schemas/account.schema';
import type { DeliveryFigures, Post, ReactionSummary } from '../../../../shared/schemas/notification.schema';
import type { ReactionList } from '../../../../shared/schemas/reaction.schema';
import { usePost } from '../../../features/notifications/api/notifications.api';
import { EngagedPostCard } from './engaged-post-card';

const POST = '/api/notifications/p1';
const REACTION = '/api/notifications/p1/reaction';
const REACTIONS = '/api/notifications/p1/reactions';

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

function makePost(reactions: ReactionSummary, overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    establishment: { id: 'e1', publicId: 'bakery', name: 'Corner Bakery', logo: null },
    text: 'Fresh croissants at seven',
    media: null,
    inFeed: true,
    ownerId: 'someone-else',
    authorName: 'Karol Klient',
    createdAt: '2026-03-10T10:00:00.000Z',
    editedAt: null,
    delivery: null,
    targets: null,
    scheduledFor: null,
    localTime: false,
    validUntil: null,
    title: null,
    link: null,
    actions: [],
    translations: {},
    richTranslations: {},
    recurrence: null,
    reactions,
    comments: { count: 0, enabled: true },
    ...overrides,
  };
}

const follower = makeUser({ id: 'u1', establishments: [{ establishmentId: 'e1', kind: 'customer' }] });
const stranger = makeUser({ id: 'u2', establishments: [{ establishmentId: 'e9', kind: 'customer' }] });
const operator = makeUser({
  id: 'u3',
  role: 'client',
  establishments: [{ establishmentId: 'e1', kind: 'client' }],
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

/** The post as its page shows it: from the same query, so what the bar writes into the cache shows. */
function PostView() {
  const { data: post } = usePost('p1');
  return post ? <EngagedPostCard post={post} fullPicture /> : null;
}

function renderPostPage(user: User, post: Post) {
  signIn();
  api.on('GET', '/api/account/me', { body: { user } });
  api.on('GET', POST, { body: { post } });
  return renderRoutes([{ path: '/', element: <PostView /> }]);
}

/** A fake answer the test releases when it wants, to look at the screen before the server answers. */
function held<T>() {
  let release!: (value: T) => void;
  const answer = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { answer, release };
}

const bar = () => screen.findByRole('group', { name: 'Reactions' });
const chip = (name: string) =>
  within(screen.getByRole('group', { name: 'Reactions' })).getByRole('button', { name });

describe('the reaction bar', () => {
  it('shows the counts at once when a follower reacts, and the answer then', async () => {
    const post = makePost({ counts: [{ kind: 'like', count: 2 }], mine: null });
    const answer = held<{ body: unknown }>();
    api.on('PUT', REACTION, () => answer.answer);
    const { user } = renderPostPage(follower, post);
    await bar();
    expect(chip('Like: 2')).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip('React'));
    const picker = await screen.findByRole('toolbar', { name: 'Choose a reaction' });
    await user.click(within(picker).getByRole('button', { name: 'Love' }));
    // Before the server answers: the new count, pressed as the reader's own.
    expect(await screen.findByRole('button', { name: 'Love: 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.sent('PUT', REACTION).map((r) => r.body)).toEqual([{ kind: 'love' }]);

    await act(async () =>
      answer.release({
        body: {
          reactions: {
            counts: [
              { kind: 'like', count: 3 },
              { kind: 'love', count: 1 },
            ],
            mine: 'love',
          },
        },
      }),
    );
    // The server's counts (someone else liked it meanwhile).
    expect(await screen.findByRole('button', { name: 'Like: 3' })).toHaveAttribute('aria-pressed', 'false');
    expect(chip('Love: 1')).toHaveAttribute('aria-pressed', 'true');
  });

  it("takes the reader's own back by clicking it, and changes it by clicking another", async () => {
    const post = makePost({
      counts: [
        { kind: 'like', count: 1 },
        { kind: 'wow', count: 2 },
      ],
      mine: 'wow',
    });
    api.on('DELETE', REACTION, {
      body: {
        reactions: {
          counts: [
            { kind: 'like', count: 1 },
            { kind: 'wow', count: 1 },
          ],
          mine: null,
        },
      },
    });
    api.on('PUT', REACTION, {
      body: {
        reactions: {
          counts: [
            { kind: 'like', count: 2 },
            { kind: 'wow', count: 1 },
          ],
          mine: 'like',
        },
      },
    });
    const { user } = renderPostPage(follower, post);
    await bar();
    expect(chip('Wow: 2')).toHaveAttribute('aria-pressed', 'true');

    await user.click(chip('Wow: 2'));
    expect(await screen.findByRole('button', { name: 'Wow: 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.sent('DELETE', REACTION)).toHaveLength(1);

    await user.click(chip('Like: 1'));
    expect(await screen.findByRole('button', { name: 'Like: 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.sent('PUT', REACTION).map((r) => r.body)).toEqual([{ kind: 'like' }]);
  });

  it('goes back and says so in a snackbar when the server refuses', async () => {
    const post = makePost({ counts: [{ kind: 'sad', count: 1 }], mine: null });
    api.on('PUT', REACTION, {
      status: 403,
      body: { code: 'ESTABLISHMENT_BLOCKED', error: 'This business is not available at the moment.' },
    });
    const { user } = renderPostPage(follower, post);
    await bar();
    await user.click(chip('Sad: 1'));
    expect(await screen.findByText(/^Your reaction was not saved\./)).toBeInTheDocument();
    await waitFor(() => expect(chip('Sad: 1')).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByRole('button', { name: 'Sad: 2' })).not.toBeInTheDocument();
  });

  it('is usable with the keyboard: the picker opens, the arrows move, Enter picks, Escape closes', async () => {
    const post = makePost({ counts: [], mine: null });
    api.on('PUT', REACTION, (request) => ({
      body: {
        reactions: { counts: [{ kind: (request.body as { kind: string }).kind, count: 1 }], mine: 'laugh' },
      },
    }));
    const { user } = renderPostPage(follower, post);
    await bar();
    chip('React').focus();
    await user.keyboard('{Enter}');
    const picker = await screen.findByRole('toolbar', { name: 'Choose a reaction' });
    await waitFor(() => expect(within(picker).getByRole('button', { name: 'Like' })).toHaveFocus());
    await user.keyboard('{ArrowLeft}');
    expect(within(picker).getByRole('button', { name: 'Celebrate' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}');
    expect(within(picker).getByRole('button', { name: 'Haha' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());

    await user.click(chip('React'));
    await screen.findByRole('toolbar', { name: 'Choose a reaction' });
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(await screen.findByRole('button', { name: 'Haha: 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.sent('PUT', REACTION).map((r) => r.body)).toEqual([{ kind: 'laugh' }]);
  });

  it('shows the counts read-only to someone who may not react', async () => {
    const post = makePost({ counts: [{ kind: 'celebrate', count: 4 }], mine: null });
    renderPostPage(stranger, post);
    const group = await bar();
    expect(within(group).getByRole('img', { name: 'Celebrate: 4' })).toHaveTextContent('🎉 4');
    expect(within(group).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing on a push-only notification', async () => {
    renderPostPage(follower, makePost({ counts: [], mine: null }, { inFeed: false }));
    await screen.findByText('Fresh croissants at seven');
    expect(screen.queryByRole('group', { name: 'Reactions' })).not.toBeInTheDocument();
  });
});

describe('who reacted', () => {
  const person = (id: string, name: string, kind: string): ReactionList['items'][number] =>
    ({
      user: { id, name, avatar: null },
      kind,
      createdAt: '2026-03-10T11:00:00.000Z',
    }) as ReactionList['items'][number];

  it('lists them for an operator, by kind, a page at a time', async () => {
    const post = makePost(
      {
        counts: [
          { kind: 'like', count: 2 },
          { kind: 'love', count: 1 },
        ],
        mine: null,
      },
      { delivery },
    );
    api.on('GET', REACTIONS, (request) => {
      const query = new URL(request.path, 'http://localhost').searchParams;
      if (query.get('kind') === 'love')
        return { body: { items: [person('a', 'Anna Nová', 'love')], nextCursor: null } };
      if (query.get('cursor') === 'next')
        return { body: { items: [person('c', 'Cyril Malý', 'like')], nextCursor: null } };
      return {
        body: {
          items: [person('b', 'Bea Veľká', 'like'), person('a', 'Anna Nová', 'love')],
          nextCursor: 'next',
        },
      };
    });
    const { user } = renderPostPage(operator, post);
    await bar();
    await user.click(chip('Who reacted'));
    const dialog = await screen.findByRole('dialog', { name: 'Reactions' });
    const list = await within(dialog).findByRole('list', { name: 'Reactions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BVBea Veľká👍', 'ANAnna Nová❤️']);
    expect(within(list).getAllByRole('img', { name: 'Like' })).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    expect(await within(dialog).findByText('Cyril Malý')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Love: 1' }));
    await waitFor(() => expect(within(dialog).queryByText('Bea Veľká')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Anna Nová')).toBeInTheDocument();
    expect(api.sent('GET', REACTIONS).map((r) => new URL(r.path, 'http://localhost').search)).toEqual([
      '?limit=20',
      '?limit=20&cursor=next',
      '?limit=20&kind=love',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when there is nobody, and offers to try again when the list cannot be read', async () => {
    const post = makePost({ counts: [{ kind: 'wow', count: 1 }], mine: null }, { delivery });
    let fail = true;
    api.on('GET', REACTIONS, () =>
      fail
        ? { status: 500, body: { code: 'INTERNAL', error: 'Something went wrong' } }
        : { body: { items: [], nextCursor: null } },
    );
    const { user } = renderPostPage(operator, post);
    await bar();
    await user.click(chip('Who reacted'));
    const dialog = await screen.findByRole('dialog', { name: 'Reactions' });
    expect(await within(dialog).findByText(/^Who reacted could not be loaded\./)).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No reactions yet.')).toBeInTheDocument();
  });

  it('is not offered to a follower', async () => {
    renderPostPage(follower, makePost({ counts: [{ kind: 'like', count: 2 }], mine: null }));
    await bar();
    expect(screen.queryByRole('button', { name: 'Who reacted' })).not.toBeInTheDocument();
  });
});
