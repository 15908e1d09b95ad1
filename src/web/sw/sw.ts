// Service worker: makes the web app installable, shows web push notifications and reports their
// receipt and clicks, and shows an offline page when a page cannot be loaded. The push message is the PushMessage of src/shared/push/payload.ts.
// Built to /sw.js at the site root (vite.config.ts, swPlugin) as one classic script: it may import
// types from src/shared, and code only if that code needs nothing but WebWorker globals.
import { API_PATHS, pathWith } from '../../shared/contracts/paths';
import type { PushMessage } from '../../shared/push/payload';
import type { SubscribeResponse } from '../../shared/schemas/notification.schema';
import { applicationServerKeyOf } from './application-server-key';
import { readDevice, saveDevice } from './device-store';
import { STOP_ACTION, withStopAction } from './stop-action';

declare const self: ServiceWorkerGlobalScope;

const BADGE = '/icons/icon-192.png';
const FALLBACK_ICON = '/icons/icon-192.png';
/** The product's name (as in manifest.webmanifest): the title of a notification without a message. */
const APP_NAME = 'Broadcast';

/** What a notification carries to its click. */
interface NotificationData {
  url?: string;
  id?: string;
  receipt?: string | undefined;
  /** A button's `action` -> the URL it opens. */
  actionUrls?: Record<string, string>;
}

/** The buttons a message names, well-formed ones only (a newer or damaged message shows none). */
function actionsOf(message: PushMessage): { action: string; title: string; url: string }[] {
  if (!Array.isArray(message.actions)) return [];
  return message.actions
    .filter(
      (a) => a && typeof a.action === 'string' && typeof a.title === 'string' && typeof a.url === 'string',
    )
    .slice(0, 2);
}

type EventType = 'received' | 'clicked';

/** The page shown when a page cannot be loaded (no network), kept at install with what it needs. */
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_CACHE = 'offline-v1';
const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.js', '/icons/icon-192.png'];

/** Keep the offline page; a failure here must not stop the worker installing (push needs it more). */
async function keepOfflinePage() {
  try {
    await (await caches.open(OFFLINE_CACHE)).addAll(OFFLINE_FILES);
  } catch {
    // The server was away at install: pages then fail offline as they would without a worker.
  }
}

/** Caches of earlier versions of this worker are dropped. */
async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name !== OFFLINE_CACHE).map((name) => caches.delete(name)));
}

self.addEventListener('install', (event) =>
  event.waitUntil(keepOfflinePage().then(() => self.skipWaiting())),
);
self.addEventListener('activate', (event) =>
  event.waitUntil(dropOldCaches().then(() => self.clients.claim())),
);

// Pages come from the network as always (nothing else is cached: the app is never served stale);
// only when the network fails does a page navigation get the offline page instead of the browser's error,
// and that page its script and icon from the cache.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(OFFLINE_PAGE)) ?? Response.error()),
    );
    return;
  }
  // The offline page's own script and picture, which it asks for while the network is down.
  const url = new URL(request.url);
  if (url.origin === self.location.origin && OFFLINE_FILES.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(async () => (await caches.match(request)) ?? Response.error()));
  }
});

/** The PushMessage in a push event, or null when there is none this worker understands. */
function messageOf(event: PushEvent): PushMessage | null {
  if (!event.data) return null;
  try {
    const message: unknown = event.data.json();
    if (!message || typeof message !== 'object') return null;
    const candidate = message as Partial<Record<keyof PushMessage, unknown>>;
    if (candidate.v !== 1) return null;
    if (typeof candidate.title !== 'string' || typeof candidate.body !== 'string') return null;
    // Only v, title and body are checked: every other field is read defensively below.
    return message as PushMessage;
  } catch {
    return null;
  }
}

/** Tell the server a notification was shown or clicked; a failure here never stops the notification. */
async function report(id: string | undefined, type: EventType, receipt: string | undefined) {
  if (!id || !receipt) return;
  try {
    await fetch(pathWith(API_PATHS.notificationEvents, { id }), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, receipt }),
      keepalive: true,
    });
  } catch {
    // Offline or the server is away: the figure stays uncounted, the person still sees the notification.
  }
}

/** Whether a window of the app is on screen: then the browser asks for no notification per push. */
async function appOnScreen(): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window' });
  return windows.some((client) => (client as WindowClient).visibilityState === 'visible');
}

/**
 * The business withdrew a notification: close the one shown with its tag. Browsers want every push
 * to show something while the app is not on screen (Chrome shows its own "This site has been updated
 * in the background", Safari ends the subscription after repeated silent pushes): then the one-line
 * withdrawal the message carries takes the notification's place, quietly.
 */
