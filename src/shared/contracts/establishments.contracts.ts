import { z } from 'zod';
import { MessageSchema } from '../errors';
import {
  AddMemberBodySchema,
  CaptionBodySchema,
  ClientSignupBodySchema,
  EstablishmentFieldsSchema,
  EstablishmentListQuerySchema,
  EstablishmentListSchema,
  EstablishmentResponseSchema,
  EstablishmentViewResponseSchema,
  GalleryImageSchema,
  GalleryListSchema,
  MemberListSchema,
  PublicEstablishmentSchema,
} from '../schemas/establishment.schema';
import {
  EstablishmentIdParamsSchema,
  GalleryImageParamsSchema,
  MemberParamsSchema,
} from '../schemas/establishment-params.schema';
import { FollowBodySchema, FollowResultSchema } from '../schemas/follow.schema';
import { QR_SIZES, QrQuerySchema } from '../schemas/qr.schema';
import { defineContract, errorResponses } from './contract';

/** Establishments: profiles, states, members, pictures, following, QR codes. */

const tags = ['establishments'] as const;
const multipart = ['multipart/form-data'] as const;
const params = EstablishmentIdParamsSchema;

export const listEstablishments = defineContract({
  operationId: 'listEstablishments',
  summary: 'Establishments the caller may see (admin: all; representative: registered; others: their own)',
  tags,
  method: 'GET',
  path: '/api/establishments',
  access: 'signedIn',
  query: EstablishmentListQuerySchema,
  responses: { 200: EstablishmentListSchema, ...errorResponses(400, 401, 403, 404) },
});

