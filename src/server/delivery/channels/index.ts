import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { Channel, PendingRow } from './channel';
import { emailChannel } from './email';
import { pushChannel } from './push';

/**
 * The delivery channels, in the order the follower's 'auto' choice tries them (the first that
 * reaches them). Adding a channel is its folder and its line here.
 */
export const CHANNELS: readonly Channel<PendingRow>[] = [pushChannel, emailChannel] as Channel<PendingRow>[];

export const channelNamed = (name: DeliveryChannel): Channel<PendingRow> =>
  CHANNELS.find((channel) => channel.name === name)!;
