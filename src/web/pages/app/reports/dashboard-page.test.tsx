import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { User } from '../../../../shared/schemas/account.schema';
import type { PushHealth } from '../../../../shared/schemas/push-health.schema';
import {
  type Dashboard,
  type Funnel,
  NO_FIGURES,
  type ReportFigures,
} from '../../../../shared/schemas/report.schema';
import { DashboardPage } from './dashboard-page';

const DASHBOARD = '/api/reports/dashboard';
const FUNNEL = '/api/reports/funnel';
const HEALTH = '/api/reports/push-health';

/** A scope's permission health: the platform 1,000 pushes, an establishment 100 (e2: 200). */
const pushHealth = (query: URLSearchParams): PushHealth => {
  const delivered =
    ({ e1: 100, e2: 200 } as Record<string, number>)[query.get('establishmentId') ?? ''] ?? 1000;
  const lost = { gone: 1, unsubscribed: 0, expired: 0, total: 1 };
  const devicesLost = [4, 3, 2, 1].map((day) => ({ from: `2026-03-0${day}`, ...lost }));
  return {
    days: 30,
    sends: 10,
    delivered,
    opened: 50,
    openShare: 50 / delivered,
    lowOpenShare: false,
    devicesLost,
  };
};

const figures = (overrides: Partial<ReportFigures> = {}): ReportFigures => ({ ...NO_FIGURES, ...overrides });

/** A dashboard answer as the server gives it: today is 10 March 2026 in Bratislava. */
function dashboard(query: URLSearchParams, name: string | null = 'Bistro Modrá'): Dashboard {
  const from = query.get('from');
  const to = query.get('to');
  const seriesFrom = from ?? '2026-02-09';
  const seriesTo = to ?? '2026-03-10';
  const period = (pFrom: string, pTo: string, current: ReportFigures, previous: ReportFigures) => ({
    from: pFrom,
    to: pTo,
    figures: current,
    previous,
  });
  return {
    scope: {
      establishmentId: query.get('establishmentId'),
      name,
      timeZone: 'Europe/Bratislava',
      today: '2026-03-10',
    },
    periods: {
      today: period(
        '2026-03-10',
        '2026-03-10',
        figures({
          notificationsSent: 2,
          posts: 1,
          reach: 30,
          users: 40,
          waiting: 5,
          clicks: 6,
          devices: 40,
          reactions: 12,
          comments: 3,
          automated: 9,
          automatedClicks: 4,
        }),
        figures({
          notificationsSent: 1,
          posts: 1,
          reach: 20,
          users: 38,
          clicks: 8,
          devices: 38,
          reactions: 8,
          comments: 3,
        }),
      ),
      yesterday: period(
        '2026-03-09',
        '2026-03-09',
        figures({ notificationsSent: 1, reach: 20, users: 38, clicks: 8, devices: 38 }),
        figures({ users: 30 }),
      ),
      last30Days: period(
        '2026-02-09',
        '2026-03-10',
        figures({ notificationsSent: 3, reach: 50, users: 40, clicks: 14, devices: 78 }),
        figures({ users: 10 }),
      ),
      lastYear: period('2025-03-11', '2026-03-10', figures({ users: 40 }), figures()),
      ...(from && to
        ? { custom: period(from, to, figures({ notificationsSent: 9, users: 12 }), figures()) }
        : {}),
    },
    series: {
      granularity: 'day',
      from: seriesFrom,
      to: seriesTo,
      points: [
        {
          date: seriesFrom,
          ...figures({ notificationsSent: 1, reach: 20, users: 38, clicks: 8, devices: 38 }),
        },
        {
          date: seriesTo,
          ...figures({ notificationsSent: 2, reach: 30, users: 40, clicks: 6, devices: 40 }),
        },
      ],
    },
  };
}

