import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { PLATFORM_LIMITS } from '../../../../../tests/support/web/notification-limits';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import type { NotificationLimits } from '../../../../shared/schemas/notification-limits.schema';
import { NotificationLimitsCard } from './notification-limits-card';

const PUT = '/api/establishments/e1/notification-limits';
const establishment = (limits: Partial<NotificationLimits> = {}) =>
  ({ id: 'e1', notificationLimits: { ...PLATFORM_LIMITS, ...limits } }) as Establishment;

let api: FakeApi;
const renderCard = (limits: Partial<NotificationLimits> = {}, locked = false) =>
  renderRoutes([
    { path: '/', element: <NotificationLimitsCard establishment={establishment(limits)} locked={locked} /> },
  ]);
const perDay = () => screen.getByRole('spinbutton', { name: 'At most a day' });
const perWeek = () => screen.getByRole('spinbutton', { name: 'At most a week' });

describe('notifications per follower (profile settings)', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it("shows the business's limits, with the platform's defaults and ceilings beside each field", () => {
    renderCard({ perWeek: 5 });
    expect(screen.getByRole('heading', { name: 'Notifications per follower' })).toBeVisible();
    expect(perDay()).toHaveValue(null);
    expect(perWeek()).toHaveValue(5);
    expect(screen.getByText('Default: 1 a day. At most 3.')).toBeVisible();
    expect(screen.getByText('Default: 3 a week (7 days). At most 10.')).toBeVisible();
    expect(screen.queryByText(/does not limit notifications/)).toBeNull();
  });

  it('saves by keyboard alone, an empty field as the default', async () => {
    api.on('PUT', PUT, {
      body: { establishment: establishment({ perDay: 2 }), message: 'Notification limits saved.' },
    });
    const { user } = renderCard({ perWeek: 5 });
    await user.tab();
    expect(perDay()).toHaveFocus();
    await user.keyboard('2');
    await user.tab();
    expect(perWeek()).toHaveFocus();
    await user.clear(perWeek());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.sent('PUT', PUT)).toHaveLength(1));
    expect(api.sent('PUT', PUT)[0]!.body).toEqual({ perDay: 2, perWeek: null });
    expect(await screen.findByText('Notification limits saved.')).toBeVisible();
  });

  it('says beside the field what is above the ceilings or more a day than a week, sending nothing', async () => {
    const { user } = renderCard();
    await user.type(perDay(), '4');
    await user.type(perWeek(), '11');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(perDay()).toHaveAccessibleDescription('At most 3 a day: the most this platform allows');
    expect(perWeek()).toHaveAccessibleDescription('At most 10 a week: the most this platform allows');
    await user.clear(perDay());
    await user.type(perDay(), '3');
    await user.clear(perWeek());
    await user.type(perWeek(), '2');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(perDay()).toHaveAccessibleDescription('At most 2 a day: no more than in a week');
    await user.clear(perDay());
    await user.type(perDay(), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(perDay()).toHaveAccessibleDescription(
      'Enter a whole number, 1 or more, or leave it empty for the default',
    );
    expect(api.sent('PUT', PUT)).toHaveLength(0);
  });

  it("puts the server's refusal beside its field", async () => {
    api.on('PUT', PUT, {
      status: 400,
      body: {
        error: 'At most 2 a week: the most this platform allows',
        code: 'VALIDATION',
        fields: { perWeek: 'At most 2 a week: the most this platform allows' },
      },
    });
    const { user } = renderCard();
    await user.type(perWeek(), '3');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(perWeek()).toHaveAccessibleDescription('At most 2 a week: the most this platform allows'),
    );
  });

  it('says when the server does not limit notifications, and is read-only while locked', () => {
    renderCard({ guard: false }, true);
    expect(screen.getByText(/This server does not limit notifications at the moment/)).toBeVisible();
    expect(perDay()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save limits' })).toBeDisabled();
  });
});
