// Follow a business from this device with one tap and no account (POST /api/account/guest). Shared by
// the web app and the light public page, so it uses fetch and the plain paths, never the contracts:
// the light page's bundle must stay a few kilobytes.
import { API_PATHS } from '../../shared/contracts/paths';
import type { GuestFollowBody, GuestFollowResponse } from '../../shared/schemas/guest.schema';
import { applicationServerKeyOf } from '../sw/application-server-key';
import { saveDevice } from '../sw/device-store';
import { PUSH_OFF_KEY } from './storage-keys';
import { deviceTimeZoneHeaders } from './time-zones';

/** How long to wait for the service worker to start before giving up. */
const WORKER_WAIT_MS = 15_000;

/** How a one-tap follow ended. `refused`: the server's answer (409 device of an account, 429, 400). */
export type GuestFollowOutcome =
  | { kind: 'on'; answer: GuestFollowResponse }
  | { kind: 'blocked' | 'dismissed' | 'unsupported' | 'failed' }
  | { kind: 'refused'; status: number; code: string; message: string };

/** Whether this browser can get web push from a page at all. */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The page's service worker, registered here when the page has none yet (the light page), once active. */
async function activeWorker(): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** This browser's subscription made with the server's key (one made with another key is replaced). */
async function subscriptionFor(worker: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>) {
  const existing = await worker.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * The person tapped "Get notifications": ask the browser (first, while the tap still counts as the
 * person's), subscribe this browser with the server's VAPID key and follow the business as a guest.
 * The answer carries the guest's session, which the caller keeps as a sign-in would; the device's
 * secret is kept here for the service worker, as after subscribing.
 */
export async function followAsGuestHere(
  input: Omit<GuestFollowBody, 'subscription'>,
): Promise<GuestFollowOutcome> {
  if (!pushSupported()) return { kind: 'unsupported' };
  const asked = Notification.permission === 'granted' ? 'granted' : Notification.requestPermission();
  // The worker and the key load while the browser's question is on screen.
  const worker = activeWorker().catch(() => undefined);
  const publicKey = fetch('/api/push/public-key')
    .then((response) => response.json() as Promise<{ publicKey: string }>)
    .then((body) => body.publicKey)
    .catch(() => undefined);
  const permission = await asked;
  if (permission === 'denied') return { kind: 'blocked' };
  if (permission !== 'granted') return { kind: 'dismissed' };
  try {
    const [registration, key] = await Promise.all([worker, publicKey]);
    if (!registration || !key) return { kind: 'failed' };
    const subscription = await subscriptionFor(registration, applicationServerKeyOf(key));
    const response = await fetch(API_PATHS.guestFollow, {
      method: 'POST',
      // The device's zone: a guest's sends at their local time go by it.
      headers: { 'content-type': 'application/json', accept: 'application/json', ...deviceTimeZoneHeaders() },
      body: JSON.stringify({ ...input, subscription: subscription.toJSON() }),
    });
    const answer = (await response.json().catch(() => ({}))) as Partial<GuestFollowResponse> & {
      error?: string;
      code?: string;
    };
    if (!response.ok || !answer.accessToken) {
      return {
        kind: 'refused',
        status: response.status,
        code: answer.code ?? '',
        message: answer.error ?? '',
      };
    }
    try {
      localStorage.removeItem(PUSH_OFF_KEY);
    } catch {
      // Storage refused: nothing was turned off here either.
    }
    // For the service worker, which renews the subscription on its own when the browser changes it.
    await saveDevice({
      endpoint: subscription.endpoint,
      secret: answer.deviceSecret ?? '',
      applicationServerKey: key,
    }).catch(() => undefined);
    return { kind: 'on', answer: answer as GuestFollowResponse };
  } catch (error) {
    console.info('[push] guest follow failed', error);
    return { kind: 'failed' };
  }
}
