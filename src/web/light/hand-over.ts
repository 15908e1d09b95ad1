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
 * there, as on every other page. The app starts from what index.html gives it, an empty #root with
 * no styles of ours (the light page's class and inline styles would reach into the app's markup).
 */
export function handOverToApp(app: LightPageData['app']): void {
  const root = document.getElementById('root');
  root?.replaceChildren();
  root?.removeAttribute('class');
  for (const style of document.head.querySelectorAll('style')) style.remove();
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
