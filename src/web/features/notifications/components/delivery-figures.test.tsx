import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { composeEstablishment } from '../../../../../tests/support/web/compose';
import { fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { DeliveryFigures } from '../../../../shared/schemas/notification.schema';
import { zonedToInstant } from '../../../../shared/zoned-time';
import { changeLanguage } from '../../../app/i18n';
import { DeliveryLine, DeliveryTiles, PostDeliveryTiles } from './delivery-figures';

const figures = (deferred: number): DeliveryFigures => ({
  status: 'sending',
  audience: 5,
  sent: 3,
  received: 2,
  clicked: 0,
  failed: 0,
  gone: 0,
  pending: 2,
  deferred,
  held: 0,
  error: null,
  channels: {
    push: { sent: 0, received: 0, clicked: 0, failed: 0, gone: 0, pending: 0 },
    email: { sent: 0, received: 0, clicked: 0, failed: 0, gone: 0, pending: 0 },
  },
  startedAt: '2026-03-10T21:00:00.000Z',
  completedAt: null,
});

describe('delivery figures', () => {
  it('counts the deliveries waiting for quiet hours apart, with what happens to them', async () => {
    renderRoutes([{ path: '/', element: <DeliveryTiles figures={figures(2)} /> }]);
    expect(await screen.findByText('Waiting for quiet hours: 2')).toBeVisible();
    expect(
      screen.getByText('These followers get the notification when their quiet hours end.'),
    ).toBeVisible();
  });

  describe("a send at each follower's local time", () => {
    const ZONE = 'America/New_York';
    const due = zonedToInstant({ date: '2099-03-10', time: '17:00' }, ZONE)!.toISOString();
    const establishment = { id: 'e1', publicId: 'bakery', name: 'Corner Bakery', logo: null };
    const recurrence = {
      id: 'r1',
      weekday: 2,
      weekdays: [2],
      time: '17:00',
      until: null,
      timeZone: ZONE,
      ended: false,
      paused: false,
      localTime: true,
    };
    afterEach(() => changeLanguage('en'));

    it('counts who waits for their local time, and at what time each goes out', async () => {
      const api = fakeApi().on('GET', '/api/establishments/e1', {
        body: { establishment: composeEstablishment({ name: 'Corner Bakery', timeZone: ZONE }) },
      });
      const post = { localTime: true, scheduledFor: due, recurrence: null, establishment };
      renderRoutes([{ path: '/', element: <PostDeliveryTiles post={post} figures={figures(2)} /> }]);
      expect(await screen.findByText('2 waiting for their local time')).toBeVisible();
      expect(await screen.findByText('Each goes out when it is 17:00 where the follower is.')).toBeVisible();
      expect(screen.queryByText(/quiet hours/)).toBeNull();
      expect(api.sent('GET', '/api/establishments/e1')).toHaveLength(1);
    });

    it("reads a weekly send's time off its rule, in the reader's language and plural", async () => {
      await changeLanguage('cz');
      const api = fakeApi();
      const post = { localTime: true, scheduledFor: due, recurrence, establishment };
      renderRoutes([{ path: '/', element: <PostDeliveryTiles post={post} figures={figures(3)} /> }]);
      expect(await screen.findByText('3 čekají na svůj místní čas')).toBeVisible();
      expect(screen.getByText('Každé odejde, až bude u sledujícího 17:00.')).toBeVisible();
      expect(api.requests).toHaveLength(0);
    });

    it('says quiet hours as before for a send at the business’s time', async () => {
      const api = fakeApi();
      const post = { localTime: false, scheduledFor: due, recurrence: null, establishment };
      renderRoutes([{ path: '/', element: <PostDeliveryTiles post={post} figures={figures(1)} /> }]);
      expect(await screen.findByText('Waiting for quiet hours: 1')).toBeVisible();
      expect(screen.queryByText(/local time/)).toBeNull();
      expect(api.requests).toHaveLength(0);
    });
  });

  it('says how many followers the fatigue guard held, and that the post waits in their feed', async () => {
    renderRoutes([{ path: '/', element: <DeliveryTiles figures={{ ...figures(0), held: 12 }} /> }]);
    const held = await screen.findByTestId('delivery-held');
    expect(held).toHaveTextContent('12 followers had a message from you today: it waits in their feed');
    expect(held).toHaveTextContent('a phone rings only so often for each business');
  });

  it('speaks of one held follower in the singular, and of none not at all', async () => {
    const { unmount } = renderRoutes([
      { path: '/', element: <DeliveryTiles figures={{ ...figures(0), held: 1 }} /> },
    ]);
    expect(await screen.findByTestId('delivery-held')).toHaveTextContent(
      '1 follower had a message from you today: it waits in their feed',
    );
    unmount();
    renderRoutes([{ path: '/', element: <DeliveryTiles figures={figures(0)} /> }]);
    expect(await screen.findByText('Delivery')).toBeVisible();
    expect(screen.queryByText(/had a message from you today/)).toBeNull();
  });

  it('says nothing of quiet hours when none holds a delivery back', async () => {
    renderRoutes([{ path: '/', element: <DeliveryTiles figures={figures(0)} /> }]);
    expect(await screen.findByText('Delivery')).toBeVisible();
    expect(screen.queryByText(/quiet hours/)).toBeNull();
  });

  it('says "Nobody reached" and what to do, not a green "Delivered", when a send had no device to go to', async () => {
    const none: DeliveryFigures = {
      ...figures(0),
      status: 'done',
      audience: 0,
      sent: 0,
      received: 0,
      pending: 0,
      completedAt: '2026-03-10T21:00:01.000Z',
    };
    renderRoutes([{ path: '/', element: <DeliveryTiles figures={none} /> }]);
    expect(await screen.findByText('Nobody reached')).toBeVisible();
    expect(screen.queryByText('Delivered')).toBeNull();
    expect(screen.getByText('No follower has notifications on yet')).toBeVisible();
  });

  it('says "Delivered" when the send went to its devices', async () => {
    const done: DeliveryFigures = { ...figures(0), status: 'done', sent: 5, pending: 0 };
    renderRoutes([{ path: '/', element: <DeliveryTiles figures={done} /> }]);
    expect(await screen.findByText('Delivered')).toBeVisible();
    expect(screen.queryByText('No follower has notifications on yet')).toBeNull();
  });

  describe('per channel', () => {
    /** A send that went to 3 phones and emailed 5 followers. */
    const mixed: DeliveryFigures = {
      ...figures(0),
      status: 'done',
      audience: 8,
      sent: 7,
      received: 2,
      clicked: 3,
      failed: 1,
      pending: 0,
      channels: {
        push: { sent: 3, received: 2, clicked: 1, failed: 0, gone: 0, pending: 0 },
        email: { sent: 4, received: 0, clicked: 2, failed: 1, gone: 0, pending: 0 },
      },
    };
    /** The label and figure pairs of a channel's row, as read. */
    const figuresOf = (row: HTMLElement) =>
      within(row)
        .getAllByText(/^(Sent|Received|Clicked|Failed)/)
        .map((item) => item.textContent);

    it('shows a Phone row and an Email row (no received: opening is not tracked) on the post page', async () => {
      renderRoutes([{ path: '/', element: <DeliveryTiles figures={mixed} /> }]);
      const channels = await screen.findByRole('region', { name: 'By channel' });
      const phone = within(channels).getByRole('group', { name: 'Phone' });
      const email = within(channels).getByRole('group', { name: 'Email' });
      expect(figuresOf(phone)).toEqual(['Sent 3', 'Received 2', 'Clicked 1', 'Failed 0']);
      expect(figuresOf(email)).toEqual(['Sent 4', 'Clicked 2', 'Failed 1']);
      expect(within(channels).getByText(/Whether an email was opened is not tracked/)).toBeVisible();
      // The totals stay in the tiles.
      expect(screen.getByRole('group', { name: 'Audience' })).toHaveAccessibleDescription('8');
    });

    it('shows the rows per channel in the compact line too', async () => {
      renderRoutes([{ path: '/', element: <DeliveryLine figures={mixed} /> }]);
      const phone = await screen.findByRole('group', { name: 'Phone' });
      expect(figuresOf(phone)).toEqual(['Sent 3', 'Received 2', 'Clicked 1', 'Failed 0']);
      expect(figuresOf(screen.getByRole('group', { name: 'Email' }))).toEqual([
        'Sent 4',
        'Clicked 2',
        'Failed 1',
      ]);
    });

    it('shows the figures as before when only push was used', async () => {
      const pushOnly: DeliveryFigures = {
        ...mixed,
        channels: { ...mixed.channels, email: { ...figures(0).channels.email } },
      };
      const { unmount } = renderRoutes([{ path: '/', element: <DeliveryLine figures={pushOnly} /> }]);
      expect(await screen.findByText('Delivered')).toBeVisible();
      expect(screen.queryByRole('group')).toBeNull();
      expect(screen.getAllByText(/^(Sent|Received|Clicked|Failed)/).map((item) => item.textContent)).toEqual([
        'Sent 7',
        'Received 2',
        'Clicked 3',
      ]);
      unmount();

      renderRoutes([{ path: '/', element: <DeliveryTiles figures={pushOnly} /> }]);
      expect(await screen.findByText('Delivery')).toBeVisible();
      expect(screen.queryByRole('region', { name: 'By channel' })).toBeNull();
      expect(screen.queryByRole('group', { name: 'Phone' })).toBeNull();
    });
  });
});
