import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { PushHealth } from '../../../../shared/schemas/push-health.schema';
import { changeLanguage } from '../../../app/i18n';
import { PushHealthCard } from './push-health-card';

afterAll(() => changeLanguage('en'));

const WARNING =
  'Your followers rarely open your notifications; browsers may turn them off. Send less often, or make each one count.';

const week = (from: string, gone = 0, unsubscribed = 0, expired = 0) => ({
  from,
  gone,
  unsubscribed,
  expired,
  total: gone + unsubscribed + expired,
});

const health = (some: Partial<PushHealth> = {}): PushHealth => ({
  days: 30,
  sends: 12,
  delivered: 2310,
  opened: 9,
  openShare: 9 / 2310,
  lowOpenShare: true,
  devicesLost: [
    week('2026-11-28T18:00:00.000Z', 3, 1, 0),
    week('2026-11-21T18:00:00.000Z'),
    week('2026-11-14T18:00:00.000Z', 0, 0, 2),
    week('2026-11-07T18:00:00.000Z', 1, 0, 0),
  ],
  ...some,
});

const renderCard = (value: PushHealth | undefined) =>
  renderRoutes([{ path: '/', element: <PushHealthCard health={value} error={null} onRetry={() => {}} /> }]);

describe('the permission health card', () => {
  it('warns when the share opened is low, with the share of the pushes and the devices lost per week', async () => {
    await changeLanguage('en');
    renderCard(health());
    const card = await screen.findByRole('region', { name: 'Permission health' });
    expect(within(card).getByRole('alert')).toHaveTextContent(WARNING);
    expect(within(card).getByText('0.4% of 2,310 pushes opened in 30 days')).toBeInTheDocument();
    expect(within(card).getByText('Opened: 9 · Sends: 12')).toBeInTheDocument();
    const lost = within(card).getByRole('region', { name: 'Devices lost per week' });
    const weeks = within(lost).getAllByRole('listitem');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]).toHaveTextContent('Last 7 days4');
    expect(weeks[0]).toHaveTextContent('Subscription gone: 3 · Turned off or removed: 1 · Expired: 0');
    expect(weeks[1]).toHaveTextContent('Week from 21 Nov 2026');
    expect(weeks[1]).toHaveTextContent(/0$/);
    expect(weeks[2]).toHaveTextContent('Expired: 2');
  });

  it('does not warn while the pushes are opened, and says when no device was lost', async () => {
    await changeLanguage('en');
    renderCard(
      health({
        opened: 231,
        openShare: 0.1,
        lowOpenShare: false,
        devicesLost: health().devicesLost.map(({ from }) => week(from)),
      }),
    );
    const card = await screen.findByRole('region', { name: 'Permission health' });
    expect(within(card).getByText('10% of 2,310 pushes opened in 30 days')).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(within(card).queryByText(WARNING)).toBeNull();
    expect(within(card).getByText('No device lost in the last four weeks.')).toBeInTheDocument();
    expect(within(card).queryByRole('listitem')).toBeNull();
  });

  it('says plainly that nothing was sent yet', async () => {
    await changeLanguage('en');
    renderCard(health({ sends: 0, delivered: 0, opened: 0, openShare: null, lowOpenShare: false }));
    const card = await screen.findByRole('region', { name: 'Permission health' });
    expect(
      within(card).getByText(
        'Nothing sent to phones in the last 30 days yet: the share opened shows after your first send.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/pushes opened/)).toBeNull();
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('shows a loading state before the answer', async () => {
    await changeLanguage('en');
    renderCard(undefined);
    const card = await screen.findByRole('region', { name: 'Permission health' });
    expect(within(card).getByRole('status', { name: 'Loading permission health…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('speaks German, with German numbers: the warning, the share, the losses and the empty state', async () => {
    await changeLanguage('de');
    const { unmount } = renderCard(health());
    const card = await screen.findByRole('region', { name: 'Berechtigungsstatus' });
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Ihre Follower öffnen Ihre Benachrichtigungen selten; Browser könnten sie abschalten.',
    );
    expect(
      within(card).getByText('0,4 % von 2.310 Push-Nachrichten in 30 Tagen geöffnet'),
    ).toBeInTheDocument();
    const weeks = within(card).getAllByRole('listitem');
    expect(weeks[0]).toHaveTextContent('Abo erloschen: 3 · Abgeschaltet oder entfernt: 1 · Abgelaufen: 0');
    expect(weeks[1]).toHaveTextContent('Woche ab 21.11.2026');
    unmount();

    renderCard(health({ sends: 0, delivered: 0, opened: 0, openShare: null, lowOpenShare: false }));
    const empty = await screen.findByRole('region', { name: 'Berechtigungsstatus' });
    expect(within(empty).getByText(/In den letzten 30 Tagen wurde noch nichts/)).toBeInTheDocument();
    expect(within(empty).queryByRole('alert')).toBeNull();
  });
});
