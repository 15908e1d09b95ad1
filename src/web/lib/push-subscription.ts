import i18next from 'i18next';
import * as contracts from '../../shared/contracts/notifications.contracts';
import type { PushSubscriptionBody, SubscribeResponse } from '../../shared/schemas/notification.schema';
import { applicationServerKeyOf } from '../sw/application-server-key';
import { forgetDevice, readDevice, saveDevice } from '../sw/device-store';
import { callApi } from './call-api';
import { PUSH_OFF_KEY } from './storage-keys';

/** How long to wait for the service worker before giving up on push for this session. */
const WORKER_WAIT_MS = 10_000;
/** Logout waits at most this long for the server to forget the device. */
const UNSUBSCRIBE_WAIT_MS = 3_000;

const log = (message: string, detail?: unknown) =>
  detail === undefined ? console.info(`[push] ${message}`) : console.info(`[push] ${message}`, detail);

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/** The page's service worker registration, waiting a little for one that is still starting. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
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

let running: Promise<void> | null = null;

/**
 * After sign-in or a restored session: where the person has already allowed notifications, subscribe
 * this browser with the server's VAPID key and register the subscription for the signed-in user.
 * It never asks: the browser's question comes only from a button that says what it is for
 * (turnOnPush). Any failure is only logged; it never blocks or interrupts the session.
 */
export function registerPushSubscription(): Promise<void> {
  running ??= subscribe()
    .catch((error: unknown) => log('subscription failed', error))
    .finally(() => {
      running = null;
    });
  return running;
}

/** Whether the person turned notifications off on this device (kept across sign-ins). */
const turnedOff = () => localStorage.getItem(PUSH_OFF_KEY) === '1';

async function subscribe(): Promise<void> {
  if (!supported()) return log('web push is not supported by this browser');
  if (turnedOff()) return log('notifications were turned off on this device');
  const worker = await registration();
  if (!worker) return log('no service worker is registered');
  if (Notification.permission !== 'granted')
    return log(`notification permission is ${Notification.permission}`);
  const { publicKey } = await callApi(contracts.getPushPublicKey, {});
  const key = applicationServerKeyOf(publicKey);
  const fresh = () => worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  let subscription = await worker.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot receive our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const hadOne = subscription !== null;
  subscription ??= await fresh();
  let answer = await register(subscription);
  // The server did not have this browser's subscription (it deleted it when the push service said
  // it was gone, or the site's data was cleared there), or it says this device stopped receiving:
  // its endpoint may be dead at the push service, so take a fresh one, asking nothing.
  if (hadOne && (answer.created || answer.stale)) {
    log(
      answer.stale ? 'this device stopped receiving: renewing' : 'the server had lost this device: renewing',
    );
    await callApi(contracts.unsubscribePush, { body: { endpoint: subscription.endpoint } }).catch(() => {});
    await subscription.unsubscribe();
    subscription = await fresh();
    answer = await register(subscription);
  }
  // For the service worker, which replaces the subscription on its own when the browser changes it,
  // and labels its "Stop notifications" button in the language the app shows here (sw/stop-action.ts).
  await saveDevice({
    endpoint: subscription.endpoint,
    secret: answer.deviceSecret,
    applicationServerKey: publicKey,
    ...stopLabel(),
  }).catch((error: unknown) => log('could not keep the device secret', error));
}

/** The label of the service worker's "Stop notifications" button, once the app's texts are loaded. */
const stopLabel = (): { stopLabel?: string } =>
  i18next.exists('notify.stop.action') ? { stopLabel: i18next.t('notify.stop.action') } : {};

/** The language changed: the service worker's "Stop notifications" button follows it. Best effort. */
export async function relabelDevice(): Promise<void> {
  const device = await readDevice();
  if (device) await saveDevice({ ...device, ...stopLabel() }).catch(() => {});
}

/** Register the subscription for the signed-in user, as the browser gives it (the server validates it). */
const register = (subscription: PushSubscription): Promise<SubscribeResponse> =>
  callApi(contracts.subscribePush, { body: subscription.toJSON() as PushSubscriptionBody });

/** This device's notifications: on, off (may be turned on), blocked by the person, or impossible here. */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

/** Where this browser stands now, without asking anything. */
export async function readPushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const worker = await navigator.serviceWorker.getRegistration();
  const subscription = await worker?.pushManager.getSubscription();
  return subscription && !turnedOff() ? 'on' : 'off';
}

/**
 * The person pressed "Turn on notifications": ask the browser (only here), then subscribe. Resolves
 * to the state after; rejects when the browser allowed it but the subscription failed.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  localStorage.removeItem(PUSH_OFF_KEY);
  if (Notification.permission === 'default') await Notification.requestPermission();
  if (Notification.permission === 'granted') await subscribe();
  return readPushState();
}

/** "Turn off on this device": the server forgets it, then the browser drops the subscription. */
export async function turnOffPush(): Promise<PushState> {
  localStorage.setItem(PUSH_OFF_KEY, '1');
  await unregisterPushSubscription();
  const worker = supported() ? await navigator.serviceWorker.getRegistration() : undefined;
  await (await worker?.pushManager.getSubscription())?.unsubscribe();
  return readPushState();
}

/** Before logout, while the token is still valid: the server stops pushing to this browser. Best effort. */
export async function unregisterPushSubscription(): Promise<void> {
  try {
    if (!supported()) return;
    const worker = await navigator.serviceWorker.getRegistration();
    const subscription = await worker?.pushManager.getSubscription();
    if (!subscription) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), UNSUBSCRIBE_WAIT_MS);
    try {
      await callApi(
        contracts.unsubscribePush,
        { body: { endpoint: subscription.endpoint } },
        { signal: controller.signal },
      );
    } finally {
      clearTimeout(timer);
    }
    // The server forgot it: the service worker has nothing left to replace.
    await forgetDevice();
  } catch (error) {
    log('unsubscribe failed', error);
  }
}

/**
 * The server already deleted this device (a guest who unfollowed their last business): the browser
 * drops its subscription and the service worker its record. Best effort: nothing to tell the server.
 */
export async function dropPushHere(): Promise<void> {
  try {
    if (!supported()) return;
    const worker = await navigator.serviceWorker.getRegistration();
    await (await worker?.pushManager.getSubscription())?.unsubscribe();
    await forgetDevice();
  } catch (error) {
    log('could not drop the subscription', error);
  }
}
