import { isLanguage } from '../../../../shared/i18n/languages';
import { mediaFileUrl, mediaUrl, opensBusinessPage } from '../../../../shared/push/payload';
import { inLanguage } from '../../../../shared/schemas/post-translations';
import type { AppContext } from '../../../context';
import { forEachConcurrently } from '../../../lib/concurrency';
import { notificationEmailLinks } from '../../../mail/email-links';
import { mailgunVariables } from '../../../mail/mailgun-events';
import { notificationMail } from '../../../mail/notification-mail';
import type { DeliveryBatch, DeliveryNotification } from '../channel';
import { businessEmailPaused } from './business-pause.repo';
import { type EmailResult, emailOutcomes } from './email-outcomes';
import type { PendingEmail } from './email-pending.repo';
import * as mailPauses from './mail-pauses.repo';

/**
 * What nodemailer's error says of one email.
 * - A 5xx refusing the recipient (RCPT TO) bounced, for good; another 5xx failed (the message, or
 *   our account, not the address).
 * - A 4xx refusing the recipient (greylisting, a full mailbox) is that address's: it alone is tried
 *   again later, until the message expires.
 * - No answer at all (refused, reset, timed out) or any other 4xx (421 "service not available", a
 *   4xx to the greeting, MAIL FROM or DATA) is the mail server's state, not the message's: the
 *   server is paused and every email waits for it, none spending an attempt.
 */
export function classifySmtpError(error: unknown): EmailResult {
  const { responseCode, code, command, message } = (error ?? {}) as {
    responseCode?: number;
    code?: string;
    command?: string;
    message?: string;
  };
  const detail = String(message ?? code ?? '').slice(0, 300);
  if (typeof responseCode !== 'number') return { kind: 'unreachable', status: null, detail };
  const recipient = code === 'EENVELOPE' && (command === undefined || command === 'RCPT TO');
  if (responseCode >= 500) {
    return recipient ? { kind: 'bounced', status: responseCode } : { kind: 'failed', status: responseCode };
  }
  if (recipient && responseCode !== 421) return { kind: 'retry', status: responseCode };
  return { kind: 'unreachable', status: responseCode, detail };
}

/** The longest wait between two probes of a paused mail server, in seconds. */
const MAX_PROBE_SECONDS = 10 * 60;

/** The mail server a pause is about: SMTP_URL's host and port, or the .eml writer. */
const mailServerOf = (smtpUrl: string | undefined) => (smtpUrl ? new URL(smtpUrl).host : 'file');

/** The business's address on one line, as its emails end. */
const addressLine = (n: DeliveryNotification) =>
  [n.address1, [n.zip, n.city].filter(Boolean).join(' '), n.country].filter((part) => part.trim()).join(', ');

/**
 * The email channel: the business's notification to each follower whose choice has email, in
 * their language, with one-click unsubscribe (RFC 8058), through the mailer's pooled, rate-limited
 * SMTP transport (EMAIL_RATE_PER_SECOND, EMAIL_CONNECTIONS). Quiet hours do not hold email back: it
 * waits in the inbox by nature, where a push would ring.
 */
