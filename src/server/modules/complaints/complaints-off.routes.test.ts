/**
 * Without COMPLAINTS_SECRET and MAILGUN_WEBHOOK_SIGNING_KEY the complaint endpoints are not there:
 * 404 naming the setting, whatever is sent, and nothing read.
 */
import { describe, expect, it } from 'vitest';
import { arfReport, mailgunSignature, postArf, postMailgun } from '../../../../tests/support/complaints';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';

const fixture = setupRouteFixture({ admin: false });

describe('complaint endpoints left unconfigured', () => {
  it('answer 404 naming the setting to set', async () => {
    const arf = await postArf(fixture.t, arfReport(Buffer.from('Subject: x\r\n\r\nx\r\n')));
    expect(arf.statusCode, arf.body).toBe(404);
    expect(arf.json()).toEqual({
      code: 'NOT_FOUND',
      error: 'Complaint reports are not taken here: COMPLAINTS_SECRET is not set.',
    });
    const mailgun = await postMailgun(fixture.t, {
      signature: mailgunSignature(),
      'event-data': { id: 'x' },
    });
    expect(mailgun.statusCode, mailgun.body).toBe(404);
    expect(mailgun.json().error).toBe(
      'Complaint reports are not taken here: MAILGUN_WEBHOOK_SIGNING_KEY is not set.',
    );
  });
});
