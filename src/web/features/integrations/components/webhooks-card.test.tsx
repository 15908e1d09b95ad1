import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import {
  WEBHOOK_EVENT_TYPES,
  type Webhook,
  type WebhookCall,
  WebhookMsg,
} from '../../../../shared/schemas/webhook.schema';
import { WebhooksCard } from './webhooks-card';

const SHOP = 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01';
const URL = `/api/establishments/${SHOP}/webhooks`;
const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const SECRET = `whsec_${'A'.repeat(32)}`;

const till: Webhook = {
  id: 'b1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b02',
  url: 'https://till.example.com/hooks',
  description: 'Till',
  events: ['follow', 'notification.sent'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  pending: 2,
  lastCall: { at: ago(2 * HOUR), status: 200, ok: true },
  createdAt: ago(10 * 24 * HOUR),
};
const broken: Webhook = {
  ...till,
  id: 'c1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b03',
  url: 'https://shop.example.com/broken',
  description: '',
  events: ['post.deleted'],
  enabled: false,
  disabledReason: 'failing',
  failingSince: ago(30 * HOUR),
  pending: 0,
  lastCall: { at: ago(HOUR), status: 500, ok: false },
};
const list = (items: Webhook[]) => ({ body: { items, eventTypes: [...WEBHOOK_EVENT_TYPES] } });
const failedCall: WebhookCall = {
  id: 'd1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b04',
  deliveryId: 7,
  messageId: 'msg_1',
  eventType: 'webhook.test',
  at: ago(60_000),
  status: 503,
  ok: false,
  error: null,
  excerpt: 'Service Unavailable',
  durationMs: 123,
  deliveryState: 'pending',
};

let api: FakeApi;

function renderCard() {
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser({ role: 'client' }) } });
  return renderRoutes([{ path: '/', element: <WebhooksCard establishmentId={SHOP} /> }]);
}

const rows = (listEl: HTMLElement) =>
  within(listEl)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === listEl);

