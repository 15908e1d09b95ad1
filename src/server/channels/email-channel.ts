import { isLanguage } from '../../shared/i18n/languages';
import { mediaUrl } from '../../shared/push/payload';
import { textIn } from '../../shared/schemas/post-translations';
import type { AppContext } from '../context';
import type { EmailResult } from '../jobs/delivery-outcomes';
import { forEachConcurrently } from '../lib/concurrency';
import { notificationEmailLinks } from '../mail/email-links';
import { notificationMail } from '../mail/templates';
import type { PendingDelivery } from '../modules/notifications/deliveries.repo';
import type { Channel, DeliveryBatch, DeliveryNotification } from './channel';

/**
 * What nodemailer's error says of one email: a 5xx refusing the recipient (EENVELOPE) bounced, for
 * good; another 5xx failed (the message, or our account, not the address); a 4xx or no answer at
 * all (a connection lost, a timeout) is tried again later.
 */
export function classifySmtpError(error: unknown): EmailResult {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  if (typeof responseCode !== 'number') return { kind: 'retry', status: null };
  if (responseCode >= 500) {
    return code === 'EENVELOPE'
      ? { kind: 'bounced', status: responseCode }
      : { kind: 'failed', status: responseCode };
  }
  return { kind: 'retry', status: responseCode };
}

/** The business's address on one line, as its emails end. */
const addressLine = (n: DeliveryNotification) =>
  [n.address1, [n.zip, n.city].filter(Boolean).join(' '), n.country].filter((part) => part.trim()).join(', ');

/**
 * The email channel: the business's notification to each follower whose choice has email, in
 * their language, with one-click unsubscribe (RFC 8058), through the mailer's pooled, rate-limited
 * SMTP transport (EMAIL_RATE_PER_SECOND, EMAIL_CONNECTIONS). Quiet hours do not hold email back: it
 * waits in the inbox by nature, where a push would ring.
 */
export function createEmailChannel(ctx: AppContext): Channel {
  const { publicUrl, jwtSecret } = ctx.config;

  async function send(n: DeliveryNotification, row: PendingDelivery): Promise<EmailResult> {
    const target = row.email!;
    const links = notificationEmailLinks(publicUrl, jwtSecret, {
      notificationId: n.id,
      userId: row.subscriptionId,
      establishmentId: n.establishmentId,
    });
    const picture = mediaUrl(n.mediaId);
    const mail = notificationMail(isLanguage(target.language) ? target.language : 'en', {
      establishment: n.establishmentName,
      address: addressLine(n),
      text: textIn(n, target.language),
      title: n.title,
      actions: n.actions ?? [],
      pictureUrl: picture ? `${publicUrl}${picture}` : null,
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
        },
      });
      return { kind: 'sent' };
    } catch (error) {
      return classifySmtpError(error);
    }
  }

  return {
    name: 'email',
    async deliver({ notification: n, rows, outcomes, now }: DeliveryBatch) {
      const due: PendingDelivery[] = [];
      for (const row of rows) {
        // Consent taken back, or the address bounced, since the audience was taken.
        if (!row.email) outcomes.decide(row.subscriptionId, 'failed', null);
        else if ((row.retryAt?.getTime() ?? 0) > now) outcomes.waitUntil(row.retryAt!.getTime());
        else due.push(row);
      }
      // The transport's pool and rate decide the pace; enough in hand to keep every connection busy.
      await forEachConcurrently(due, ctx.config.email.connections * 2, async (row) => {
        outcomes.ensureHeld();
        outcomes.recordEmail(row.subscriptionId, await send(n, row));
        // Written as each email is handed over: a crash then repeats only the emails in flight.
        await outcomes.flush();
      });
    },
  };
}
