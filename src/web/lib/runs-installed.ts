// Apart from install-prompt.ts (which needs React) so the light public page can ask it too.

/** The app runs as installed (opened from the Home Screen or the app list), not in a browser tab. */
export function runsInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
