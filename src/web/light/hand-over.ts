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

/**
 * Keep the session, tell the app what just happened (`handed`, in session storage), and let it take
 * over (storage may be off: the page stays). The app's files are fetched first while the page's own
 * answer ("registered", "notifications on") stays on screen, so a slow connection shows that answer
 * rather than an empty page until the app can draw.
 */
export async function signInAndHandOver(
  token: string,
  app: LightPageData['app'],
  handed?: { key: string; value: string },
): Promise<void> {
  try {
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
    if (handed) sessionStorage.setItem(handed.key, handed.value);
  } catch {
    return;
  }
  const fetched = (rel: string, href: string, as?: string) =>
    new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = href;
      if (as) link.as = as;
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.append(link);
    });
  await Promise.all([
    ...app.scripts.map((src) => fetched('modulepreload', src)),
    ...app.styles.map((href) => fetched('preload', href, 'style')),
  ]);
  handOverToApp(app);
}
