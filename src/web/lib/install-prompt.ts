import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the app (Chrome, Edge, Samsung Internet: `beforeinstallprompt`),
 * kept from app start: the event may fire before the install page is drawn, and it can be used
 * only once. main.tsx imports this module so it listens from the first moment.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: InstallOutcome; platform?: string }>;
}

/** The person's answer to the browser's install dialog. */
export type InstallOutcome = 'accepted' | 'dismissed';

export interface InstallPromptState {
  /** The browser offered its install dialog and it has not been used yet. */
  canPrompt: boolean;
  /** The app was installed from this tab (`appinstalled`, or the dialog accepted). */
  installed: boolean;
  /** The answer to the last dialog shown from here. */
  outcome: InstallOutcome | null;
}

let saved: BeforeInstallPromptEvent | null = null;
let current: InstallPromptState = { canPrompt: false, installed: false, outcome: null };
const listeners = new Set<() => void>();

const publish = (change: Partial<InstallPromptState>) => {
  current = { ...current, ...change };
  for (const listener of listeners) listener();
};

window.addEventListener('beforeinstallprompt', (event) => {
  // Our own button shows the dialog; without this Chrome on Android shows its banner as well.
  event.preventDefault();
  saved = event as BeforeInstallPromptEvent;
  publish({ canPrompt: true });
});
window.addEventListener('appinstalled', () => {
  saved = null;
  publish({ canPrompt: false, installed: true });
});

export { runsInstalled } from './runs-installed';

/**
 * Show the browser's install dialog (call it from a click) and wait for the answer; undefined when
 * there is no dialog to show or the browser refused to show it.
 */
export async function promptInstall(): Promise<InstallOutcome | undefined> {
  const event = saved;
  if (!event) return undefined;
  // The event is spent once shown, whatever the answer; the browser may offer a new one later.
  saved = null;
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    publish({ canPrompt: saved !== null, outcome, installed: current.installed || outcome === 'accepted' });
    return outcome;
  } catch {
    publish({ canPrompt: saved !== null });
    return undefined;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the install dialog can be shown, whether the app was installed and the last answer. */
export function useInstallPrompt(): InstallPromptState {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
