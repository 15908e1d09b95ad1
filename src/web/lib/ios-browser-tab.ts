import { runsInstalled } from './runs-installed';

/**
 * Safari on an iPhone or iPad, not opened from the Home Screen: web push exists there only in the
 * installed app, so the page says how to add it instead of offering a button that cannot work.
 */
export function isIosBrowserTab(): boolean {
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    // iPadOS presents itself as a Mac; a touch screen tells them apart.
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return ios && !runsInstalled();
}
