import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../tests/support/web/fake-api';
import { CurrentPath, makeUser, renderRoutes, signIn } from '../../../tests/support/web/render';
import type { User } from '../../shared/schemas/account.schema';
import { Sidebar } from './sidebar';

const customer = makeUser({ establishments: [{ establishmentId: 'e1', kind: 'customer' }] });
const client = makeUser({
  role: 'client',
  establishments: [
    { establishmentId: 'e1', kind: 'client' },
    { establishmentId: 'e2', kind: 'client' },
  ],
});
const representant = makeUser({ role: 'representant' });
const admin = makeUser({ role: 'admin' });

describe('sidebar', () => {
  let server: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    server = fakeApi().on('GET', '/api/config', {
      body: { supportEmail: 'help@example.com', androidAppUrl: '', publicUrl: 'http://localhost' },
    });
  });

  /** Sign in as this user and show the sidebar (desktop: the permanent one) at this path. */
  const renderSidebar = async (user: User, at = '/app/account') => {
    signIn();
    server.on('GET', '/api/account/me', { body: { user } });
    const view = renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <Sidebar mobileOpen={false} onMobileClose={() => undefined} />
              <CurrentPath />
            </>
          ),
        },
      ],
      { at },
    );
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    return { ...view, nav };
  };

  /** Each section's title with the names of its links, in the order shown. */
  const sectionsIn = (nav: HTMLElement) =>
    within(nav)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => [
        heading.textContent,
        within(within(nav).getByRole('list', { name: heading.textContent ?? '' }))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ]);

  it('shows a follower their feed, their messages, the establishment they follow (not as theirs) and their account', async () => {
    const { nav } = await renderSidebar(customer);
    expect(sectionsIn(nav)).toEqual([
      ['Establishments', ['Feed', 'Messages', 'Followed establishment']],
      ['Personal Settings', ['Account']],
    ]);
    expect(within(nav).getByRole('link', { name: 'Followed establishment' })).toHaveAttribute(
      'href',
      '/app/establishment/e1',
    );
  });

  it('calls the one establishment a client operates "My establishment", beside its dashboard and its inbox', async () => {
    const { nav } = await renderSidebar(
      makeUser({ role: 'client', establishments: [{ establishmentId: 'e1', kind: 'client' }] }),
    );
    expect(sectionsIn(nav)).toEqual([
      ['Reports', ['Dashboard']],
      ['Establishments', ['My establishment', 'Inbox']],
      ['Personal Settings', ['Account']],
    ]);
  });

  it('labels the several establishments a customer follows as followed', async () => {
    const { nav } = await renderSidebar(
      makeUser({
        establishments: [
          { establishmentId: 'e1', kind: 'customer' },
          { establishmentId: 'e2', kind: 'customer' },
        ],
      }),
    );
    expect(within(nav).getByRole('link', { name: 'Followed establishments' })).toHaveAttribute(
      'href',
      '/app/myestablishments',
    );
  });

  it('shows a user without establishments only their account', async () => {
    const { nav } = await renderSidebar(makeUser());
    expect(sectionsIn(nav)).toEqual([['Personal Settings', ['Account']]]);
  });

  it('shows a client of several establishments the list of them', async () => {
    const { nav } = await renderSidebar(client);
    expect(sectionsIn(nav)).toEqual([
      ['Reports', ['Dashboard']],
      ['Establishments', ['My establishments']],
      ['Personal Settings', ['Account']],
    ]);
  });

  it('shows a representative their panel and the dashboard, and no establishments', async () => {
    const { nav } = await renderSidebar(representant);
    expect(sectionsIn(nav)).toEqual([
      ['Representant Panel', ['Representant']],
      ['Reports', ['Dashboard']],
      ['Personal Settings', ['Account']],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/app/reports/dashboard',
    );
  });

  it('shows an admin every section, the admin panel last', async () => {
    // Admins hold every right (spec section 6), the representant's too.
    const { nav } = await renderSidebar(admin);
    expect(sectionsIn(nav)).toEqual([
      ['Representant Panel', ['Representant']],
      ['Reports', ['Dashboard']],
      ['Establishments', ['My establishments']],
      ['Personal Settings', ['Account']],
      [
        'Admin Panel',
        [
          'Customers',
          'Users',
          'Clients',
          'Establishments',
          'Preferences',
          'Preference groups',
          'Audit log',
          'Email health',
          'Identity provider',
          'Add User to Establishment',
          'Add Client to Establishment',
        ],
      ],
    ]);
    const links = Object.fromEntries(
      within(within(nav).getByRole('list', { name: 'Admin Panel' }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(links).toMatchObject({
      Customers: '/app/management/customers',
      Clients: '/app/management/clients',
      Preferences: '/app/management/preferences',
      'Preference groups': '/app/management/preference-groups',
      'Audit log': '/app/management/audit-log',
      'Email health': '/app/management/email-health',
      'Identity provider': '/app/management/sign-in-provider',
    });
  });

  it('marks the current page, also under a link that stands for its sub-pages', async () => {
    const { nav } = await renderSidebar(client, '/app/establishment/e2/notification/p1');
    expect(within(nav).getByRole('link', { name: 'My establishments' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');
  });

  it('navigates when a link is clicked, and shows the signed-in user and the support address', async () => {
    const { nav, user } = await renderSidebar(representant);
    const sidebar = screen.getByRole('complementary', { name: 'Menu' });
    expect(within(sidebar).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(await within(sidebar).findByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    await user.click(within(nav).getByRole('link', { name: 'Representant' }));
    expect(screen.getByRole('status')).toHaveTextContent('/app/reports/representant');
    expect(within(nav).getByRole('link', { name: 'Representant' })).toHaveAttribute('aria-current', 'page');
  });

  it('fades its links out at an edge with more links beyond it, and only then', async () => {
    const { nav } = await renderSidebar(admin);
    // jsdom lays nothing out: give the scrolling part the sizes of an admin's links at 1280x800.
    const scroller = nav.closest<HTMLElement>('[data-more-below]')!;
    const size = (name: string, value: number) =>
      Object.defineProperty(scroller, name, { value, configurable: true, writable: true });
    size('clientHeight', 640);
    size('scrollHeight', 820);
    fireEvent.scroll(scroller);
    expect(scroller).toHaveAttribute('data-more-below', 'true');
    expect(scroller).toHaveAttribute('data-more-above', 'false');

    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    expect(scroller).toHaveAttribute('data-more-below', 'true');
    expect(scroller).toHaveAttribute('data-more-above', 'true');

    scroller.scrollTop = 180;
    fireEvent.scroll(scroller);
    expect(scroller).toHaveAttribute('data-more-below', 'false');
    expect(scroller).toHaveAttribute('data-more-above', 'true');

    // Everything fits (a customer's few links): no fade at all.
    size('scrollHeight', 640);
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    expect(scroller).toHaveAttribute('data-more-below', 'false');
    expect(scroller).toHaveAttribute('data-more-above', 'false');
  });
});
