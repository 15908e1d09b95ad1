/**
 * What the account safety suites (src/server/modules/account/account-safety-*.routes.test.ts) add to
 * tests/support/account-api.ts: their error check, the mails an address holds, a profile, and the
 * job queue's view of account mail.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type ErrorBody, t } from './account-api';
import type { ReceivedMail } from './smtp-sink';

/** An error answer: its status, its code and exactly the fields it names. */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  fields?: Record<string, string>,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<ErrorBody>();
  expect(body.code).toBe(code);
  if (fields) expect(body.fields).toEqual(fields);
  return body;
}

export const mailsTo = (to: string, where: (m: ReceivedMail) => boolean = () => true) =>
  t.mail.received.filter((m) => m.to.includes(to.toLowerCase()) && where(m));

export const profile = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  phone: '+421 900 123 456',
  ...extra,
});

/** The jobs of a queue whose payload has `key` = `value`, by state. */
export async function jobsOf(queue: string, key: string, value: string) {
  const { rows } = await t.ctx.database.sql.executeSql(
    `SELECT state FROM pgboss.job WHERE name = $1 AND data->>$2 = $3`,
    [queue, key, value],
  );
  return (rows as { state: string }[]).map((r) => r.state);
}

/** Wait until every job of the queue for this payload value has run. */
export async function jobsDone(queue: string, key: string, value: string, count: number) {
  await expect
    .poll(async () => (await jobsOf(queue, key, value)).filter((s) => s === 'completed').length, {
      timeout: 15_000,
    })
    .toBe(count);
}
