import { z } from 'zod';

/**
 * Spam complaints about businesses' email, as mail providers report them, and the pause of a
 * business's email when its complaint share grows too high.
 */

/** What a complaint endpoint did with a report. */
export const ComplaintAnswerSchema = z.object({
  message: z.string(),
  /**
   * recorded: counted, and that follower gets no more email from that business; repeat: this
   * message was reported already, nothing changed; ignored: not a spam complaint (another
   * Feedback-Type or event), nothing changed.
   */
  outcome: z.enum(['recorded', 'repeat', 'ignored']),
});
export type ComplaintAnswer = z.infer<typeof ComplaintAnswerSchema>;

/** Mailgun's signature of a webhook call: HMAC-SHA256 of timestamp and token with the signing key. */
export const MailgunSignatureSchema = z.object({
  /** Seconds since 1970, as a string (as Mailgun sends it) or a number. */
  timestamp: z.union([
    z.string().regex(/^\d{1,12}$/, 'Expected seconds since 1970.'),
    z.number().int().min(0).max(999_999_999_999),
  ]),
  token: z.string().min(10).max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/i, 'Expected 64 hexadecimal digits.'),
});

/** A Mailgun webhook call: its signature and the event (read once the signature holds). */
export const MailgunWebhookSchema = z.object({
  signature: MailgunSignatureSchema,
  'event-data': z.record(z.string(), z.unknown()),
});
export type MailgunWebhook = z.infer<typeof MailgunWebhookSchema>;

/** A business's email paused for its complaints: since when, the figures that paused it, and the limit. */
export const EmailPauseSchema = z.object({
  since: z.string(),
  /** Complaints and emails delivered in the 7 days before (or since the last pause was lifted). */
  complaints: z.number().int(),
  emails: z.number().int(),
  /** The share above which email is paused, as a fraction (0.003: 0.3 %). */
  limit: z.number(),
});
export type EmailPause = z.infer<typeof EmailPauseSchema>;

/** The businesses whose email is paused (the admins' Email health page). */
export const EmailPauseListSchema = z.object({
  /** The share above which email is paused (EMAIL_COMPLAINT_PAUSE_PERCENT), as a fraction. */
  limit: z.number(),
  items: z.array(EmailPauseSchema.extend({ establishment: z.object({ id: z.string(), name: z.string() }) })),
});
export type EmailPauseList = z.infer<typeof EmailPauseListSchema>;
