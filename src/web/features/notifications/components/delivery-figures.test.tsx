import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { DeliveryFigures } from '../../../../shared/schemas/notification.schema';
import { DeliveryTiles } from './delivery-figures';

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
  error: null,
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
});
