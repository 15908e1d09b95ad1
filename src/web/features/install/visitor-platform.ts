import { isIosBrowserTab } from '../../lib/ios-browser-tab';

/** Which install steps fit the visitor's device, shown first: iPhone or iPad, Android, or neither. */
export type VisitorPlatform = 'ios' | 'android' | 'other';

/** The visitor's platform from the browser (call it where the app does not run installed). */
export function visitorPlatform(): VisitorPlatform {
  if (isIosBrowserTab()) return 'ios';
  return /Android/i.test(navigator.userAgent) ? 'android' : 'other';
}
