import { ACCESS_TOKEN_KEY } from '../lib/storage-keys';
import type { LightPageData } from './light-page-data';

/** Whether someone is signed in on this device (the web app keeps the session in local storage). */
export function isSignedIn(): boolean {
  try {
    return Boolean(localStorage.getItem(ACCESS_TOKEN_KEY));
  } catch {
    return false;
  }
}

/**
 * Load the full web app into #root: a signed-in visitor follows, unfollows or opens the dashboard
 * there, as on every other page. The light page stays on screen until the app draws over it.
 */
export function handOverToApp(app: LightPageData['app']): void {
  for (const href of app.styles) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
  for (const src of app.scripts) {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.append(script);
  }
}
