/**
 * Every path the web app routes (src/web/app/route-tree.tsx), written out in full, without its
 * catch-alls (`*` answers its 404 page). The server answers index.html with 200 for these only
 * (src/server/plugins/web-app.plugin.ts); src/shared/web-routes.test.ts reads route-tree.tsx and fails
 * when the two lists differ.
 */
export const WEB_ROUTES = [
  // Public routes, no layout.
  '/',
  '/redirect',
  '/noestablishments',
  '/waiting',
  '/404',
  '/verify/:token',
  '/invitation/:token',
  '/unsubscribe/:token',
  // Guest-only routes.
  '/login',
  '/forgotpassword',
  '/newpassword/:token',
  '/register',
  // The authenticated area.
  '/app',
  '/app/blank',
  '/app/account',
  '/app/reports',
  '/app/reports/dashboard',
  '/app/reports/representant',
  '/app/myestablishments',
  '/app/establishment/:establishmentId',
  '/app/establishment/:establishmentId/notification/:postId',
  '/app/establishment/:establishmentId/inbox',
  '/app/messages',
  '/app/messages/:conversationId',
  '/app/management',
  '/app/management/customers',
  '/app/management/customers/new',
  '/app/management/customers/:customerId',
  '/app/management/customers/:customerId/edit',
  '/app/management/establishment',
  '/app/management/establishment/new',
  '/app/management/establishment/addclient',
  '/app/management/establishment/adduser',
  '/app/management/establishment/:establishmentId',
  '/app/management/establishment/:establishmentId/edit',
  '/app/management/users',
  '/app/management/users/new',
  '/app/management/users/:userId',
  '/app/management/users/:userId/edit',
  '/app/management/clients',
  '/app/management/clients/:clientId',
  '/app/management/clients/:clientId/edit',
  '/app/management/audit-log',
  '/app/management/email-health',
  '/app/management/sign-in-provider',
  '/app/management/preferences',
  '/app/management/preferences/:preferenceId',
  '/app/management/preference-groups',
  '/app/management/preference-groups/:groupId',
  '/app/social',
  '/app/social/feed',
  // The public layout.
  '/home',
  '/install',
  '/gdpr/:document',
  '/:establishmentId',
  '/:establishmentId/register',
  '/:establishmentId/gdpr/privacy',
  '/:establishmentId/:establishmentId2/gdpr/privacy',
] as const;

export type WebRoute = (typeof WEB_ROUTES)[number];

/** Paths whose first segment names a business (`/:establishmentId...`): they exist only when it does. */
export const isEstablishmentRoute = (route: WebRoute) => route.startsWith('/:establishmentId');

const compiled = WEB_ROUTES.map((route) => {
  const segments = route.split('/').filter(Boolean);
  return { route, segments, staticCount: segments.filter((s) => !s.startsWith(':')).length };
});

/**
 * The route of the web app a path (without query) falls on, as React Router ranks them: the one
 * with the most fixed segments wins (`/login` over `/:establishmentId`). Params are returned
 * as written in the path. Undefined when only a catch-all would take it.
 */
export function matchWebRoute(
  pathname: string,
): { route: WebRoute; params: Record<string, string> } | undefined {
  const parts = pathname.split('/').filter(Boolean);
  // `//x` and `/x//y` are not paths of the app.
  if (/\/\/./.test(pathname)) return undefined;
  let best: { route: WebRoute; params: Record<string, string>; staticCount: number } | undefined;
  for (const { route, segments, staticCount } of compiled) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let matches = true;
    for (let i = 0; i < segments.length && matches; i++) {
      const segment = segments[i]!;
      if (segment.startsWith(':')) params[segment.slice(1)] = parts[i]!;
      // React Router compares paths case-insensitively.
      else matches = segment === parts[i]!.toLowerCase();
    }
    if (matches && (!best || staticCount > best.staticCount)) best = { route, params, staticCount };
  }
  return best && { route: best.route, params: best.params };
}