const funnel = (query: URLSearchParams): Funnel => {
  const steps = (views: number, followers: number, verified: number, pushDevices: number, emailOn = 0) => ({
    views,
    visitors: views,
    followers,
    verified,
    pushDevices,
    emailOn,
    guests: 0,
  });
  return {
    establishmentId: query.get('establishmentId'),
    from: query.get('from') ?? '2026-02-09',
    to: query.get('to') ?? '2026-03-10',
    sources: [
      { source: 'qr', ...steps(80, 20, 10, 5, 3) },
      { source: 'poster', ...steps(10, 4, 2, 1) },
      { source: 'share', ...steps(6, 2, 2, 2) },
      { source: 'direct', ...steps(4, 1, 0, 0) },
    ],
    total: steps(100, 27, 14, 8, 3),
  };
};

const establishment = (id: string, name: string) => ({ id, name, city: 'Bratislava' });
const list = (items: { id: string; name: string }[], total = items.length) => ({
  body: { items, total, page: 1, pageSize: 2 },
});

const client = makeUser({
  role: 'client',
  establishments: [{ establishmentId: 'e1', kind: 'client' }],
});

let api: FakeApi;
const searchOf = (path: string) => new URL(path, 'http://localhost').searchParams;
const queriesTo = (path: string) => api.sent('GET', path).map((r) => Object.fromEntries(searchOf(r.path)));

beforeEach(() => {
  // jsdom lays nothing out, so it has no ResizeObserver; the charts size themselves with it in a browser.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  api = fakeApi();
  api.on('GET', '/api/establishments', list([establishment('e1', 'Bistro Modrá')]));
  api.on('GET', DASHBOARD, (request) => ({ body: dashboard(searchOf(request.path)) }));
  api.on('GET', FUNNEL, (request) => ({ body: funnel(searchOf(request.path)) }));
  api.on('GET', HEALTH, (request) => ({ body: pushHealth(searchOf(request.path)) }));
});

/** The permission health card's sentence on the share of pushes opened. */
const healthLine = () =>
  within(screen.getByRole('region', { name: 'Permission health' })).getByText(/pushes opened in 30 days/);

const renderPage = (user: User, at = '/app/reports/dashboard') => {
  signIn();
  api.on('GET', '/api/account/me', { body: { user } });
  return renderRoutes([{ path: '/app/reports/dashboard', element: <DashboardPage /> }], { at });
};

