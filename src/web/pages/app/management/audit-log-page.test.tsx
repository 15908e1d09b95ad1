import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { AuditEntry } from '../../../../shared/schemas/user-management.schema';
import { AuditLogPage } from './audit-log-page';

const LOG = '/api/management/audit-log';
const ROMA = '7d0c4a52-5b8e-4c4e-9a43-0f6b1f1f2a10';
const REP = '1b9e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  actorId: 'a1',
  actorName: 'Ada Admin',
  actorRole: 'admin',
  action: 'user.update',
  targetUserId: null,
  targetEstablishmentId: null,
  targetLabel: 'Zuzana Nováková <zuzana@example.test>',
  detail: {},
  outcome: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

const ENTRIES: AuditEntry[] = [
  entry({
    actorId: REP,
    actorName: 'Rita Rep',
    actorRole: 'representant',
    action: 'establishment.clientSignup',
    targetEstablishmentId: ROMA,
    targetLabel: 'Café Roma',
  }),
  entry({
    action: 'impersonation.write',
    detail: { operation: 'deleteAccount', request: 'DELETE /api/account', status: 403 },
    outcome: 'refused',
  }),
  entry({
    action: 'data.export',
    targetLabel: 'Users',
    detail: {
      kind: 'users',
      format: 'csv',
      filters: { role: 'customer', establishmentId: ROMA, createdFrom: '2026-01-01', sort: 'newest' },
    },
  }),
  entry({
    action: 'data.export',
    targetLabel: 'Users',
    detail: { kind: 'users', format: 'csv', filters: { sort: 'newest' } },
  }),
];

let api: FakeApi;
/** What the log answers; a test empties it to see the "nothing matches" state. */
let answer: AuditEntry[];

beforeEach(() => {
  answer = ENTRIES;
  api = fakeApi();
  api.on('GET', LOG, () => ({ body: { items: answer, nextCursor: null } }));
  api.on('GET', '/api/establishments', {
    body: { items: [{ id: ROMA, name: 'Café Roma' }], total: 1, page: 1, pageSize: 20 },
  });
  api.on('GET', `/api/establishments/${ROMA}`, { body: { establishment: { id: ROMA, name: 'Café Roma' } } });
  api.on('GET', '/api/management/users', {
    body: {
      items: [{ id: REP, firstName: 'Rita', lastName: 'Rep', email: 'rita@example.test' }],
      total: 1,
      nextCursor: null,
    },
  });
  api.on('GET', `/api/management/users/${REP}`, {
    body: { user: { id: REP, firstName: 'Rita', lastName: 'Rep', email: 'rita@example.test' } },
  });
});

const renderPage = (at = '/') => renderRoutes([{ path: '/', element: <AuditLogPage /> }], { at });

/** The query of the last request for the log. */
const lastQuery = () =>
  Object.fromEntries(new URL(api.sent('GET', LOG).at(-1)!.path, 'http://localhost').searchParams);

describe('the audit log page', () => {
  it('names each actor’s role, says a refused write was refused, and shows an export’s filters as text', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Rita Rep');
    expect(within(table).getByRole('columnheader', { name: 'By' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Admin' })).toBeNull();

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Rita Rep');
    expect(rows[0]).toHaveTextContent('Representative');
    expect(rows[1]).toHaveTextContent('Ada Admin');
    expect(rows[1]).toHaveTextContent('Admin');
    expect(rows[1]).toHaveTextContent('Tried to make a change while logged in as (refused)');
    expect(rows[1]).not.toHaveTextContent('Made a change while logged in as');

    await waitFor(() =>
      expect(rows[2]).toHaveTextContent(
        'Filters: Role: Customer · Establishment: Café Roma · Created from: 1 Jan 2026',
      ),
    );
    expect(rows[2]).not.toHaveTextContent('{');
    expect(rows[3]).toHaveTextContent('Filters: none (everyone)');
  });

  it('asks for the filters the address holds, dates as the admin’s own days', async () => {
    renderPage(
      `/?action=establishment.block,data.export&actor=${REP}&establishment=${ROMA}&from=2026-01-01&to=2026-01-31`,
    );
    await screen.findByRole('table', { name: 'Audit log' });
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        action: 'establishment.block,data.export',
        actorId: REP,
        establishmentId: ROMA,
        from: new Date(2026, 0, 1).toISOString(),
        to: new Date(new Date(2026, 1, 1).getTime() - 1).toISOString().replace('Z', '999Z'),
        limit: '50',
      }),
    );
    const filters = screen.getByRole('search', { name: 'Filter the audit log' });
    expect(within(filters).getByRole('button', { name: 'Blocked an establishment' })).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: 'Exported data' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(filters).getByRole('combobox', { name: 'Done by' })).toHaveValue('Rita Rep'),
    );
    await waitFor(() =>
      expect(within(filters).getByRole('combobox', { name: 'Establishment' })).toHaveValue('Café Roma'),
    );
  });

  it('filters by an action chosen with the keyboard, and keeps it in the address', async () => {
    const { user, router } = renderPage();
    await screen.findByRole('table', { name: 'Audit log' });
    const action = screen.getByRole('combobox', { name: 'Action' });
    await user.click(action);
    await user.type(action, 'Unblocked');
    await user.keyboard('{ArrowDown}{Enter}{Escape}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ action: 'establishment.unblock' }));
    expect(router.state.location.search).toBe('?action=establishment.unblock');
  });

  it('says when nothing matches, and clears the filters', async () => {
    answer = [];
    const { user, router } = renderPage(`/?action=user.delete&from=2026-01-01`);
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    answer = ENTRIES;
    await user.click(clear.at(-1)!);
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(lastQuery()).toEqual({ limit: '50' });
  });

  it('says an end before the start is wrong beside the field and does not send it', async () => {
    renderPage('/?from=2026-02-01&to=2026-01-01');
    await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.getByText('End date must be later than start date')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ from: new Date(2026, 1, 1).toISOString(), limit: '50' });
  });
});
