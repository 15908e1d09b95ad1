import { z } from 'zod';
import { LanguageSchema } from './account.schema';
import { emailField } from './fields';
import { PostSchema } from './notification.schema';

/** The business's own voice: the pinned post and inviting colleagues to operate. */

/** Messages of these rules, written once (the web app translates them by these texts). */
export const VoiceMsg = {
  pinned: 'Post pinned to the top of your feed',
  unpinned: 'Post unpinned',
  postRequired: 'Choose a post to pin',
  notPinnable: 'Only a post in this business’s feed can be pinned.',
  invitationSent: 'Invitation sent',
  invitationWithdrawn: 'Invitation withdrawn',
  alreadyOperator: 'This person already operates this business.',
  tooManyInvitations: 'This business has too many open invitations. Withdraw some first.',
  invitationInvalid: 'This invitation link is not valid any more. Ask for a new one.',
  invitationOtherEmail:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  invitationAccepted: 'You now operate this business',
  tokenRequired: 'The invitation link is incomplete',
} as const;

/** PUT /api/establishments/{id}/pinned-post */
export const PinBodySchema = z.object({
  postId: z.uuid({ error: VoiceMsg.postRequired }),
});
export type PinBody = z.infer<typeof PinBodySchema>;

/** The establishment's pinned post as the reader sees it; null: none (or none the reader may see). */
export const PinnedPostResponseSchema = z.object({
  post: PostSchema.nullable(),
  message: z.string().optional(),
});
export type PinnedPostResponse = z.infer<typeof PinnedPostResponseSchema>;

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;

/** Open invitations an establishment may have at once. */
export const INVITATIONS_OPEN_MAX = 20;

/** POST /api/establishments/{id}/operator-invitations */
export const InvitationBodySchema = z.object({
  email: emailField,
  /** The language of the email: the inviter's choice, by default theirs. */
  language: LanguageSchema.optional(),
});
export type InvitationBody = z.input<typeof InvitationBodySchema>;

/** An open invitation, for who manages the establishment. */
export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationListSchema = z.object({ items: z.array(InvitationSchema) });
export type InvitationList = z.infer<typeof InvitationListSchema>;

export const InvitationResponseSchema = z.object({ items: z.array(InvitationSchema), message: z.string() });

export const InvitationParamsSchema = z.object({
  id: z.string().min(1).max(64),
  invitationId: z.uuid({ error: 'This invitation does not exist' }),
});

/** The link's token, sent in the body (never in a URL the server logs). */
export const InvitationTokenBodySchema = z.object({
  token: z
    .string({ error: VoiceMsg.tokenRequired })
    .trim()
    .min(1, VoiceMsg.tokenRequired)
    .max(200, VoiceMsg.invitationInvalid),
});
export type InvitationTokenBody = z.infer<typeof InvitationTokenBodySchema>;

/** What the invitation page shows before accepting. */
export const InvitationPreviewSchema = z.object({
  establishment: z.object({ id: z.string(), name: z.string(), logo: z.string().nullable() }),
  email: z.string(),
  invitedBy: z.string().nullable(),
  /** An account with the address exists: sign in to accept; otherwise sign up first. */
  accountExists: z.boolean(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const InvitationAcceptedSchema = z.object({ establishmentId: z.string(), message: z.string() });
