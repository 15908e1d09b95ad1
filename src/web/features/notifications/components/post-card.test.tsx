import { screen } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { changeLanguage } from '../../../app/i18n';
import { PostCard } from './post-card';

/** An offer's end on a post, as followers and operators see it. */
function makePost(validUntil: string | null): Post {
  return {
    id: 'p1',
    establishment: { id: 'e1', publicId: 'bakery', name: 'Corner Bakery', logo: null },
    text: 'Two for one until ten',
    media: null,
    inFeed: true,
    ownerId: 'someone-else',
    authorName: 'Karol Klient',
    createdAt: new Date(Date.now() - 3600_000).toISOString(),
    editedAt: null,
    delivery: null,
    targets: null,
    scheduledFor: null,
    localTime: false,
    validUntil,
    title: null,
    link: null,
    actions: [],
    translations: {},
    richTranslations: {},
    recurrence: null,
    reactions: { counts: [], mine: null },
    comments: { count: 0, enabled: false },
  };
}

const renderPost = (post: Post) => renderRoutes([{ path: '/', element: <PostCard post={post} /> }]);

describe('post card: an offer with an end', () => {
  beforeEach(() => {
    fakeApi();
  });

  it('says until when a running offer is valid, in the viewer’s language', () => {
    const end = new Date(Date.now() + 2 * 3600_000);
    renderPost(makePost(end.toISOString()));
    const exact = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(end);
    expect(screen.getByText(`Valid until ${exact}`)).toBeVisible();
    expect(screen.queryByText('Ended')).toBeNull();
  });

  it('marks an offer that is over as ended, its text still there', () => {
    renderPost(makePost(new Date(Date.now() - 60_000).toISOString()));
    expect(screen.getByText('Ended')).toBeVisible();
    expect(screen.queryByText(/Valid until/)).toBeNull();
    expect(screen.getByText('Two for one until ten')).toBeVisible();
  });

  it('says nothing of an end for a post without one', () => {
    renderPost(makePost(null));
    expect(screen.queryByText(/Valid until/)).toBeNull();
    expect(screen.queryByText('Ended')).toBeNull();
  });
});

describe('post card: a post in several languages, its title, link and buttons', () => {
  beforeEach(() => {
    fakeApi();
  });
  afterAll(() => changeLanguage('en'));

  it("shows the reader's language when the business translated it, else the main text", async () => {
    const post = {
      ...makePost(null),
      title: 'Friday',
      link: 'https://bar.example.com/happy',
      actions: [{ label: 'Book a table', url: 'https://bar.example.com/book' }],
      translations: { de: 'Zwei zum Preis von einem bis zehn' },
    };
    const view = renderPost(post);
    expect(screen.getByText('Two for one until ten')).toBeVisible();
    expect(screen.getByText('Friday')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Book a table' })).toHaveAttribute(
      'href',
      'https://bar.example.com/book',
    );
    expect(screen.getByRole('link', { name: 'Opens bar.example.com' })).toHaveAttribute(
      'href',
      'https://bar.example.com/happy',
    );
    view.unmount();
    await changeLanguage('de');
    renderPost(post);
    expect(screen.getByText('Zwei zum Preis von einem bis zehn')).toBeVisible();
    await changeLanguage('hu');
    expect(await screen.findByText('Two for one until ten')).toBeVisible();
  });
});

describe("post card: a send at each follower's local time", () => {
  beforeEach(() => {
    fakeApi();
  });

  it('says so to those who see its delivery, and to nobody else', () => {
    const post = { ...makePost(null), localTime: true, scheduledFor: new Date().toISOString() };
    const { unmount } = renderRoutes([{ path: '/', element: <PostCard post={post} showDelivery /> }]);
    expect(screen.getByText("Each follower's local time")).toBeVisible();
    unmount();
    renderPost(post);
    expect(screen.queryByText("Each follower's local time")).toBeNull();
  });
});
