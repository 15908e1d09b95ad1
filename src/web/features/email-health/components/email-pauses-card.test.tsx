import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { EmailPauseList } from '../../../../shared/schemas/email-complaints.schema';
import { EmailPausesCard } from './email-pauses-card';

const URL = '/api/management/email-pauses';
const list = (items: EmailPauseList['items']): EmailPauseList => ({ limit: 0.003, items });
const PAUSED = {
  establishment: { id: 'e1', name: 'Pause Pub' },
  since: '2026-03-04T10:00:00.000Z',
  complaints: 3,
  emails: 6,
  limit: 0.003,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser({ role: 'admin', roles: ['admin'] }) } });
});

describe("Email health's businesses with email paused", () => {
  it('lists each with its figures and lets an admin let its email go again', async () => {
    let items = [PAUSED];
    api.on('GET', URL, () => ({ body: list(items) }));
    api.on('DELETE', '/api/establishments/e1/email-pause', () => {
      items = [];
      return { body: { message: 'Email from this business goes out again.' } };
    });
    renderRoutes([{ path: '/', element: <EmailPausesCard /> }]);
    const card = screen.getByRole('region', { name: 'Businesses with email paused' });
    expect(
      await within(card).findByText('3 of 6 emails marked as spam (50%) · paused since 4 Mar 2026'),
    ).toBeTruthy();
    expect(within(card).getByText(/marked more than 0.3% of their emails as spam in 7 days/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Pause Pub' })).toHaveAttribute(
      'href',
      '/app/establishment/e1',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Let email go again: Pause Pub' }));
    expect(await screen.findByText('Email from Pause Pub goes out again.')).toBeTruthy();
    expect(await within(card).findByText('No business has its email paused.')).toBeTruthy();
    expect(api.sent('DELETE', '/api/establishments/e1/email-pause')).toHaveLength(1);
  });

  it('says when the list cannot be had, and asks again', async () => {
    let fail = true;
    api.on('GET', URL, () =>
      fail ? { status: 500, body: { error: 'x', code: 'INTERNAL' } } : { body: list([]) },
    );
    renderRoutes([{ path: '/', element: <EmailPausesCard /> }]);
    const card = screen.getByRole('region', { name: 'Businesses with email paused' });
    expect(
      await within(card).findByText(
        'The businesses with email paused could not be loaded.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('No business has its email paused.')).toBeTruthy();
  });
});
