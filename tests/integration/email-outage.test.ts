/**
 * An SMTP outage loses nothing. The case reproduced: the mail server refusing
 * connections for 90 s (or answering 421 for 120 s) during a send, and every email ended failed,
 * because email retried on push's budget (PUSH_MAX_ATTEMPTS tries, 2 s doubling). Now the outage is
 * the mail server's state: the server is paused and probed with a doubling wait, no email spending
 * an attempt, until the message expires. Scaled down: the old budget is 2 tries (PUSH_MAX_ATTEMPTS=2,
 * the second 1-2 s after the first), the probes start 1 s apart (EMAIL_RETRY_MIN_SECONDS=1), and
 * the outage lasts until three probes have failed (1 + 2 + 4 s of waits: longer than the old budget
 * would have survived), then the server is back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/api-actors';
import { business, completed, postOf, sendOk, until } from '../support/delivery-integrity';
import { setupRouteFixture } from '../support/route-fixture';

const fixture = setupRouteFixture({
  env: { PUSH_MAX_ATTEMPTS: '2', EMAIL_RETRY_MIN_SECONDS: '1', EMAIL_CONNECTIONS: '2' },
});
let admin: Session;
beforeAll(() => {
  ({ admin } = fixture);
});

const READERS = 6;

/** Wait, polling, until `check` holds. */
async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not reached: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const { rows } = await fixture.t.ctx.database.sql.executeSql(text, values);
  return rows as T[];
}

async function outageDuringSend(mode: 'refuse' | 421, label: string) {
  const { t, a } = fixture;
  const { establishment, client } = await business(a, admin, `Outage ${label}`);
  const readers: Session[] = [];
  for (let i = 0; i < READERS; i++) {
    const reader = await a.followerOf(establishment.id, `outage-${label}-${i}`);
    const res = await a.call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'email', marketingConsent: true },
      reader.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    readers.push(reader);
  }
  const subject = `Today's news (${label})`;
  await t.mail.outage(mode);
  try {
    const sent = postOf(await sendOk(t, client, establishment.id, subject));
    await waitUntil('three failed probes of the mail server', async () => {
      const [pause] = await query<{ failures: number }>('SELECT failures FROM mail_server_pauses');
      return (pause?.failures ?? 0) >= 3;
    });
    // Still waiting, none of them charged for the server's state.
    const waiting = await query<{ outcome: string; attempts: number }>(
      `SELECT outcome, attempts FROM deliveries WHERE notification_id = $1 AND channel = 'email'`,
      [sent.id],
    );
    expect(waiting).toHaveLength(READERS);
    expect(waiting.every((d) => d.outcome === 'pending' && d.attempts === 0)).toBe(true);
    await t.mail.back();

    const done = await until(a, client, sent.id, completed, 60_000);
    expect(done.delivery?.channels.email).toMatchObject({ sent: READERS, failed: 0, pending: 0 });
    for (const reader of readers) {
      const mails = t.mail.received.filter(
        (m) => m.to.includes(reader.email.toLowerCase()) && m.subject === subject,
      );
      expect(mails, reader.email).toHaveLength(1);
    }
    const rows = await query<{ outcome: string }>(
      `SELECT outcome FROM deliveries WHERE notification_id = $1 AND channel = 'email'`,
      [sent.id],
    );
    expect(rows.map((r) => r.outcome)).toEqual(Array(READERS).fill('sent'));
    expect(await query('SELECT server FROM mail_server_pauses')).toEqual([]);
  } finally {
    await t.mail.back();
  }
}

describe('a mail server outage during a send, longer than the old retry budget', () => {
  it('refusing connections: every email arrives once when it is back', async () => {
    await outageDuringSend('refuse', 'refused');
  }, 120_000);

  it('answering 421: every email arrives once when it is back', async () => {
    await outageDuringSend(421, '421');
  }, 120_000);
});
