/**
 * An empty feed says why. Someone who follows a business that has not posted yet
 * is told so; only someone who follows none is asked to follow a business.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { FollowList, FollowNotify } from '../../../../shared/schemas/notify.schema';
import { SocialFeedPage } from './social-feed-page';

const follow = (id: string, name: string, blocked = false): FollowNotify => ({
  establishment: { id, publicId: id, name, logo: null, blocked },
  notify: 'auto',
  pausedUntil: null,
});

const follows = (items: FollowNotify[]): FollowList => ({
  items,
  marketingConsent: false,
  emailBounced: false,
  hasDevice: true,
});

const FOLLOW_A_BUSINESS =
  'Follow a business to see its posts here: scan its QR code or open its page and press Follow.';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', {
    body: { user: makeUser({ establishments: [{ establishmentId: 'e1', kind: 'customer' }] }) },
  });
  api.on('GET', '/api/feed', { body: { items: [], nextCursor: null } });
});

function renderFeed(list: FollowList) {
  api.on('GET', '/api/account/follows', { body: list });
  return renderRoutes([{ path: '/app/social/feed', element: <SocialFeedPage /> }], {
    at: '/app/social/feed',
  });
}

describe('the empty social feed', () => {
  it('following one business that has not posted: says so by name, and asks to follow nobody', async () => {
    renderFeed(follows([follow('e1', 'Corner Bakery')]));
    expect(
      await screen.findByText(
        'Corner Bakery has not posted anything yet. Its posts will show here as soon as it publishes one.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
    expect(screen.queryByText(FOLLOW_A_BUSINESS)).toBeNull();
  });

  it('following several that have not posted: says they have not posted yet', async () => {
    renderFeed(follows([follow('e1', 'Corner Bakery'), follow('e2', 'Quiet Bar')]));
    expect(
      await screen.findByText(
        'The businesses you follow have not posted anything yet. Their posts will show here as soon as they publish.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(FOLLOW_A_BUSINESS)).toBeNull();
  });

  it('following none: suggests following a business', async () => {
    renderFeed(follows([]));
    expect(await screen.findByText(FOLLOW_A_BUSINESS)).toBeVisible();
    expect(screen.queryByText(/has not posted|have not posted/)).toBeNull();
  });

  it('following one blocked business: says it is temporarily unavailable, not that it has not posted', async () => {
    renderFeed(follows([follow('e1', 'Café Roma', true)]));
    expect(
      await screen.findByText(
        'Café Roma is temporarily unavailable. Its posts will show here again as soon as it is back.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Temporarily unavailable' })).toBeVisible();
    expect(screen.queryByText(/has not posted|have not posted/)).toBeNull();
  });

  it('following several, all blocked: says they are temporarily unavailable', async () => {
    renderFeed(follows([follow('e1', 'Café Roma', true), follow('e2', 'Quiet Bar', true)]));
    expect(
      await screen.findByText(
        'The businesses you follow are temporarily unavailable. Their posts will show here again as soon as they are back.',
      ),
    ).toBeVisible();
  });

  it('one blocked among others: names it above the feed, and the others as not posted yet', async () => {
    renderFeed(follows([follow('e1', 'Café Roma', true), follow('e2', 'Corner Bakery')]));
    expect(
      await screen.findByText(
        'Temporarily unavailable: Café Roma. Their posts will show here again as soon as they are back.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Corner Bakery has not posted anything yet. Its posts will show here as soon as it publishes one.',
      ),
    ).toBeVisible();
  });
});
