import { z } from 'zod';
import { visitSourceField } from './fields';

/** The answer to follow and unfollow. */
export const FollowResultSchema = z.object({
  establishmentId: z.string(),
  following: z.boolean(),
  message: z.string(),
});
export type FollowResult = z.infer<typeof FollowResultSchema>;

/** A follow may say where the visit came from (the page's ?src=); no body at all is a direct follow. */
export const FollowBodySchema = z.object({ source: visitSourceField.optional() }).nullish();
export type FollowBody = z.input<typeof FollowBodySchema>;
