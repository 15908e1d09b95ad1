/** What a send's delivery figures say about its state: how far it got, whom it reached, its channels. */
import type { DeliveryFigures } from '../../../../shared/schemas/notification.schema';
import { isSending } from '../api/notifications.api';

/** How far a send has got, 0 to 100: every recipient ends as sent, failed or gone. */
export function deliveryProgress(figures: DeliveryFigures): number {
  if (figures.audience <= 0) return figures.status === 'queued' || figures.status === 'scheduled' ? 0 : 100;
  const decided = figures.sent + figures.failed + figures.gone;
  return Math.min(100, Math.round((decided / figures.audience) * 100));
}

/** A finished send that had no device to go to: not a success to show in green. */
export const reachedNobody = (figures: Pick<DeliveryFigures, 'status' | 'audience'>) =>
  figures.status === 'done' && figures.audience === 0;

/** The progress bar's colour: red when halted, amber when it reached nobody, green when done. */
export function progressColor(figures: DeliveryFigures): 'error' | 'warning' | 'primary' | 'success' {
  if (figures.status === 'halted') return 'error';
  if (reachedNobody(figures)) return 'warning';
  return isSending(figures.status) ? 'primary' : 'success';
}

/** A send that emails (or emailed) anyone: its figures are then told per channel. */
export const usesEmail = (figures: DeliveryFigures) =>
  Object.values(figures.channels.email).some((value) => value > 0);
