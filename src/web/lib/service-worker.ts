/**
 * Register the service worker that makes the app installable and shows web push notifications:
 * `/sw.js`, built from src/web/sw/sw.ts (vite.config.ts).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  // main.tsx awaits the translations first, so the page may well have loaded already.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