describe('the webhooks card', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('lists each webhook: URL, events, state, pending count, last call', async () => {
    api.on('GET', URL, list([till, broken]));
    renderCard();
    const card = await screen.findByRole('region', { name: 'Webhooks' });
    const listEl = await within(card).findByRole('list', { name: 'Webhooks' });
    const [on, off] = rows(listEl) as [HTMLElement, HTMLElement];
    expect(within(on).getByText(till.url)).toBeVisible();
    const events = within(on).getByRole('list', { name: 'Events' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Someone followed', 'Notification sent']);
    expect(within(on).getByText('On', { selector: '.MuiChip-label' })).toBeVisible();
    expect(within(on).getByText(/Last call 2 hours ago: 200/)).toBeVisible();
    expect(within(on).getByText(/Waiting to be sent: 2/)).toBeVisible();
    expect(within(on).getByRole('switch', { name: `Call ${till.url}` })).toBeChecked();

    expect(within(off).getByText('Turned off after a day of failed calls')).toBeVisible();
    expect(within(off).getByText(/Last call failed 1 hour ago: 500/)).toBeVisible();
    expect(within(off).getByRole('switch', { name: `Call ${broken.url}` })).not.toBeChecked();
    expect(within(off).getByRole('button', { name: 'Send test event' })).toBeDisabled();
  });

  it('says when there is no webhook yet', async () => {
    api.on('GET', URL, list([]));
    renderCard();
    expect(await screen.findByText('No webhooks yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeEnabled();
  });

  it('shows the loading state, then a failure that can be retried', async () => {
    let fail = true;
    api.on('GET', URL, () =>
      fail ? { status: 500, body: { code: 'INTERNAL', error: Msg.internal } } : list([till]),
    );
    const { user } = renderCard();
    expect(screen.getByRole('status', { name: 'Loading the webhooks' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(till.url)).toBeVisible();
  });

  it('adds a webhook: field errors beside the fields, then the secret shown once', async () => {
    api.on('GET', URL, list([]));
    let answer = 0;
    api.on('POST', URL, (request) => {
      answer += 1;
      if (answer === 1)
        return {
          status: 400,
          body: {
            code: 'VALIDATION',
            error: WebhookMsg.urlNotPublic,
            fields: { url: WebhookMsg.urlNotPublic },
          },
        };
      const body = request.body as { url: string; events: string[]; description: string };
      return {
        status: 201,
        body: { webhook: { ...till, ...body, pending: 0, lastCall: null }, secret: SECRET },
      };
    });
    const { user } = renderCard();
    await screen.findByText('No webhooks yet');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText(WebhookMsg.url)).toBeVisible();
    expect(within(form).getByText(WebhookMsg.events)).toBeVisible();
    expect(api.sent('POST', URL)).toHaveLength(0);

    await enterText(user, within(form).getByRole('textbox', { name: 'URL' }), 'https://10.0.0.1/hook');
    await user.click(within(form).getByRole('checkbox', { name: 'Someone followed' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Post deleted' }));
    await enterText(user, within(form).getByRole('textbox', { name: 'Description' }), 'Web shop');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText(WebhookMsg.urlNotPublic)).toBeVisible();

    const field = within(form).getByRole('textbox', { name: 'URL' });
    await user.clear(field);
    await enterText(user, field, 'https://shop.example.com/hook');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(api.sent('POST', URL).map((request) => request.body)[1]).toEqual({
      url: 'https://shop.example.com/hook',
      events: ['follow', 'post.deleted'],
      description: 'Web shop',
    });
    expect(within(shown).getByText(/it will not be shown again/)).toBeVisible();
    expect(within(shown).getByText(/webhook-id, webhook-timestamp and webhook-signature/)).toBeVisible();
    expect(within(shown).getByText(SECRET)).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Copy the signing secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Signing secret' })).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Done, I have copied the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('https://shop.example.com/hook')).toBeVisible();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('turns a webhook off, sends a test event and shows the history, resends a call', async () => {
    api.on('GET', URL, list([till]));
    api.on('PATCH', `${URL}/${till.id}`, { body: { ...till, enabled: false, disabledReason: 'operator' } });
    api.on('POST', `${URL}/${till.id}/test`, { status: 202, body: { message: 'Test event queued.' } });
    api.on('GET', `${URL}/${till.id}/calls`, { body: { items: [failedCall] } });
    api.on('POST', `${URL}/${till.id}/deliveries/7/resend`, {
      status: 202,
      body: { message: 'Queued to be sent again.' },
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(/Test event queued/)).toBeVisible();
    expect(api.sent('POST', `${URL}/${till.id}/test`)).toHaveLength(1);
    const history = await screen.findByRole('list', { name: 'Call history' });
    const [call] = rows(history) as [HTMLElement];
    expect(within(call).getByText('Test event')).toBeVisible();
    expect(within(call).getByText('Failed: 503')).toBeVisible();
    expect(within(call).getByText(/123 ms · Will be tried again/)).toBeVisible();
    expect(within(call).getByText('Service Unavailable')).toBeVisible();
    await user.click(within(call).getByRole('button', { name: 'Resend Test event' }));
    expect(await screen.findByText('Queued to be sent again')).toBeVisible();
    expect(api.sent('POST', `${URL}/${till.id}/deliveries/7/resend`)).toHaveLength(1);

    await user.click(screen.getByRole('switch', { name: `Call ${till.url}` }));
    expect(await screen.findByText('Webhook turned off')).toBeVisible();
    expect(api.sent('PATCH', `${URL}/${till.id}`).map((request) => request.body)).toEqual([
      { enabled: false },
    ]);
    expect(screen.getByRole('switch', { name: `Call ${till.url}` })).not.toBeChecked();
  });

  it('rotates the secret and deletes a webhook, each after asking', async () => {
    api.on('GET', URL, list([till]));
    api.on('POST', `${URL}/${till.id}/rotate-secret`, { body: { webhook: till, secret: SECRET } });
    api.on('DELETE', `${URL}/${till.id}`, { body: { message: 'Webhook deleted.' } });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const ask = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(ask).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByText(SECRET)).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Done, I have copied the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const del = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(within(del).getByText(/is not called any more/)).toBeVisible();
    await user.click(within(del).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webhooks yet')).toBeVisible();
    expect(api.sent('DELETE', `${URL}/${till.id}`)).toHaveLength(1);
  });
});
