import { z } from 'zod';

/** Spam complaints: who may report them, and when a business's email is paused for them. */
export const complaintEnv = {
  /**
   * The secret a feedback loop's forwarder sends to POST /api/email/complaints/arf (`Authorization:
   * Bearer <secret>`, or as the password of basic auth). Unset: the endpoint answers 404.
   */
  COMPLAINTS_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Mailgun's HTTP webhook signing key, for POST /api/email/complaints/mailgun. Unset: that endpoint answers 404. */
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  /** A business's email is paused once its complaints over 7 days pass this share of its emails (percent). */
  EMAIL_COMPLAINT_PAUSE_PERCENT: z.coerce.number().min(0.01).max(100).default(0.3),
  /** ... and number at least this many: one complaint on a small sender's few emails is not a pattern. */
  EMAIL_COMPLAINT_PAUSE_MIN: z.coerce.number().int().min(1).max(1000).default(3),
};

export type ComplaintEnv = z.output<z.ZodObject<typeof complaintEnv>>;

export interface ComplaintSettings {
  complaints: {
    /** The ARF endpoint's secret; undefined: ARF reports are not taken. */
    secret: string | undefined;
    /** Mailgun's webhook signing key; undefined: Mailgun's events are not taken. */
    mailgunSigningKey: string | undefined;
    /** Pause a business's email above this share (a fraction: 0.003 for 0.3 %)... */
    pauseShare: number;
    /** ...with at least this many complaints in the window. */
    pauseMinimum: number;
  };
}

export function complaintSettings(env: ComplaintEnv): ComplaintSettings {
  return {
    complaints: {
      secret: env.COMPLAINTS_SECRET,
      mailgunSigningKey: env.MAILGUN_WEBHOOK_SIGNING_KEY,
      pauseShare: env.EMAIL_COMPLAINT_PAUSE_PERCENT / 100,
      pauseMinimum: env.EMAIL_COMPLAINT_PAUSE_MIN,
    },
  };
}
