import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ErrorCode } from '../../../shared/errors';
import type { ComplaintAnswer, MailgunWebhook } from '../../../shared/schemas/email-complaints.schema';
import type { AppContext } from '../../context';
import { executorOf } from '../../db/client';
import type { ComplaintSource } from '../../db/schema';
import { emailPausedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError } from '../../lib/app-error';
import { ArfError, normalMessageId, readArfReport } from '../../mail/arf-report';
import { readUnsubscribeToken, unsubscribeTokenIn } from '../../mail/email-links';
import { MAILGUN_TOKEN_VARIABLE, mailgunSignatureProblem } from '../../mail/mailgun-events';
import { stopEmail } from '../notify';
import * as repo from './complaints.repo';

/**
 * Spam complaints from mail providers (docs/operations.md, "Spam complaints"). A complaint names
 * its follower and business by the reported message's signed unsubscribe token, verified exactly as
 * the one-click unsubscribe verifies it: a report about a message we did not send, or altered,
 * changes nothing. A complaint stops that business's email to that follower, counts once per
 * message, and pauses the business's email when its complaint share passes the limit.
 */

const bad = (field: string, message: string) =>
  new AppError(400, ErrorCode.VALIDATION, message, { [field]: message });
const notOurs = (message: string) => new AppError(422, ErrorCode.VALIDATION, message);
const forged = () =>
  new AppError(
    403,
    ErrorCode.FORBIDDEN,
    "The reported message's unsubscribe link is not one this server signed: nothing changed.",
  );

const ANSWERS: Record<ComplaintAnswer['outcome'], string> = {
  recorded: 'Complaint recorded: this follower gets no more email from this business.',
  repeat: 'This message was reported already: nothing changed.',
  ignored: 'Not a spam complaint: nothing changed.',
};
const answer = (outcome: ComplaintAnswer['outcome']): ComplaintAnswer => ({
  message: ANSWERS[outcome],
  outcome,
});

/**
 * The key a reported message is counted once by: its Message-ID, or a digest of one too long to
 * index (a header is limited only by the line length).
 */
const messageKeyOf = (messageId: string) =>
  messageId.length <= 250
    ? messageId
    : `sha256:${createHash('sha256').update(messageId).digest('base64url')}`;

interface Complaint {
  /** The unsubscribe token the reported message carried. */
  token: string;
  messageKey: string;
  source: ComplaintSource;
}

/**
 * Record a complaint in one transaction: the complaint (once per message), the follower's email
 * from that business stopped, and, when the business's share passes the limit, its email paused
 * with the notice to its operators and the admins queued. `first` runs first in the transaction.
 */
async function record(
  ctx: AppContext,
  complaint: Complaint,
  first?: (sql: ReturnType<typeof executorOf>) => Promise<void>,
): Promise<ComplaintAnswer> {
  const ids = readUnsubscribeToken(ctx.config.jwtSecret, complaint.token);
  if (!ids) throw forged();
  const { pauseShare, pauseMinimum } = ctx.config.complaints;
  return withOutbox(ctx, async ({ db, emit }) => {
    const sql = executorOf(db);
    await first?.(sql);
    if (!(await repo.establishmentExists(sql, ids.establishmentId))) return answer('ignored');
    const fresh = await repo.insertComplaint(sql, {
      ...ids,
      messageKey: complaint.messageKey,
      source: complaint.source,
    });
    if (!fresh) return answer('repeat');
    // No longer a member: nothing to stop, the complaint counts all the same.
    await stopEmail(db, ids.userId, ids.establishmentId);
    const share = await repo.complaintShare(sql, ids.establishmentId);
    if (share.complaints >= pauseMinimum && share.complaints > share.emails * pauseShare) {
      const pause = await repo.pauseEmail(sql, ids.establishmentId, share);
      if (pause) {
        await emit(emailPausedEvent(pause.id, ids.establishmentId));
        ctx.log.warn(
          { establishmentId: ids.establishmentId, ...share },
          'business email paused for complaints',
        );
      }
    }
    return answer('recorded');
  });
}

/** The endpoint's setting is unset: the endpoint is not there. */
const notConfigured = (setting: string) =>
  new AppError(404, ErrorCode.NOT_FOUND, `Complaint reports are not taken here: ${setting} is not set.`);