async function withdraw(message: PushMessage) {
  for (const shown of await self.registration.getNotifications({ tag: message.tag })) shown.close();
  if (await appOnScreen()) return;
  await self.registration.showNotification(message.title, {
    body: message.body,
    icon: message.icon || FALLBACK_ICON,
    badge: BADGE,
    tag: message.tag,
    silent: true,
    data: { url: message.url || '/' } satisfies NotificationData,
  });
}

async function show(message: PushMessage | null) {
  if (message?.kind === 'withdrawn') return withdraw(message);
  if (!message) {
    // A push without a message this worker understands (empty, or a newer format): browsers require
    // a visible notification for every push, so show a plain one that opens the app.
    await self.registration.showNotification(APP_NAME, {
      badge: BADGE,
      icon: FALLBACK_ICON,
      // Repeats replace each other instead of piling up.
      tag: 'broadcast',
      data: { url: '/' } satisfies NotificationData,
    });
    return;
  }
  // A business's notification (no `kind`, or its welcome) offers "Stop notifications" where a place
  // is left, and reports its receipt and click.
  const fromBusiness = !message.kind || message.kind === 'welcome' || message.kind === 'automation';
  const actions = !fromBusiness
    ? actionsOf(message)
    : withStopAction(
        actionsOf(message),
        { ...message, label: (await readDevice())?.stopLabel },
        (self as unknown as { Notification?: { maxActions?: number } }).Notification?.maxActions,
      );
  // `image`, `timestamp` and `actions` are shown by Chromium but absent from TypeScript's
  // NotificationOptions; browsers without buttons (Safari, Firefox) ignore `actions`.
  const options: NotificationOptions & {
    image?: string;
    timestamp: number;
    actions?: { action: string; title: string }[];
  } = {
    body: message.body,
    icon: message.icon || FALLBACK_ICON,
    ...(message.image ? { image: message.image } : {}),
    badge: BADGE,
    tag: message.tag || undefined,
    // An edit of one already sent replaces it without ringing again.
    ...(message.updated ? { silent: true } : {}),
    timestamp: typeof message.timestamp === 'number' ? message.timestamp : Date.now(),
    ...(actions.length > 0 ? { actions: actions.map(({ action, title }) => ({ action, title })) } : {}),
    data: {
      url: message.url || '/',
      ...(actions.length > 0
        ? { actionUrls: Object.fromEntries(actions.map(({ action, url }) => [action, url])) }
        : {}),
      // A comment notice or a message (another `kind`) is no business's notification: nothing to report of it.
      ...(fromBusiness ? { id: message.id, receipt: message.receipt } : {}),
    } satisfies NotificationData,
  };
  await self.registration.showNotification(message.title, options);
  if (fromBusiness) await report(message.id, 'received', message.receipt);
}

self.addEventListener('push', (event) => {
  event.waitUntil(show(messageOf(event)));
});

/** Focus a window of the app already on the notification's page, or open one there. */
async function open(data: NotificationData) {
  const url = new URL(data.url || '/', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same && 'focus' in same) {
    await same.focus();
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: NotificationData = event.notification.data || {};
  // A button opens its own URL; the notification's body opens `url`. Both count as a click, but
  // "Stop notifications" does not: it is no interest in the business's news.
  const url = (event.action && data.actionUrls?.[event.action]) || data.url;
  const clicked = event.action === STOP_ACTION ? Promise.resolve() : report(data.id, 'clicked', data.receipt);
  // A call or an email button (tel:, mailto:) hands its URL to the phone's dialer or mail app; a
  // browser that refuses to open such a URL from here opens the post, where the button is a link.
  const opened = open({ ...data, url }).catch(() => (url !== data.url ? open(data) : undefined));
  event.waitUntil(Promise.all([opened.catch(() => {}), clicked]));
});

/**
 * The browser replaced this device's push subscription (it expired, or the push service rotated
 * it): subscribe again with the same application server key, and tell the server which
 * subscription the new one replaces, proving it with the secret the server gave this device.
 * Without a page open, this is the only chance to keep the device receiving.
 */
async function resubscribe(event: PushSubscriptionChangeEvent) {
  const stored = await readDevice();
  if (!stored) return;
  const oldEndpoint = event.oldSubscription?.endpoint ?? stored.endpoint;
  const subscription =
    event.newSubscription ??
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKeyOf(stored.applicationServerKey),
    }));
  const response = await fetch(API_PATHS.pushSubscriptionChange, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oldEndpoint, deviceSecret: stored.secret, subscription: subscription.toJSON() }),
  });
  // Unknown to the server (removed meanwhile): the app registers it again when next opened.
  if (!response.ok) return;
  const { deviceSecret } = (await response.json()) as Pick<SubscribeResponse, 'deviceSecret'>;
  await saveDevice({ ...stored, endpoint: subscription.endpoint, secret: deviceSecret });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  const work = resubscribe(change).catch(() => {
    // Offline or the server is away: the app registers the device again when next opened.
  });
  change.waitUntil(work);
});
