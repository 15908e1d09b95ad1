import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../tests/support/web/render';
import type { User } from '../../shared/schemas/account.schema';
import { routeTree } from './route-tree';

/**
 * Where each role lands, on the app's own routes, guards and pages: the address a person opens,
 * the redirects in between, and the page they end on. The pages ask the fake API for their data;
 * what a page shows is its own test's; here only its heading says which page it is.
 */
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
});

const signedInAs = (user: User) => {
  signIn();
  api.on('GET', '/api/account/me', { body: { user } });
};

/** Open `at` on the app's routes; the paths the router went through are in `visited`. */
function open(at: string) {
  const view = renderRoutes(routeTree, { at });
  const visited = [at.split('?')[0]];
  view.router.subscribe((state) => {
    if (visited.at(-1) !== state.location.pathname) visited.push(state.location.pathname);
  });
  return { ...view, visited };
}

/** The page's heading (its h1; the 404 page's h1 is "404"), once its lazy module has loaded. */
const heading = (name: string, level = name === 'Page not found' ? 2 : 1) =>
  screen.findByRole('heading', { level, name }, { timeout: 5000 });

async function landsOn(at: string, path: string, title: string) {
  const view = open(at);
  expect(await heading(title), at).toBeVisible();
  await waitFor(() => expect(view.router.state.location.pathname, at).toBe(path));
  view.unmount();
  return view;
}

const admin = makeUser({ role: 'admin' });
const representative = makeUser({ role: 'representant' });
const customerFollowingNothing = makeUser({ role: 'customer', establishments: [] });

describe('where each person lands', () => {
  it('a guest opening / goes through /redirect to the sign-in page', async () => {
    const { visited } = await landsOn('/', '/login', 'Sign in');
    expect(visited).toEqual(['/', '/redirect', '/login']);
  });

  it('a guest opening a page of the app is sent to sign in, remembering the page', async () => {
    const view = open('/app/account');
    expect(await heading('Sign in')).toBeVisible();
    expect(view.router.state.location.pathname).toBe('/login');
    expect(view.router.state.location.state).toEqual({ from: '/app/account' });
  });

  it('a signed-in admin opening /login or /register goes on to the customers list', async () => {
    signedInAs(admin);
    for (const path of ['/login', '/register']) {
      const { visited } = await landsOn(path, '/app/management/customers', 'Customers');
      expect(visited).toContain('/redirect');
    }
  });

  it('a signed-in customer who follows nothing lands on /noestablishments', async () => {
    signedInAs(customerFollowingNothing);
    for (const path of ['/login', '/register', '/redirect']) {
      await landsOn(path, '/noestablishments', 'Follow a business to get started');
    }
  });

  it('a representative is sent by /redirect to the representative panel', async () => {
    signedInAs(representative);
    await landsOn('/redirect', '/app/reports/representant', 'Representant Panel');
  });

  it('/app, /app/reports and /app/social open the account page; /app/management the customers list', async () => {
    signedInAs(admin);
    for (const path of ['/app', '/app/reports', '/app/social']) {
      await landsOn(path, '/app/account', 'Account settings');
    }
    await landsOn('/app/management', '/app/management/customers', 'Customers');
  });

  it('an unknown path, inside /app or outside, shows the 404 page; its link goes where the user belongs', async () => {
    await landsOn('/this/does/not/exist', '/404', 'Page not found');

    signedInAs(admin);
    const view = open('/app/no/such/screen');
    expect(await heading('Page not found')).toBeVisible();
    expect(view.router.state.location.pathname).toBe('/404');
    await view.user.click(screen.getByRole('link', { name: 'Back to the start' }));
    expect(await heading('Customers')).toBeVisible();
    expect(view.router.state.location.pathname).toBe('/app/management/customers');
  });

  it('a customer opening the management pages sees the not-allowed state, not the page', async () => {
    signedInAs(makeUser({ role: 'customer', establishments: [{ establishmentId: 'e1', kind: 'customer' }] }));
    for (const path of ['/app/management', '/app/management/customers']) {
      const view = open(path);
      expect(await heading('Not available for your account'), path).toBeVisible();
      expect(screen.getByText(/Your role does not give access to this page/)).toBeVisible();
      expect(screen.queryByRole('heading', { name: 'Customers' })).toBeNull();
      view.unmount();
    }
  });
});
