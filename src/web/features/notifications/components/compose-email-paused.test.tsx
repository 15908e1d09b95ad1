import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment } from '../../../../../tests/support/web/compose';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { EmailPause } from '../../../../shared/schemas/email-complaints.schema';
import type { Audience } from '../../../../shared/schemas/preference.schema';
import { changeLanguage } from '../../../app/i18n';
import { ComposeCard } from './compose-card';

const establishment = composeEstablishment({ name: 'Corner Bakery', timeZone: 'Europe/Bratislava' });
const REACH = { followers: 14, reachable: 9, byPhone: 9, byEmail: 0, devices: 9, emails: 0, held: 0 };
afterAll(() => changeLanguage('en'));

const PAUSE: EmailPause = { since: '2026-03-04T10:00:00.000Z', complaints: 4, emails: 600, limit: 0.003 };

/** The compose card with the audience answering this pause; signed in as `role`. */
async function composeWith(emailPause: EmailPause | null, role: 'client' | 'admin' = 'client') {
  signIn();
  const api = composeApi(Msg.notificationOnlySent)
    .on('GET', '/api/establishments/e1/audience', { body: { ...REACH, emailPause } satisfies Audience })
    .on('GET', '/api/account/me', { body: { user: makeUser({ role, roles: [role] }) } });
  renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region');
  // The count is asked once the choice has settled (debounced).
  await expect
    .poll(() => api.sent('GET', '/api/establishments/e1/audience').length, { timeout: 5000 })
    .toBe(1);
  await within(card).findByTestId('targeting-reach');
  await within(card).findByText(/9/, { selector: '[role=status]' }, { timeout: 5000 });
  return { card, api };
}

describe('compose card: email paused for spam complaints', () => {
  it('says email is paused, since when, why and what to do', async () => {
    const { card } = await composeWith(PAUSE);
    const alert = within(card).getByTestId('email-paused');
    expect(alert).toHaveTextContent('Email to your followers is paused');
    expect(alert).toHaveTextContent(
      "Since 4 Mar 2026, this business's sends reach phones and the feed, but no inbox: followers marked 4 of 600 emails as spam in 7 days (0.67%), more than the 0.3% mail providers accept.",
    );
    expect(alert).toHaveTextContent('Send less often, and only what your followers asked for.');
    // An operator cannot lift it.
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('says nothing while email goes out', async () => {
    const { card } = await composeWith(null);
    expect(within(card).queryByTestId('email-paused')).toBeNull();
  });

  it('offers an admin to let email go again, and asks the server', async () => {
    const { card, api } = await composeWith(PAUSE, 'admin');
    api.on('DELETE', '/api/establishments/e1/email-pause', {
      body: { message: 'Email from this business goes out again.' },
    });
    const alert = within(card).getByTestId('email-paused');
    fireEvent.click(await within(alert).findByRole('button', { name: 'Let email go again' }));
    await expect.poll(() => api.sent('DELETE', '/api/establishments/e1/email-pause').length).toBe(1);
    expect(await screen.findByText('Email from this business goes out again.')).toBeTruthy();
  });

  it('speaks German, with German numbers', async () => {
    await changeLanguage('de');
    const { card } = await composeWith({ ...PAUSE, emails: 1200, complaints: 5 });
    expect(within(card).getByTestId('email-paused')).toHaveTextContent(
      'Follower haben in 7 Tagen 5 von 1.200 E-Mails als Spam markiert (0,42 %), mehr als die 0,3 %, die Mailanbieter hinnehmen.',
    );
  });
});