/** A period card by its title, and the value and change text of one of its figures. */
const card = (title: string) => screen.getByRole('region', { name: title });
const figure = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('the dashboard', () => {
  it("shows a client's one establishment: four periods with changes, the chart and the funnel", async () => {
    renderPage(client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const today = await screen.findByRole('region', { name: 'Today' });
    await waitFor(() => expect(figure(today, 'Notifications sent')).toHaveTextContent('2'));
    // The change is said in words, not only by colour and arrow.
    expect(figure(today, 'Notifications sent')).toHaveTextContent('up 100% on the previous period');
    expect(figure(today, 'Clicks')).toHaveTextContent('down 25% on the previous period');
    expect(figure(today, 'Devices reached')).toHaveTextContent('75%');
    // Engagement: reactions and comments, a pair of their own, compared the same way.
    expect(within(today).getByRole('heading', { level: 3, name: 'Engagement' })).toBeInTheDocument();
    expect(figure(today, 'Reactions')).toHaveTextContent('12');
    expect(figure(today, 'Reactions')).toHaveTextContent('up 50% on the previous period');
    expect(figure(today, 'Comments')).toHaveTextContent('no change on the previous period');
    // The automations' messages, apart from the business's sends.
    expect(within(today).getByRole('heading', { level: 3, name: 'Automations' })).toBeInTheDocument();
    expect(figure(today, 'Messages sent')).toHaveTextContent('9');
    expect(figure(today, 'Opened')).toHaveTextContent(/^4/);
    expect(figure(card('Yesterday'), 'Reactions')).toHaveTextContent('0');
    expect(figure(card('Yesterday'), 'Followers')).toHaveTextContent('up 27% on the previous period');
    expect(figure(card('Last year'), 'Followers')).toHaveTextContent('new: none in the previous period');
    expect(figure(card('Last year'), 'Devices reached')).toHaveTextContent('no devices yet');
    // Followers are those who confirmed their email; who still waits is its own figure beside them,
    // with no arrow: more people waiting is neither good nor bad news.
    expect(figure(today, 'Followers')).toHaveTextContent(/^40/);
    expect(figure(today, 'Waiting for email confirmation')).toHaveTextContent(/^5$/);
    for (const title of ['Yesterday', 'Last 30 days', 'Last year']) expect(card(title)).toBeInTheDocument();

    expect(screen.getByText(/Bistro Modrá · days in the Europe\/Bratislava time zone/)).toBeInTheDocument();
    // One establishment: nothing to pick.
    expect(screen.queryByRole('combobox', { name: 'Report on' })).not.toBeInTheDocument();
    // The chart library loads apart from the page.
    expect(
      await screen.findByRole('figure', { name: 'Reach and clicks' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Day by day, 9 Feb\s?–\s?10 Mar 2026/)).toBeInTheDocument();

    const funnelCard = await screen.findByRole('region', { name: 'Follower funnel' });
    const qr = await within(funnelCard).findByRole('region', { name: 'QR code' });
    expect(within(qr).getByText('80')).toBeInTheDocument();
    expect(within(qr).getByText('25% of the step before')).toBeInTheDocument();
    // Email is reached from the verified followers, like push: 3 of 10.
    expect(within(qr).getByText('Email on')).toBeInTheDocument();
    expect(within(qr).getByText('30% of confirmed followers')).toBeInTheDocument();
    // The funnel's step after the visits counts who followed, confirmed or not: not "Followers".
    expect(within(qr).getByText('Followed')).toBeInTheDocument();
    expect(within(qr).getByText('Confirmed email')).toBeInTheDocument();
    expect(within(funnelCard).getByText('Page views: 100')).toBeInTheDocument();
    // The overview and the 30-day chart are one request; all for the client's establishment.
    expect(queriesTo(DASHBOARD)).toEqual([{ establishmentId: 'e1' }]);
    expect(queriesTo(FUNNEL)).toEqual([{ establishmentId: 'e1' }]);
    // The establishment's permission health, over 30 days whatever the range.
    await waitFor(() => expect(healthLine()).toHaveTextContent('50% of 100 pushes opened in 30 days'));
    expect(queriesTo(HEALTH)).toEqual([{ establishmentId: 'e1' }]);
  });

  it('charts the week ending today, and counts the funnel over today, when Today is chosen', async () => {
    const { user, router } = renderPage(client);
    await screen.findByRole('region', { name: 'Today' });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(queriesTo(DASHBOARD)).toContainEqual({
        establishmentId: 'e1',
        from: '2026-03-04',
        to: '2026-03-10',
      }),
    );
    await waitFor(() =>
      expect(queriesTo(FUNNEL)).toContainEqual({
        establishmentId: 'e1',
        from: '2026-03-10',
        to: '2026-03-10',
      }),
    );
    expect(await screen.findByText(/Day by day, 4\s?–\s?10 Mar 2026/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=today');
  });

  it('asks for a custom range once it is whole and right, and says so beside the end date when not', async () => {
    const { user, router } = renderPage(client, '/app/reports/dashboard?period=custom');
    expect(await screen.findByText('Choose a start and an end date to see that range.')).toBeInTheDocument();
    const start = screen.getByLabelText('Start date');
    const end = screen.getByLabelText('End date');
    await user.type(start, '2026-03-05');
    await user.type(end, '2026-03-01');
    expect(await screen.findByText('End date must be later than start date')).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(queriesTo(DASHBOARD).some((q) => q.from)).toBe(false);

    await user.clear(end);
    await user.type(end, '2026-03-08');
    await waitFor(() =>
      expect(queriesTo(DASHBOARD)).toContainEqual({
        establishmentId: 'e1',
        from: '2026-03-05',
        to: '2026-03-08',
      }),
    );
    expect(screen.queryByText('End date must be later than start date')).not.toBeInTheDocument();
    const custom = await screen.findByRole('region', { name: 'Custom range' });
    await waitFor(() => expect(figure(custom, 'Notifications sent')).toHaveTextContent('9'));
    expect(router.state.location.search).toBe('?period=custom&from=2026-03-05&to=2026-03-08');
  });

  it("puts the server's word on the range beside the end date", async () => {
    api.on('GET', DASHBOARD, (request) => {
      const query = searchOf(request.path);
      if (!query.get('from')) return { body: dashboard(query) };
      return {
        status: 400,
        body: {
          code: 'VALIDATION',
          error: 'Invalid input',
          fields: { to: 'A range covers at most 10 years' },
        },
      };
    });
    renderPage(client, '/app/reports/dashboard?period=custom&from=2026-01-01&to=2026-03-01');
    expect(
      await screen.findByText('A range covers at most 10 years', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets an admin pick the whole platform or any establishment, and keeps the choice in the address', async () => {
    const admin = makeUser({ role: 'admin' });
    api.on('GET', '/api/establishments', (request) => {
      const q = searchOf(request.path).get('q');
      const all = [establishment('e1', 'Bistro Modrá'), establishment('e2', 'Kaviareň Luna')];
      const items = q ? all.filter((e) => e.name.toLowerCase().includes(q.toLowerCase())) : all;
      return list(items);
    });
    api.on('GET', DASHBOARD, (request) => {
      const query = searchOf(request.path);
      return { body: dashboard(query, query.get('establishmentId') === 'e2' ? 'Kaviareň Luna' : null) };
    });
    const { user, router } = renderPage(admin);
    const picker = await screen.findByRole('combobox', { name: 'Report on' });
    await waitFor(() => expect(picker).toHaveValue('Whole platform'));
    expect(queriesTo(DASHBOARD)[0]).toEqual({});
    // The platform's permission health, then the chosen establishment's.
    await waitFor(() => expect(healthLine()).toHaveTextContent('5% of 1,000 pushes opened in 30 days'));

    await user.clear(picker);
    await user.type(picker, 'luna');
    await user.click(await screen.findByRole('option', { name: /Kaviareň Luna/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?establishmentId=e2'));
    await waitFor(() => expect(queriesTo(DASHBOARD)).toContainEqual({ establishmentId: 'e2' }));
    await waitFor(() => expect(picker).toHaveValue('Kaviareň Luna'));
    await waitFor(() => expect(healthLine()).toHaveTextContent('25% of 200 pushes opened in 30 days'));
    expect(queriesTo(HEALTH)).toContainEqual({ establishmentId: 'e2' });

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Whole platform' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers a representative the establishments they registered when there are several', async () => {
    api.on(
      'GET',
      '/api/establishments',
      list([establishment('e7', 'Pekáreň'), establishment('e8', 'Bar')], 5),
    );
    renderPage(makeUser({ role: 'representant' }));
    expect(await screen.findByRole('combobox', { name: 'Report on' })).toBeInTheDocument();
    await waitFor(() => expect(queriesTo(DASHBOARD)).toEqual([{ establishmentId: 'e7' }]));
  });

  it('says there is nothing to report on to a representative without establishments', async () => {
    api.on('GET', '/api/establishments', list([]));
    renderPage(makeUser({ role: 'representant' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to report on yet' })).toBeInTheDocument();
    expect(api.sent('GET', DASHBOARD)).toHaveLength(0);
  });

  it('refuses a customer', async () => {
    renderPage(makeUser({ establishments: [{ establishmentId: 'e1', kind: 'customer' }] }));
    expect(
      await screen.findByRole('heading', { name: 'Not available for your account' }),
    ).toBeInTheDocument();
    expect(api.sent('GET', DASHBOARD)).toHaveLength(0);
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    api.on('GET', DASHBOARD, (request) =>
      fail
        ? { status: 500, body: { code: 'INTERNAL', error: 'Something went wrong' } }
        : { body: dashboard(searchOf(request.path)) },
    );
    const { user } = renderPage(client);
    // A server failure is tried once more before it shows.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
    await waitFor(() => expect(figure(card('Today'), 'Notifications sent')).toHaveTextContent('2'));
  });
});