export function createEmailSender(ctx: AppContext) {
  const { publicUrl, jwtSecret } = ctx.config;
  const { sql } = ctx.database;
  const server = mailServerOf(ctx.config.smtpUrl);
  const mailgun = Boolean(ctx.config.complaints.mailgunSigningKey);

  async function send(n: DeliveryNotification, row: PendingEmail): Promise<EmailResult> {
    const target = row.email!;
    const links = notificationEmailLinks(publicUrl, jwtSecret, {
      notificationId: n.id,
      userId: row.targetId,
      establishmentId: n.establishmentId,
      // A welcome or an automation's message has no post to open: its link is the business's page.
      linkUrl: opensBusinessPage(n.source)
        ? `${publicUrl}/app/establishment/${n.establishmentId}`
        : n.linkUrl,
      actions: n.actions ?? [],
      tracking: ctx.config.email.clickTracking,
    });
    // In the follower's language, piece by piece: text, title, button labels.
    const shown = inLanguage(n, target.language);
    const picture = mediaUrl(n.mediaId);
    const file = n.mediaId ? mediaFileUrl(n.mediaId, n.mediaFileType) : null;
    const mail = notificationMail(isLanguage(target.language) ? target.language : 'en', {
      establishment: n.establishmentName,
      address: addressLine(n),
      text: shown.text,
      title: shown.title,
      actions: (shown.actions ?? []).map((action, i) => ({ label: action.label, url: links.actions[i]! })),
      pictureUrl: picture ? `${publicUrl}${picture}` : null,
      // A PDF menu or a video: the picture is only its first page or frame.
      attachment: file
        ? {
            kind: n.mediaFileType === 'pdf' ? 'pdf' : 'video',
            url: `${publicUrl}${file}`,
            bytes: n.mediaFileBytes,
          }
        : null,
      openUrl: links.open,
      unsubscribeUrl: links.unsubscribePage,
      manageUrl: links.manage,
    });
    try {
      await ctx.mailer.send({
        to: target.address,
        fromName: n.establishmentName,
        ...mail,
        headers: {
          'List-Unsubscribe': `<${links.oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          // Mailgun hands these back in its events: its complaint then names follower and business.
          ...(mailgun
            ? { 'X-Mailgun-Variables': { prepared: true, value: mailgunVariables(links.unsubscribeToken) } }
            : {}),
        },
      });
      return { kind: 'sent' };
    } catch (error) {
      return classifySmtpError(error);
    }
  }

  /**
   * The mail server's pause: when it is down or refusing for now, every batch's emails wait, untried,
   * until its probe is due; the first batch then tries, and either lifts the pause or doubles it
   * (EMAIL_RETRY_MIN_SECONDS, up to 10 minutes). The deliveries themselves give up only when the
   * message expires (a day: PUSH_OPTIONS.ttl, or the offer's end), as for push. Why a day and not an
   * MTA's queue lifetime of days: a business's news is stale after a day, and an outage of minutes
   * or hours then loses nothing.
   */
  const minSeconds = ctx.config.email.retryMinSeconds;
  const maxSeconds = Math.max(minSeconds, MAX_PROBE_SECONDS);

  async function pause(failure: Extract<EmailResult, { kind: 'unreachable' }>): Promise<number> {
    const paused = await mailPauses.pauseMailServer(
      sql,
      server,
      { smtpStatus: failure.status, detail: failure.detail },
      minSeconds,
      maxSeconds,
    );
    if (paused.failures === 1)
      ctx.log.warn({ server, status: failure.status, detail: failure.detail }, 'mail server paused');
    return paused.probeAfter.getTime();
  }

  return {
    async deliver({ notification: n, rows, outcomes, now }: DeliveryBatch<PendingEmail>) {
      // The business's email was paused for its spam complaints since the audience was taken.
      if (rows.length > 0 && (await businessEmailPaused(sql, n.establishmentId))) {
        for (const row of rows) outcomes.decide(row.targetId, 'failed', null);
        return;
      }
      const due: PendingEmail[] = [];
      for (const row of rows) {
        // Consent taken back, or the address bounced, since the audience was taken.
        if (!row.email) outcomes.decide(row.targetId, 'failed', null);
        else if ((row.retryAt?.getTime() ?? 0) > now) outcomes.waitUntil(row.retryAt!.getTime());
        else due.push(row);
      }
      if (due.length === 0) return;
      const paused = await mailPauses.findMailPause(sql, server);
      // The server is down or refusing: nothing is tried before its probe is due.
      let heldUntil: Promise<number> | undefined =
        paused && paused.probeAfter.getTime() > now
          ? Promise.resolve(paused.probeAfter.getTime())
          : undefined;
      let accepted = false;
      const answers = emailOutcomes(sql, outcomes);
      // The transport's pool and rate decide the pace; enough in hand to keep every connection busy.
      await forEachConcurrently(due, ctx.config.email.connections * 2, async (row) => {
        // Left pending, untouched: no attempt spent on the server's state.
        if (heldUntil) return outcomes.waitUntil(await heldUntil);
        outcomes.ensureHeld();
        const result = await send(n, row);
        if (result.kind === 'unreachable') {
          heldUntil ??= pause(result);
          return outcomes.waitUntil(await heldUntil);
        }
        if (result.kind === 'sent') accepted = true;
        answers.record(row.targetId, result);
        // Written as each email is handed over: a crash then repeats only the emails in flight.
        await outcomes.flush();
      });
      if (paused && accepted && !heldUntil) {
        await mailPauses.resumeMailServer(sql, server);
        ctx.log.info({ server, since: paused.since }, 'mail server back: pause lifted');
      }
    },
  };
}
