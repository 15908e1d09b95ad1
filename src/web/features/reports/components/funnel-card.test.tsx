import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Funnel, FunnelSteps } from '../../../../shared/schemas/report.schema';
import { FunnelCard } from './funnel-card';

const steps = (some: Partial<FunnelSteps>): FunnelSteps => ({
  views: 0,
  visitors: 0,
  followers: 0,
  verified: 0,
  pushDevices: 0,
  emailOn: 0,
  guests: 0,
  ...some,
});

const funnelOf = (sources: Partial<Record<'qr' | 'poster' | 'share' | 'direct', FunnelSteps>>): Funnel => {
  const all = (['qr', 'poster', 'share', 'direct'] as const).map((source) => ({
    source,
    ...(sources[source] ?? steps({})),
  }));
  const total = steps({});
  for (const { source: _source, ...some } of all) {
    for (const key of Object.keys(total) as (keyof FunnelSteps)[]) total[key] += some[key];
  }
  return { establishmentId: 'e1', from: '2026-02-09', to: '2026-03-10', sources: all, total };
};

const renderCard = (funnel: Funnel) =>
  renderRoutes([{ path: '/', element: <FunnelCard funnel={funnel} error={null} onRetry={() => {}} /> }]);

/** A step of a funnel (a list item), by its label. */
const stepOf = (region: HTMLElement, label: string) =>
  within(region)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(label)) as HTMLElement;

describe('the follower funnel', () => {
  it('counts a follow against unique visitors, not page views: one visitor three times who followed is 100%', async () => {
    renderCard(funnelOf({ qr: steps({ views: 3, visitors: 1, followers: 1 }) }));
    const card = await screen.findByRole('region', { name: 'Follower funnel' });
    const qr = within(card).getByRole('region', { name: 'QR code' });
    expect(stepOf(qr, 'Followed')).toHaveTextContent('100% of the step before');
    expect(stepOf(qr, 'Unique visitors')).toHaveTextContent('1');
    // The page views stay a figure of their own.
    expect(within(qr).getByText('Page views: 3')).toBeInTheDocument();
    // All sources, the same.
    expect(within(card).getAllByText('100% of the step before')).toHaveLength(2);
    expect(within(card).getAllByText('Page views: 3')).toHaveLength(2);
    expect(within(card).queryByText(/33%/)).toBeNull();
  });

  it('takes each source’s own visitors as its base, and the later steps from the followers', async () => {
    renderCard(
      funnelOf({
        qr: steps({ views: 12, visitors: 4, followers: 1 }),
        poster: steps({
          views: 5,
          visitors: 5,
          followers: 4,
          guests: 1,
          verified: 2,
          pushDevices: 3,
          emailOn: 1,
        }),
      }),
    );
    const card = await screen.findByRole('region', { name: 'Follower funnel' });
    const qr = within(card).getByRole('region', { name: 'QR code' });
    expect(stepOf(qr, 'Followed')).toHaveTextContent('25% of the step before');
    const poster = within(card).getByRole('region', { name: 'Poster' });
    expect(stepOf(poster, 'Followed')).toHaveTextContent('80% of the step before');
    // Of the followers: one without an account (one tap), two with a confirmed email; push reaches all.
    expect(stepOf(poster, 'Without an account')).toHaveTextContent('25% of followers');
    expect(stepOf(poster, 'Confirmed email')).toHaveTextContent('50% of followers');
    expect(stepOf(poster, 'Push notifications on')).toHaveTextContent('75% of followers');
    expect(stepOf(poster, 'Email on')).toHaveTextContent('50% of confirmed followers');
    // In total: 5 of 9 visitors followed (17 page views).
    expect(within(card).getByText('Page views: 17')).toBeInTheDocument();
    expect(within(card).getByText('56% of the step before')).toBeInTheDocument();
    // No visit from a share link: nothing to count there.
    const share = within(card).getByRole('region', { name: 'Share link' });
    expect(within(share).getByText('Nothing from this source yet')).toBeInTheDocument();
  });
});
