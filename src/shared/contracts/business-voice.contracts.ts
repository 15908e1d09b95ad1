import {
  InvitationAcceptedSchema,
  InvitationBodySchema,
  InvitationListSchema,
  InvitationParamsSchema,
  InvitationPreviewSchema,
  InvitationResponseSchema,
  InvitationTokenBodySchema,
  PinBodySchema,
  PinnedPostResponseSchema,
} from '../schemas/business-voice.schema';
import {
  CommentHiddenBodySchema,
  CommentMuteListSchema,
  CommentMuteParamsSchema,
  CommentMuteResponseSchema,
  CommentParamsSchema,
  CommentResponseSchema,
} from '../schemas/comment.schema';
import { EstablishmentRefParamsSchema } from '../schemas/notification.schema';
import { defineContract, errorResponses } from './contract';

/** The business's own voice: pinning, hiding and muting, inviting colleagues to operate. */

const tags = ['business voice'] as const;

export const getPinnedPost = defineContract({
  operationId: 'getPinnedPost',
  summary: "The post pinned to the top of an establishment's feed (null: none), for whoever reads its feed",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/pinned-post',
  access: 'notificationPost:read',
  params: EstablishmentRefParamsSchema,
  responses: { 200: PinnedPostResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const pinPost = defineContract({
  operationId: 'pinPost',
  summary:
    "Pin a post of the establishment's feed to its top (who may send for it); it replaces the post pinned before",
  tags,
  method: 'PUT',
  path: '/api/establishments/:id/pinned-post',
  access: 'post:pin',
  params: EstablishmentRefParamsSchema,
  body: PinBodySchema,
  responses: { 200: PinnedPostResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const unpinPost = defineContract({
  operationId: 'unpinPost',
  summary: "Unpin the establishment's pinned post (who may send for it); nothing pinned is not an error",
  tags,
  method: 'DELETE',
  path: '/api/establishments/:id/pinned-post',
  access: 'post:pin',
  params: EstablishmentRefParamsSchema,
  responses: { 200: PinnedPostResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const setCommentHidden = defineContract({
  operationId: 'setCommentHidden',
  summary:
    "Hide a comment (only its author, marked, and the business's moderators see it) or show it again: a moderator",
  tags,
  method: 'PUT',
  path: '/api/comments/:id/hidden',
  access: 'comment:moderate',
  params: CommentParamsSchema,
  body: CommentHiddenBodySchema,
  responses: { 200: CommentResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const listCommentMutes = defineContract({
  operationId: 'listCommentMutes',
  summary: "The followers whose comments on the establishment's posts are turned off, for its moderators",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/comment-mutes',
  access: 'comment:mute',
  params: EstablishmentRefParamsSchema,
  responses: { 200: CommentMuteListSchema, ...errorResponses(400, 401, 403, 404) },
});

export const muteCommenter = defineContract({
  operationId: 'muteCommenter',
  summary:
    "Turn a follower's comments on the establishment's posts off: their new comments are refused with COMMENTS_MUTED (a moderator; not someone who operates it)",
  tags,
  method: 'PUT',
  path: '/api/establishments/:id/comment-mutes/:userId',
  access: 'comment:mute',
  params: CommentMuteParamsSchema,
  responses: { 200: CommentMuteResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const unmuteCommenter = defineContract({
  operationId: 'unmuteCommenter',
  summary: "Turn a follower's comments on the establishment's posts on again (a moderator)",
  tags,
  method: 'DELETE',
  path: '/api/establishments/:id/comment-mutes/:userId',
  access: 'comment:mute',
  params: CommentMuteParamsSchema,
  responses: { 200: CommentMuteResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const listOperatorInvitations = defineContract({
  operationId: 'listOperatorInvitations',
  summary: "The establishment's open invitations to operate it (who manages it)",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/operator-invitations',
  access: 'operator:invite',
  params: EstablishmentRefParamsSchema,
  responses: { 200: InvitationListSchema, ...errorResponses(400, 401, 403, 404) },
});

export const inviteOperator = defineContract({
  operationId: 'inviteOperator',
  summary:
    'Invite a colleague by email to operate the establishment (who manages it): a link valid for 7 days, used once. Inviting the same address again replaces the earlier link.',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/operator-invitations',
  access: 'operator:invite',
  params: EstablishmentRefParamsSchema,
  body: InvitationBodySchema,
  responses: { 201: InvitationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const withdrawOperatorInvitation = defineContract({
  operationId: 'withdrawOperatorInvitation',
  summary: 'Withdraw an open invitation: its link stops working (who manages the establishment)',
  tags,
  method: 'DELETE',
  path: '/api/establishments/:id/operator-invitations/:invitationId',
  access: 'operator:invite',
  params: InvitationParamsSchema,
  responses: { 200: InvitationResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const previewOperatorInvitation = defineContract({
  operationId: 'previewOperatorInvitation',
  summary:
    "What an invitation's link offers: the business, the invited address, and whether that address has an account (sign in) or not (sign up)",
  tags,
  method: 'POST',
  path: '/api/operator-invitations/preview',
  access: 'public',
  body: InvitationTokenBodySchema,
  responses: { 200: InvitationPreviewSchema, ...errorResponses(400, 404, 429) },
});

export const acceptOperatorInvitation = defineContract({
  operationId: 'acceptOperatorInvitation',
  summary:
    'Accept an invitation: the signed-in user, whose address must be the invited one, operates the establishment from now on; the link is spent, and the address counts as confirmed (the link was emailed to it)',
  tags,
  method: 'POST',
  path: '/api/operator-invitations/accept',
  access: 'operatorInvitation:accept',
  body: InvitationTokenBodySchema,
  responses: { 200: InvitationAcceptedSchema, ...errorResponses(400, 401, 403, 404, 429) },
});
