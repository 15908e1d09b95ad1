// "Stop notifications" on a business's notification: a button beside the business's own, which
// opens the post page with `?stop=1`, where the post page brings its stop control forward. It is the
// way to stop for a push whose tap opens the business's link rather than our post page.
//
// Its label is the one the app keeps on this device (StoredDevice.stopLabel): written by the app in
// the language it shows here each time it registers the device, so the worker needs no table of
// languages, and the server's message stays one per language (push-channel.ts byLanguage) and within its
// byte budget, for the first send, an edit (notification-replace) and every later one alike.
import { postPath } from '../../shared/push/payload';

/** The button's `action` in notificationclick. */
export const STOP_ACTION = 'stop';

/** Browsers that do not say how many buttons they show (or show none) and Chromium's own limit. */
const DEFAULT_MAX_ACTIONS = 2;

export interface NotificationButton {
  action: string;
  title: string;
  url: string;
}

/** The post page that opens on the stop control: `/app/establishment/{e}/notification/{id}?stop=1`. */
export const stopUrl = (establishmentId: string, id: string) => `${postPath(establishmentId, id)}?stop=1`;

/**
 * The buttons to show: the business's first, then "Stop notifications" when a place is left
 * (`maxActions`: `Notification.maxActions`, which Chromium sets to 2). The business's buttons are
 * never dropped for it. Without a label kept on this device, or without ids, nothing is added.
 */
export function withStopAction(
  actions: NotificationButton[],
  stop: { establishmentId?: unknown; id?: unknown; label?: string | undefined | null },
  maxActions: number | undefined,
): NotificationButton[] {
  const room = (typeof maxActions === 'number' ? maxActions : DEFAULT_MAX_ACTIONS) - actions.length;
  const { establishmentId, id, label } = stop;
  if (room < 1 || !label || typeof establishmentId !== 'string' || typeof id !== 'string') return actions;
  return [...actions, { action: STOP_ACTION, title: label, url: stopUrl(establishmentId, id) }];
}
