import { API_PATHS } from '../../shared/contracts/paths';

/** This page view (recordPageView), once every cookie is accepted; analytics never disturb the visitor. */
export function recordPageView(source: string | undefined): void {
  const body = {
    path: location.pathname,
    ...(document.referrer ? { referrer: document.referrer } : {}),
    ...(source ? { source } : {}),
  };
  fetch(API_PATHS.pageView, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}
