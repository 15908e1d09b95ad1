import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { EmailHealth } from '../../../../shared/schemas/email-health.schema';
import { EmailHealthPage } from './email-health-page';

const URL = '/api/management/email-health';
const health = (over: Partial<EmailHealth> = {}): EmailHealth => ({
  mailFromDomain: 'news.example.com',
  dkimDomain: 'news.example.com',
  aligned: true,
  records: [
    {
      kind: 'spf',
      name: 'news.example.com',
      expected: 'v=spf1 include:x -all',
      found: ['v=spf1 -all'],
      status: 'ok',
    },
    {
      kind: 'dkim',
      name: 's1._domainkey.news.example.com',
      expected: 'v=DKIM1; k=rsa; p=KEY',
      found: [],
      status: 'missing',
    },
    {
      kind: 'dmarc',
      name: '_dmarc.news.example.com',
      expected: 'v=DMARC1; p=none',
      found: [],
      status: 'error',
    },
  ],
  checkedAt: '2026-12-05T10:00:00.000Z',
  ...over,
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser({ role: 'admin', roles: ['admin'] }) } });
});

describe('the email health page', () => {
  it('shows each record to publish with what DNS answers, and checks again on demand', async () => {
    api.on('GET', URL, { body: health() });
    renderRoutes([{ path: '/', element: <EmailHealthPage /> }]);
    const table = await screen.findByRole('table', { name: 'Email health' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Published')).toBeTruthy();
    expect(within(rows[2]!).getByText('s1._domainkey.news.example.com')).toBeTruthy();
    expect(within(rows[2]!).getByText('v=DKIM1; k=rsa; p=KEY')).toBeTruthy();
    expect(within(rows[2]!).getByText('Missing')).toBeTruthy();
    expect(within(rows[3]!).getByText('Lookup failed')).toBeTruthy();
    expect(screen.getByText(/DMARC can pass on the signature/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await expect.poll(() => api.sent('GET', URL).length).toBe(2);
  });

  it("says when MAIL_FROM's domain is not the DKIM domain", async () => {
    api.on('GET', URL, { body: health({ mailFromDomain: 'other.org', aligned: false }) });
    renderRoutes([{ path: '/', element: <EmailHealthPage /> }]);
    expect(
      await screen.findByText(
        "The sender's domain other.org is not the DKIM domain news.example.com: DMARC will not pass on the signature. Send from an address at news.example.com, or sign for other.org.",
      ),
    ).toBeTruthy();
  });
});
