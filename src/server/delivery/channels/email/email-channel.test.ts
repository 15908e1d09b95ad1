import { describe, expect, it } from 'vitest';
import { classifySmtpError } from './email-channel';

/** An error as nodemailer makes it: its code, the SMTP command and the server's reply. */
const smtpError = (responseCode: number | undefined, code: string, command?: string) =>
  Object.assign(new Error(`${responseCode ?? ''} refused`), { responseCode, code, command });

describe('classifySmtpError', () => {
  it("makes no answer and the server's own 4xx the server's state, not the message's", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' });
    expect(classifySmtpError(refused)).toMatchObject({ kind: 'unreachable', status: null });
    expect(classifySmtpError(smtpError(421, 'EPROTOCOL', 'CONN'))).toMatchObject({
      kind: 'unreachable',
      status: 421,
    });
    expect(classifySmtpError(smtpError(451, 'EENVELOPE', 'MAIL FROM'))).toMatchObject({
      kind: 'unreachable',
      status: 451,
    });
    expect(classifySmtpError(smtpError(421, 'EENVELOPE', 'RCPT TO'))).toMatchObject({ kind: 'unreachable' });
    expect(classifySmtpError(smtpError(452, 'EENVELOPE', 'DATA'))).toMatchObject({ kind: 'unreachable' });
  });

  it("keeps a recipient's 4xx and 5xx that address's", () => {
    expect(classifySmtpError(smtpError(451, 'EENVELOPE', 'RCPT TO'))).toEqual({ kind: 'retry', status: 451 });
    expect(classifySmtpError(smtpError(550, 'EENVELOPE', 'RCPT TO'))).toEqual({
      kind: 'bounced',
      status: 550,
    });
  });

  it('fails the email on another 5xx', () => {
    expect(classifySmtpError(smtpError(554, 'EENVELOPE', 'DATA'))).toEqual({ kind: 'failed', status: 554 });
    expect(classifySmtpError(smtpError(535, 'EAUTH', 'AUTH PLAIN'))).toEqual({ kind: 'failed', status: 535 });
  });
});
