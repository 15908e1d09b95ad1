/**
 * A guest follower (this device, no account) in the app: where an email, a name, a password, a
 * profile or a comment box would be, the offer of an email instead.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { UserMenu } from '../../../components/user-menu';
import { CommentsSection } from '../../../features/comments/components/comments-section';
import { AccountPage } from './account-page';

const PLACE = 'e1e2e3e4-2b62-4e5f-8a1c-9f4d4f2a1b03';
const POST = 'b1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b02';
const OFFER = 'Add your email to get news by email and to comment';
const guest = makeUser({
  id: 'g1',
  guest: true,
  email: '',
  firstName: '',
  lastName: '',
  establishments: [{ establishmentId: PLACE, kind: 'customer' }],
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: guest } });
  api.on('GET', '/api/account/follows', { body: { items: [] } });
});

describe('a guest follower', () => {
  it('has an account page without name, email, password or profile, and the offer of an email', async () => {
    renderRoutes([{ path: '/app/account', element: <AccountPage /> }], { at: '/app/account' });
    expect(await screen.findByRole('heading', { name: 'You follow without an account' })).toBeVisible();
    expect(screen.getByRole('link', { name: OFFER })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('tab', { name: 'Profile' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Security' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Email/ })).toBeNull();
  });

  it('sees the offer in the user menu instead of a name and an email', async () => {
    const { user } = renderRoutes([{ path: '/', element: <UserMenu /> }]);
    await user.click(await screen.findByRole('button', { name: /Open account menu/ }));
    expect(await screen.findByRole('link', { name: OFFER })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('menuitem', { name: 'Account' })).toBeVisible();
  });

  it('reads the comments, and gets the offer where the comment box would be', async () => {
    api.on('GET', `/api/notifications/${POST}/comments`, {
      body: {
        items: [],
        nextCursor: null,
        enabled: true,
        postEnabled: true,
        establishmentEnabled: true,
        canModerate: false,
        muted: false,
        canCommentAsBusiness: false,
      },
    });
    const post = {
      id: POST,
      establishment: { id: PLACE, publicId: 'blue-bar', name: 'Blue Bar', logo: null },
      comments: { count: 0, enabled: true },
      inFeed: true,
      delivery: null,
    } as Post;
    renderRoutes([{ path: '/', element: <CommentsSection post={post} /> }]);
    expect(await screen.findByRole('link', { name: OFFER })).toHaveAttribute('href', '/blue-bar/register');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