export const createEstablishment = defineContract({
  operationId: 'createEstablishment',
  summary: 'Create an establishment (admin)',
  tags,
  method: 'POST',
  path: '/api/establishments',
  access: 'user:admin',
  body: EstablishmentFieldsSchema,
  responses: { 201: EstablishmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const createClientWithEstablishment = defineContract({
  operationId: 'createClientWithEstablishment',
  summary: 'Register a client together with their establishment (representative or admin)',
  tags,
  method: 'POST',
  path: '/api/establishments/client-signup',
  access: 'user:representant',
  body: ClientSignupBodySchema,
  responses: {
    201: EstablishmentResponseSchema.extend({ clientId: z.string() }),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const getEstablishment = defineContract({
  operationId: 'getEstablishment',
  summary: 'One establishment: the operator view to those who manage it, the follower view to its followers',
  tags,
  method: 'GET',
  path: '/api/establishments/:id',
  access: 'signedIn',
  params,
  responses: { 200: EstablishmentViewResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const updateEstablishment = defineContract({
  operationId: 'updateEstablishment',
  summary: 'Update the profile (admin or a client operating it)',
  tags,
  method: 'PUT',
  path: '/api/establishments/:id',
  access: 'establishment:edit',
  params,
  body: EstablishmentFieldsSchema,
  responses: { 200: EstablishmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const blockEstablishment = defineContract({
  operationId: 'blockEstablishment',
  summary: 'Block (admin): the page goes offline and nothing can be sent',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/block',
  access: 'establishment:block',
  params,
  responses: { 200: EstablishmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const unblockEstablishment = defineContract({
  operationId: 'unblockEstablishment',
  summary: 'Unblock (admin)',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/unblock',
  access: 'establishment:block',
  params,
  responses: { 200: EstablishmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const deleteEstablishment = defineContract({
  operationId: 'deleteEstablishment',
  summary: 'Delete (admin); cannot be undone',
  tags,
  method: 'DELETE',
  path: '/api/establishments/:id',
  access: 'establishment:delete',
  params,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const listEstablishmentMembers = defineContract({
  operationId: 'listEstablishmentMembers',
  summary: 'Clients and followers',
  tags,
  method: 'GET',
  path: '/api/establishments/:id/members',
  access: 'signedIn',
  params,
  responses: { 200: MemberListSchema, ...errorResponses(400, 401, 403, 404) },
});

export const addEstablishmentMember = defineContract({
  operationId: 'addEstablishmentMember',
  summary: 'Add an existing user as a client or a follower (admin)',
  description:
    'Serves "Add User to Establishment" and "Add Client to Establishment"; answers "User updated!" (an existing user changed: nothing is created), or "This user is already linked to this establishment." when they already were linked that way (nothing changed).',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/members',
  access: 'user:admin',
  params,
  body: AddMemberBodySchema,
  responses: {
    200: MemberListSchema.extend({ message: z.string() }),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const removeEstablishmentMember = defineContract({
  operationId: 'removeEstablishmentMember',
  summary: 'Remove a user from an establishment (admin)',
  tags,
  method: 'DELETE',
  path: '/api/establishments/:id/members/:userId',
  access: 'user:admin',
  params: MemberParamsSchema,
  responses: { 200: MemberListSchema, ...errorResponses(400, 401, 403, 404) },
});

const pictureSummary = (which: 'logo' | 'cover') =>
  `Upload the ${which} (multipart field "file"; JPEG, PNG, WebP, GIF or AVIF up to 10 MB and 40 megapixels)` as const;

export const uploadEstablishmentLogo = defineContract({
  operationId: 'uploadEstablishmentLogo',
  summary: pictureSummary('logo'),
  tags,
  method: 'POST',
  path: '/api/establishments/:id/logo',
  access: 'establishment:edit',
  consumes: multipart,
  params,
  responses: { 200: EstablishmentResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
});

export const uploadEstablishmentCover = defineContract({
  operationId: 'uploadEstablishmentCover',
  summary: pictureSummary('cover'),
  tags,
  method: 'POST',
  path: '/api/establishments/:id/cover',
  access: 'establishment:edit',
  consumes: multipart,
  params,
  responses: { 200: EstablishmentResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
});

export const listEstablishmentGallery = defineContract({
  operationId: 'listEstablishmentGallery',
  summary: 'The gallery',
  tags,
  method: 'GET',
  path: '/api/establishments/:id/gallery',
  access: 'public',
  params,
  responses: { 200: GalleryListSchema, ...errorResponses(404) },
});

export const addEstablishmentGalleryImage = defineContract({
  operationId: 'addEstablishmentGalleryImage',
  summary: 'Add a picture to the gallery (multipart "file" and optional "caption"; at most 30 pictures)',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/gallery',
  access: 'establishment:edit',
  consumes: multipart,
  params,
  responses: { 201: GalleryImageSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
});

export const captionEstablishmentGalleryImage = defineContract({
  operationId: 'captionEstablishmentGalleryImage',
  summary: "Change a picture's caption",
  tags,
  method: 'PATCH',
  path: '/api/establishments/:id/gallery/:imageId',
  access: 'establishment:edit',
  params: GalleryImageParamsSchema,
  body: CaptionBodySchema,
  responses: { 200: GalleryImageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const deleteEstablishmentGalleryImage = defineContract({
  operationId: 'deleteEstablishmentGalleryImage',
  summary: 'Delete a picture',
  tags,
  method: 'DELETE',
  path: '/api/establishments/:id/gallery/:imageId',
  access: 'establishment:edit',
  params: GalleryImageParamsSchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const followEstablishment = defineContract({
  operationId: 'followEstablishment',
  summary: 'Follow (by id or public id)',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/follow',
  access: 'signedIn',
  params,
  body: FollowBodySchema,
  responses: { 200: FollowResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const unfollowEstablishment = defineContract({
  operationId: 'unfollowEstablishment',
  summary: 'Unfollow',
  tags,
  method: 'DELETE',
  path: '/api/establishments/:id/follow',
  access: 'signedIn',
  params,
  responses: { 200: FollowResultSchema, ...errorResponses(400, 401, 403, 404) },
});

export const getEstablishmentQr = defineContract({
  operationId: 'getEstablishmentQr',
  summary: `QR code of the public page, as SVG (default) or PNG of ${QR_SIZES.join(', ')} pixels (default 512)`,
  tags,
  method: 'GET',
  path: '/api/establishments/:id/qr',
  access: 'public',
  params,
  query: QrQuerySchema,
  responses: {
    // Not JSON: the image itself, image/svg+xml or image/png; the web uses its address (contractUrl).
    200: z.any().describe('The QR code: image/svg+xml (format=svg) or image/png (format=png)'),
    ...errorResponses(400, 404, 429),
  },
});

export const getPublicEstablishment = defineContract({
  operationId: 'getPublicEstablishment',
  summary: 'The public page of an establishment (by public id or id)',
  // Signed-in callers also learn whether they follow it; guests get the same page.
  tags: ['public'],
  method: 'GET',
  path: '/api/public/establishments/:id',
  access: 'optionalSignIn',
  params,
  responses: {
    200: z.object({ establishment: PublicEstablishmentSchema }),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});
