import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment, SEND } from '../../../../../tests/support/web/compose';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { limitMessage } from '../../../../shared/limit-messages';
import { Msg } from '../../../../shared/messages';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { instantToZoned } from '../../../../shared/zoned-time';
import { changeLanguage } from '../../../app/i18n';
import { ComposeCard } from './compose-card';
import { EditPostDialog } from './edit-post-dialog';

/** The server's refusals past a limit (weekly sends, "Update on phones") said beside the action, in the user's language. */
afterAll(() => changeLanguage('en'));

const ZONE = 'Europe/Vienna';
const dayAhead = (days: number) => instantToZoned(Date.now() + days * 24 * 3600_000, ZONE).date;
const setValue = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** A post that reached phones; only what the edit dialog reads. */
const post = {
  id: 'p1',
  text: 'Soup: tomato',
  delivery: { status: 'done', sent: 4 },
} as unknown as Post;

describe('"Update on phones" past its hourly limit', () => {
  it.each([
    ['en', 'This post was already updated on phones 3 times in the last hour'],
    ['cz', 'Tento příspěvek byl za poslední hodinu aktualizován na telefonech už 3krát'],
  ] as const)(
    'shows the server’s message in the dialog (%s), which stays open',
    async (language, expected) => {
      await changeLanguage(language);
      const api = fakeApi().on('PATCH', '/api/notifications/p1', {
        status: 429,
        body: { code: 'RATE_LIMITED', error: limitMessage('phoneUpdatesLimit', 3) },
      });
      const { user } = renderRoutes([
        { path: '/', element: <EditPostDialog post={post} open onClose={() => undefined} /> },
      ]);
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByRole('textbox'), ' and bread');
      await user.click(within(dialog).getAllByRole('checkbox')[0]!);
      await user.click(within(dialog).getByRole('button', { name: /^(Save|Uložit)/ }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(expected);
      expect(api.sent('PATCH', '/api/notifications/p1')[0]!.body).toMatchObject({ updatePhones: true });
    },
  );
});

describe('a weekly send past the business’s limit', () => {
  it('shows the server’s message beside Send, not a generic conflict', async () => {
    await changeLanguage('en');
    composeApi(Msg.weeklySendScheduled).on('POST', SEND, {
      status: 409,
      body: { code: 'CONFLICT', error: limitMessage('weeklySendsLimit', 20) },
    });
    const establishment = composeEstablishment({ name: 'Friday Bar', timeZone: ZONE });
    const { user } = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
    const card = screen.getByRole('region', { name: 'New notification' });
    await user.click(within(card).getByRole('radio', { name: 'Schedule' }));
    await enterText(user, within(card).getByRole('textbox', { name: 'Message' }), 'Happy hour from 17:00');
    setValue(within(card).getByLabelText(/^Date/), dayAhead(2));
    setValue(within(card).getByLabelText(/^Time/), '17:00');
    await user.click(within(card).getByRole('switch', { name: 'Repeat every week' }));
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This business already has 20 weekly sends running, the most it may have. Cancel one before adding another.',
    );
  });
});
