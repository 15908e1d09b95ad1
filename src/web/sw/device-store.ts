// This device's push registration, kept where both the page and the service worker can read it
// (IndexedDB; the worker has no localStorage): the endpoint the server knows, the secret it gave this
// device for it, and the application server key it was made with. The worker needs all three when
// the browser replaces the subscription (pushsubscriptionchange) with no page open.

/** What the page stored after the server registered this browser's subscription. */
export interface StoredDevice {
  endpoint: string;
  /** From the server's answer: proves this device held `endpoint` (POST /api/push/subscription-change). */
  secret: string;
  /** The VAPID public key (base64url) the subscription was made with. */
  applicationServerKey: string;
  /**
   * "Stop notifications" in the language the app shows on this device: the label of the button the
   * worker adds to a business's notification (stop-action.ts). Absent until the app has registered
   * the device once.
   */
  stopLabel?: string;
}

const DATABASE = 'broadcast-push';
const STORE = 'device';
const KEY = 'current';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/** The stored registration, or null when there is none (or no IndexedDB). */
export async function readDevice(): Promise<StoredDevice | null> {
  try {
    return (await run<StoredDevice | undefined>('readonly', (store) => store.get(KEY))) ?? null;
  } catch {
    return null;
  }
}

export function saveDevice(device: StoredDevice): Promise<unknown> {
  return run('readwrite', (store) => store.put(device, KEY));
}

export function forgetDevice(): Promise<unknown> {
  return run('readwrite', (store) => store.delete(KEY));
}
