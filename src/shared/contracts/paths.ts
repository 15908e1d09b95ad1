/**
 * The paths of the endpoints that code without the contracts calls or links to: the light public
 * pages and the service worker, whose bundles must stay small (a contract brings its zod schemas
 * along), and the links in emails. The contracts declare these paths from here, so no path is
 * written twice.
 */
export const API_PATHS = {
  register: '/api/account/register',
  /** Follow from this device with one tap, no account (the light public page calls it too). */
  guestFollow: '/api/account/guest',
  pageView: '/api/analytics/pageview',
  notificationEvents: '/api/notifications/:id/events',
  pushSubscriptionChange: '/api/push/subscription-change',
  /** Links in notification emails (src/server/mail/email-links.ts). */
  emailOpen: '/api/email/open/:token',
  emailUnsubscribe: '/api/email/unsubscribe/:token',
} as const;

/** A path with its `:name` params filled in (encoded). */
export function pathWith(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}
