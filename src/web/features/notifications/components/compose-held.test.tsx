import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment } from '../../../../../tests/support/web/compose';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { Audience } from '../../../../shared/schemas/preference.schema';
import { ComposeCard } from './compose-card';

const establishment = composeEstablishment({ name: 'Corner Bakery', timeZone: 'Europe/Bratislava' });
const REACH = { followers: 14, reachable: 14, byPhone: 14, byEmail: 0, devices: 14, emails: 0 };

/** The compose card with the audience count answering `held`. */
async function composeWith(held: number) {
  composeApi(Msg.notificationOnlySent).on('GET', '/api/establishments/e1/audience', {
    body: { ...REACH, held } satisfies Audience,
  });
  renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  // The count is asked once the choice has settled (debounced).
  await within(card).findByText(/^Reachable: 14 of 14/, {}, { timeout: 5000 });
  return card;
}

describe('compose card: followers the fatigue guard would hold', () => {
  it('says beside the count how many had a message today and that this one waits in their feed', async () => {
    const card = await composeWith(12);
    expect(within(card).getByTestId('targeting-held')).toHaveTextContent(
      '12 followers had a message from you today: this one will wait in their feed',
    );
  });

  it('speaks of one follower in the singular', async () => {
    const card = await composeWith(1);
    expect(within(card).getByTestId('targeting-held')).toHaveTextContent(
      '1 follower had a message from you today: this one will wait in their feed',
    );
  });

  it('says nothing when nobody would be held', async () => {
    const card = await composeWith(0);
    expect(within(card).queryByTestId('targeting-held')).toBeNull();
    expect(within(card).queryByText(/had a message from you today/)).toBeNull();
  });
});
