import { useEffect, useSyncExternalStore } from 'react';
import { type PushState, readPushState, turnOffPush, turnOnPush } from './push-subscription';

/**
 * This device's notification state, shared by the bell and the feed's offer so both say the same:
 * read once on first use, again after each change made here and when the browser's permission
 * changes (the person allowed or blocked it in the site settings).
 */
type Known = PushState | 'unknown';

let current: Known = 'unknown';
const listeners = new Set<() => void>();
let watching = false;

const publish = (state: Known) => {
  current = state;
  for (const listener of listeners) listener();
};
const published = (state: PushState) => {
  publish(state);
  return state;
};

export async function refreshPushState(): Promise<void> {
  publish(await readPushState().catch((): PushState => 'unsupported'));
}

function watchPermission() {
  if (watching || !navigator.permissions?.query) return;
  watching = true;
  navigator.permissions
    .query({ name: 'notifications' })
    .then((status) => {
      status.onchange = () => void refreshPushState();
    })
    .catch(() => {});
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The state ('unknown' until first read) and how to change it. */
export function usePushState() {
  const state = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  useEffect(() => {
    watchPermission();
    if (current === 'unknown') void refreshPushState();
  }, []);
  return {
    state,
    /** Asks the browser and subscribes: the state after; rejects when the subscription failed. */
    turnOn: () => turnOnPush().then(published),
    turnOff: () => turnOffPush().then(published),
  };
}
