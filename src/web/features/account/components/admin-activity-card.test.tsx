import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { AdminActivityEntry } from '../../../../shared/schemas/user-management.schema';
import { AdminActivityCard } from './admin-activity-card';

const at = '2026-03-02T10:00:00.000Z';
const item = (overrides: Partial<AdminActivityEntry>): AdminActivityEntry => ({
  id: crypto.randomUUID(),
  action: 'impersonation.write',
  adminName: 'Ada Admin',
  createdAt: at,
  operation: 'setQuietHours',
  outcome: 'made',
  ...overrides,
});

describe('the "Admin access" card', () => {
  it('tells a change made while signed in as the person from one that was refused or failed', async () => {
    fakeApi().on('GET', '/api/account/admin-activity', {
      body: {
        items: [
          item({ action: 'user.impersonationEnd', operation: null, outcome: null }),
          item({ operation: 'deleteAccount', outcome: 'refused' }),
          item({ operation: 'updateMe', outcome: 'failed' }),
          item({}),
          item({ action: 'user.impersonate', operation: null, outcome: null }),
        ],
      },
    });
    renderRoutes([{ path: '/', element: <AdminActivityCard /> }]);
    const card = await screen.findByRole('region', { name: 'Admin access' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Stopped being signed in as you',
      'Tried to make a change while signed in as you: refused',
      'Tried to make a change while signed in as you: it failed',
      'Made a change while signed in as you',
      'Signed in as you',
    ]);
    for (const row of rows) expect(row).toHaveTextContent('Ada Admin');
  });
});
