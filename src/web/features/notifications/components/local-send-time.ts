import type { Post } from '../../../../shared/schemas/notification.schema';
import { instantToZoned } from '../../../../shared/zoned-time';
import { useEstablishment } from '../../../lib/api/establishments.api';

type LocalSend = Pick<Post, 'localTime' | 'scheduledFor' | 'recurrence' | 'establishment'>;

/**
 * The time of day a send at each follower's local time goes at ("17:00"): its due time on its
 * business's clock (a weekly send's rule names the zone; for a single send the business's page is
 * asked). Null for a send at the business's time, or while that zone is not known.
 */
export function useLocalSendTime(post: LocalSend): string | null {
  const ask = post.localTime && !post.recurrence && post.scheduledFor !== null;
  const establishment = useEstablishment(ask ? post.establishment.id : undefined);
  const view = establishment.data;
  // Only its operators' view has the zone; they are the ones who see a send's delivery.
  const timeZone = post.recurrence?.timeZone ?? (view?.audience === 'operator' ? view.timeZone : undefined);
  if (!post.localTime || !post.scheduledFor || !timeZone) return null;
  return instantToZoned(post.scheduledFor, timeZone).time;
}
