import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { weeklyPostAt } from '../../../../../tests/support/web/weekly-post';
import { ErrorCode } from '../../../../shared/errors';
import { Msg } from '../../../../shared/messages';
import { instantToZoned, zonedToInstant } from '../../../../shared/zoned-time';
import { dueText } from './schedule-helpers';
import { ScheduledList } from './scheduled-list';

/** Pausing and resuming a weekly send from the scheduled list. */
const ZONE = 'Europe/Vienna';
const LIST = '/api/establishments/e1/scheduled';
const date = instantToZoned(Date.now() + 3 * 24 * 3600_000, ZONE).date;
const dueAt = zonedToInstant({ date, time: '17:00' }, ZONE)!.toISOString();
const due = dueText('en-GB', dueAt, ZONE);
const weekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const post = (paused: boolean, ended = false) => weeklyPostAt(dueAt, ZONE, weekday, { paused, ended });

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', {
    body: {
      user: makeUser({
        id: 'u3',
        role: 'client',
        establishments: [{ establishmentId: 'e1', kind: 'client' }],
      }),
    },
  });
});

async function listItem() {
  const view = renderRoutes([
    { path: '/', element: <ScheduledList establishment={{ id: 'e1', name: 'Quiz Bar', timeZone: ZONE }} /> },
  ]);
  return { ...view, item: await screen.findByRole('listitem', { name: due }) };
}

describe('pausing a weekly send', () => {
  it('pauses a running one: the list then says so and offers to resume it', async () => {
    api.on('GET', LIST, { body: { items: [post(false)] } });
    api.on('POST', '/api/weekly-sends/r1/pause', {
      body: { post: post(true), message: Msg.weeklySendPaused },
    });
    const { item, user } = await listItem();
    expect(within(item).queryByText('Paused')).toBeNull();

    api.on('GET', LIST, { body: { items: [post(true)] } });
    await user.click(within(item).getByRole('button', { name: `Pause the weekly send due ${due}` }));
    expect(
      await screen.findByText('Weekly send paused: nothing goes out until you resume it.'),
    ).toBeVisible();
    expect(api.sent('POST', '/api/weekly-sends/r1/pause')).toHaveLength(1);
    const paused = await screen.findByRole('listitem', { name: due });
    expect(await within(paused).findByText('Paused')).toBeVisible();
    expect(within(paused).getByText(/^Paused: nothing goes out until you resume it/)).toBeVisible();
    expect(within(paused).getByRole('button', { name: `Resume the weekly send due ${due}` })).toBeVisible();
  });

  it('resumes a paused one, and shows why when the server refuses', async () => {
    api.on('GET', LIST, { body: { items: [post(true)] } });
    api.on('POST', '/api/weekly-sends/r1/resume', {
      status: 409,
      body: { error: Msg.weeklySendEnded, code: ErrorCode.CONFLICT },
    });
    const { item, user } = await listItem();
    await user.click(within(item).getByRole('button', { name: `Resume the weekly send due ${due}` }));
    expect(await screen.findByText('This weekly send has ended: nothing more goes out.')).toBeVisible();

    api.on('POST', '/api/weekly-sends/r1/resume', {
      body: { post: post(false), message: Msg.weeklySendResumed },
    });
    api.on('GET', LIST, { body: { items: [post(false)] } });
    await user.click(within(item).getByRole('button', { name: `Resume the weekly send due ${due}` }));
    expect(await screen.findByText('Weekly send resumed: the next one goes at its time.')).toBeVisible();
    await waitFor(() =>
      expect(within(screen.getByRole('listitem', { name: due })).queryByText('Paused')).toBeNull(),
    );
  });

  it('offers neither for an ended series, nor to a colleague who did not write it', async () => {
    api.on('GET', LIST, { body: { items: [post(false, true)] } });
    const ended = await listItem();
    expect(within(ended.item).queryByRole('button', { name: /^Pause/ })).toBeNull();
    ended.unmount();

    api.on('GET', '/api/account/me', {
      body: {
        user: makeUser({
          id: 'u9',
          role: 'client',
          establishments: [{ establishmentId: 'e1', kind: 'client' }],
        }),
      },
    });
    api.on('GET', LIST, { body: { items: [post(false)] } });
    const colleague = await listItem();
    expect(within(colleague.item).queryByRole('button', { name: /^Pause/ })).toBeNull();
  });
});
