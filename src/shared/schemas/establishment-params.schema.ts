import { z } from 'zod';

/** The path parameters of the establishment routes. */

/** `:id` of an establishment route: its id or, where the route says so, its public id. */
export const EstablishmentIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `:id/members/:userId`. */
export const MemberParamsSchema = EstablishmentIdParamsSchema.extend({
  userId: z.uuid({ error: 'Not found.' }),
});

/** `:id/gallery/:imageId`. */
export const GalleryImageParamsSchema = EstablishmentIdParamsSchema.extend({
  imageId: z.uuid({ error: 'Not found.' }),
});
