/** Unfollowing offers "Undo" in its snackbar, which follows the business again. */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../../tests/support/web/render';
import { Msg } from '../../../../../shared/messages';
import type { PublicEstablishment } from '../../../../../shared/schemas/establishment.schema';
import { usePublicEstablishment } from '../../api/public-establishment.api';
import { FollowActions } from './follow-actions';

const ID = 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01';
const FOLLOW = `/api/establishments/${ID}/follow`;

const establishment = (following: boolean): PublicEstablishment => ({
  id: ID,
  publicId: 'cafe-roma',
  name: 'Café Roma',
  subheader: '',
  email: '',
  phone: '',
  website: '',
  address1: '',
  address2: '',
  city: '',
  zip: '',
  country: '',
  logo: null,
  cover: null,
  followerCount: following ? 1 : 0,
  status: 'active',
  gallery: [],
  viewer: { following, operating: false },
});

/** The page's actions over the page's own query, so what the server says after each step shows. */
function Page() {
  const { data } = usePublicEstablishment('cafe-roma');
  return data ? <FollowActions establishment={data} /> : null;
}

let api: FakeApi;
let following: boolean;
beforeEach(() => {
  api = fakeApi();
  following = true;
  signIn();
  const user = () =>
    makeUser({ establishments: following ? [{ establishmentId: ID, kind: 'customer' }] : [] });
  api.on('GET', '/api/account/me', () => ({ body: { user: user() } }));
  api.on('GET', '/api/public/establishments/cafe-roma', () => ({
    body: { establishment: establishment(following) },
  }));
  api.on('DELETE', FOLLOW, () => {
    following = false;
    return { body: { establishmentId: ID, following: false, message: Msg.unfollowed } };
  });
  api.on('POST', FOLLOW, () => {
    following = true;
    return { body: { establishmentId: ID, following: true, message: Msg.followed } };
  });
});

describe('unfollowing', () => {
  it('says so with "Undo", and Undo follows again', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Page /> }]);
    await user.click(await screen.findByRole('button', { name: 'Following' }));
    await user.click(screen.getByRole('menuitem', { name: 'Unfollow' }));

    expect(await screen.findByText('You no longer follow this business.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('You now follow this business.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Following' })).toBeVisible();
    expect(api.sent('POST', FOLLOW)).toHaveLength(1);
    // Following again has nothing to undo.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  });

  it('following offers no Undo', async () => {
    following = false;
    const { user } = renderRoutes([{ path: '/', element: <Page /> }]);
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('You now follow this business.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
