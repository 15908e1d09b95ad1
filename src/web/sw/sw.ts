// Service worker: makes the web app installable, shows web push notifications and reports their
// receipt and clicks, and shows an offline page when a page cannot be loaded. The push message is the PushMessage of src/shared/push/payload.ts.
// Built to /sw.js at the site root (vite.config.ts, swPlugin) as one classic script: it may import
// types from src/shared, and code only if that code needs nothing but WebWorker globals.
import type { PushMessage } from '../../shared/push/payload';

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
    await fetch(`/api/notifications/${encodeURIComponent(id)}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, receipt }),
      keepalive: true,
    });
  } catch {
    // Offline or the server is away: the figure stays uncounted, the person still sees the notification.
  }
}

async function show(message: PushMessage | null) {
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
  // `image` and `timestamp` are shown by Chromium but absent from TypeScript's NotificationOptions.
  const options: NotificationOptions & { image?: string; timestamp: number } = {
    body: message.body,
    icon: message.icon || FALLBACK_ICON,
    ...(message.image ? { image: message.image } : {}),
    badge: BADGE,
    tag: message.tag || undefined,
    timestamp: typeof message.timestamp === 'number' ? message.timestamp : Date.now(),
    data: {
      url: message.url || '/',
      // A comment notice or a welcome (any `kind`) is no business's notification: nothing to report of it.
      ...(message.kind ? {} : { id: message.id, receipt: message.receipt }),
    } satisfies NotificationData,
  };
  await self.registration.showNotification(message.title, options);
  if (!message.kind) await report(message.id, 'received', message.receipt);
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
  event.waitUntil(Promise.all([open(data).catch(() => {}), report(data.id, 'clicked', data.receipt)]));
});
