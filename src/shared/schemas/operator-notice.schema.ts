import { z } from 'zod';

/**
 * How an operator without push hears of what comes in for their businesses (new comments, messages):
 * an email for each, at most one digest an hour or a day per business, or none. Operators with a
 * live device get push as before, whatever this says.
 */
export const OPERATOR_NOTICE_CADENCES = ['immediately', 'hourly', 'daily', 'off'] as const;
export type OperatorNoticeCadence = (typeof OPERATOR_NOTICE_CADENCES)[number];
export const DEFAULT_OPERATOR_NOTICE_CADENCE: OperatorNoticeCadence = 'hourly';

/** What an operator notice is about: a comment on a post, or a private message to the business. */
export const OPERATOR_NOTICE_KINDS = ['comment', 'message'] as const;
export type OperatorNoticeKind = (typeof OPERATOR_NOTICE_KINDS)[number];

export const OperatorNoticeMsg = {
  cadence: `cadence must be one of: ${OPERATOR_NOTICE_CADENCES.join(', ')}`,
  saved: 'Email notice setting saved',
} as const;

/** GET and PUT /api/account/operator-notices: the caller's setting. */
export const OperatorNoticeSettingsSchema = z.object({
  cadence: z.enum(OPERATOR_NOTICE_CADENCES, { error: OperatorNoticeMsg.cadence }),
});
export type OperatorNoticeSettings = z.infer<typeof OperatorNoticeSettingsSchema>;