/** Whether the ARF endpoint is on; 404 naming its setting when not. */
export function arfSecret(ctx: AppContext): string {
  const { secret } = ctx.config.complaints;
  if (!secret) throw notConfigured('COMPLAINTS_SECRET');
  return secret;
}

/** An ARF report as the body (raw MIME); the caller was authorized by COMPLAINTS_SECRET. */
export async function receiveArf(ctx: AppContext, body: unknown): Promise<ComplaintAnswer> {
  arfSecret(ctx);
  if (!Buffer.isBuffer(body)) {
    throw new AppError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
      'Send the ARF report as raw MIME: Content-Type message/rfc822 (or multipart/report).',
    );
  }
  let report: Awaited<ReturnType<typeof readArfReport>>;
  try {
    report = await readArfReport(body);
  } catch (error) {
    if (error instanceof ArfError) throw bad(error.part, error.message);
    throw error;
  }
  if (report.feedbackType !== 'abuse') return answer('ignored');
  if (report.listUnsubscribe === null) {
    throw notOurs(
      'The reported message has no List-Unsubscribe header: not a business email of this server.',
    );
  }
  const token = unsubscribeTokenIn(report.listUnsubscribe);
  if (!token)
    throw notOurs("The reported message's List-Unsubscribe holds no unsubscribe link of this server.");
  return record(ctx, {
    token,
    messageKey: report.messageId ? messageKeyOf(report.messageId) : `headers:${report.headersDigest}`,
    source: 'arf',
  });
}

const EventSchema = z.object({ id: z.string().min(1).max(200), event: z.string().min(1).max(100) });
const ComplaintEventSchema = z.object({
  message: z.object({ headers: z.object({ 'message-id': z.string().min(1).max(998) }) }),
  'user-variables': z.record(z.string(), z.unknown()).optional(),
});

/** The first problem of a zod error as a 400 naming its field (under event-data). */
function eventDataError(error: z.ZodError) {
  const issue = error.issues[0]!;
  const field = ['event-data', ...issue.path.map(String)].join('.');
  return bad(field, `${field}: ${issue.message}`);
}

/** Mailgun's webhook call: verified by its signature, then its event read; only `complained` counts. */
export async function receiveMailgun(ctx: AppContext, body: MailgunWebhook): Promise<ComplaintAnswer> {
  const key = ctx.config.complaints.mailgunSigningKey;
  if (!key) throw notConfigured('MAILGUN_WEBHOOK_SIGNING_KEY');
  const problem = mailgunSignatureProblem(key, body.signature, ctx.now().getTime());
  if (problem) throw new AppError(401, ErrorCode.UNAUTHORIZED, problem);
  const event = EventSchema.safeParse(body['event-data']);
  if (!event.success) throw eventDataError(event.error);
  const data = event.data.event === 'complained' ? ComplaintEventSchema.safeParse(body['event-data']) : null;
  if (data && !data.success) throw eventDataError(data.error);
  const value = data?.data['user-variables']?.[MAILGUN_TOKEN_VARIABLE];
  if (data && typeof value !== 'string') {
    throw notOurs(
      `event-data.user-variables has no ${MAILGUN_TOKEN_VARIABLE}: not a business email of this server (or sent before MAILGUN_WEBHOOK_SIGNING_KEY was set).`,
    );
  }
  // The token is taken with the event in the complaint's transaction: a retry of the same event is
  // a repeat, another event under a used token a replay, and an event not taken leaves no token.
  const takeToken = async (sql: ReturnType<typeof executorOf>) => {
    const taken = await repo.takeWebhookToken(sql, body.signature.token, event.data.id);
    if (taken === 'other') {
      throw new AppError(
        409,
        ErrorCode.CONFLICT,
        'signature.token was used already for another event: a replay, nothing changed.',
      );
    }
  };
  if (!data) {
    await withOutbox(ctx, ({ db }) => takeToken(executorOf(db)));
    return answer('ignored');
  }
  const messageId = normalMessageId(data.data.message.headers['message-id']);
  if (!messageId)
    throw bad('event-data.message.headers.message-id', 'event-data.message.headers.message-id is empty.');
  return record(
    ctx,
    { token: value as string, messageKey: messageKeyOf(messageId), source: 'mailgun' },
    takeToken,
  );
}
