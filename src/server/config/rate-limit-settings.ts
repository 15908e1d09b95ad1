import { z } from 'zod';

/** Per-user, per-address and per-key limits on requests, and the pace of comment notices. */
export const rateLimitEnv = {
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Picture uploads per signed-in user per minute, all upload routes together: a whole gallery (30) fits. */
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Requests per IP per minute to each public page route (profile API, page HTML, QR codes). */
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Comments written or edited per signed-in user per minute. */
  RATE_LIMIT_COMMENTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /**
   * Follows with one tap (guest followers) per IP per hour: a bar's customers share its Wi-Fi, so
   * a table's worth fits many times over.
   */
  RATE_LIMIT_GUEST_FOLLOWS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(60),
  /** Guest followers a business may gain per hour, from every address together. */
  RATE_LIMIT_GUEST_FOLLOWS_PER_BUSINESS_PER_HOUR: z.coerce.number().int().positive().default(600),
  /** Requests per API key per minute, every route a key may call counted together. */
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** New comments on a post are told its operators at most once per this many seconds (one push per window). */
  COMMENT_NOTICE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
};

export type RateLimitEnv = z.output<z.ZodObject<typeof rateLimitEnv>>;

export interface RateLimitSettings {
  loginRateLimitPerMinute: number;
  uploadRateLimitPerMinute: number;
  publicRateLimitPerMinute: number;
  /** Requests per API key per minute (auth.plugin.ts). */
  apiKeyRateLimitPerMinute: number;
  /** Follows with one tap per IP, and per business, per hour (guest.service.ts). */
  guestFollowsPerHour: { perIp: number; perBusiness: number };
  comments: {
    /** Comments written or edited per user per minute. */
    rateLimitPerMinute: number;
    /** The window of the operators' "new comments" push: at most one per post per window. */
    noticeSeconds: number;
  };
}

export function rateLimitSettings(env: RateLimitEnv): RateLimitSettings {
  return {
    loginRateLimitPerMinute: env.RATE_LIMIT_LOGIN_PER_MINUTE,
    uploadRateLimitPerMinute: env.RATE_LIMIT_UPLOADS_PER_MINUTE,
    publicRateLimitPerMinute: env.RATE_LIMIT_PUBLIC_PER_MINUTE,
    apiKeyRateLimitPerMinute: env.RATE_LIMIT_API_KEY_PER_MINUTE,
    guestFollowsPerHour: {
      perIp: env.RATE_LIMIT_GUEST_FOLLOWS_PER_IP_PER_HOUR,
      perBusiness: env.RATE_LIMIT_GUEST_FOLLOWS_PER_BUSINESS_PER_HOUR,
    },
    comments: {
      rateLimitPerMinute: env.RATE_LIMIT_COMMENTS_PER_MINUTE,
      noticeSeconds: env.COMMENT_NOTICE_SECONDS,
    },
  };
}
