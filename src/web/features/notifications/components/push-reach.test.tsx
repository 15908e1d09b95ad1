import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Audience } from '../../../../shared/schemas/preference.schema';
import { PushReachChip } from './push-reach';

const AUDIENCE = '/api/establishments/e1/audience';
let api: FakeApi;

const renderChip = (audience: Audience) => {
  api.on('GET', AUDIENCE, { body: audience });
  return renderRoutes([{ path: '/', element: <PushReachChip establishmentId="e1" /> }]);
};

describe("the establishment header's reach", () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('says how many followers a send reaches, by phone and by email', async () => {
    renderChip({
      followers: 1200,
      reachable: 950,
      byPhone: 700,
      byEmail: 300,
      devices: 810,
      emails: 300,
      held: 0,
    });
    expect(await screen.findByTestId('push-reach')).toHaveTextContent(
      'Reachable: 950 of 1,200 followers (700 by phone, 300 by email)',
    );
  });

  it('speaks of one follower in the singular', async () => {
    renderChip({ followers: 1, reachable: 1, byPhone: 0, byEmail: 1, devices: 0, emails: 1, held: 0 });
    expect(await screen.findByTestId('push-reach')).toHaveTextContent(
      'Reachable: 1 of 1 follower (0 by phone, 1 by email)',
    );
  });

  it('marks the chip as a warning when nobody is reachable by either channel', async () => {
    renderChip({ followers: 2, reachable: 0, byPhone: 0, byEmail: 0, devices: 0, emails: 0, held: 0 });
    const chip = await screen.findByTestId('push-reach');
    expect(chip).toHaveTextContent('Reachable: 0 of 2 followers (0 by phone, 0 by email)');
    expect(chip.querySelector('[data-testid="NotificationsOffOutlinedIcon"]')).not.toBeNull();
  });

  it('is a plain chip when email alone reaches someone', async () => {
    renderChip({ followers: 2, reachable: 1, byPhone: 0, byEmail: 1, devices: 0, emails: 1, held: 0 });
    const chip = await screen.findByTestId('push-reach');
    expect(chip.querySelector('[data-testid="NotificationsActiveOutlinedIcon"]')).not.toBeNull();
  });
});
