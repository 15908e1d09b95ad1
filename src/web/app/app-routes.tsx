import { Outlet, type RouteObject } from 'react-router';
import { AuthGuard } from './guards';
import { managementRoutes } from './management-routes';
import { page, to404, toAccount, withRight } from './route-helpers';

/** /app: the signed-in area with the dashboard layout. */
export const appRoutes: RouteObject = {
  path: '/app',
  element: (
    <AuthGuard>
      <Outlet />
    </AuthGuard>
  ),
  children: [
    {
      lazy: page(
        () => import('../layouts/dashboard-layout'),
        (m) => m.DashboardLayout,
      ),
      children: [
        { index: true, element: toAccount },
        {
          path: 'blank',
          lazy: page(
            () => import('../pages/app/blank-page'),
            (m) => m.BlankPage,
          ),
        },
        {
          path: 'account',
          lazy: page(
            () => import('../pages/app/account/account-page'),
            (m) => m.AccountPage,
          ),
        },
        { path: 'reports', element: toAccount },
        {
          path: 'reports/dashboard',
          lazy: page(
            () => import('../pages/app/reports/dashboard-page'),
            (m) => m.DashboardPage,
          ),
        },
        withRight('user:representant', [
          {
            path: 'reports/representant',
            lazy: page(
              () => import('../pages/app/reports/representant-page'),
              (m) => m.RepresentantPage,
            ),
          },
        ]),
        {
          path: 'myestablishments',
          lazy: page(
            () => import('../pages/app/establishments/my-establishments-page'),
            (m) => m.MyEstablishmentsPage,
          ),
        },
        {
          path: 'establishment/:establishmentId',
          lazy: page(
            () => import('../pages/app/establishments/establishment-page'),
            (m) => m.EstablishmentPage,
          ),
        },
        {
          path: 'establishment/:establishmentId/notification/:postId',
          lazy: page(
            () => import('../pages/app/notifications/post-page'),
            (m) => m.PostPage,
          ),
        },
        {
          path: 'establishment/:establishmentId/inbox',
          lazy: page(
            () => import('../pages/app/conversations/inbox-page'),
            (m) => m.InboxPage,
          ),
        },
        {
          path: 'messages',
          lazy: page(
            () => import('../pages/app/conversations/my-conversations-page'),
            (m) => m.MyConversationsPage,
          ),
        },
        {
          path: 'messages/:conversationId',
          lazy: page(
            () => import('../pages/app/conversations/conversation-page'),
            (m) => m.ConversationPage,
          ),
        },
        managementRoutes,
        { path: 'social', element: toAccount },
        {
          path: 'social/feed',
          lazy: page(
            () => import('../pages/app/social/social-feed-page'),
            (m) => m.SocialFeedPage,
          ),
        },
        { path: '*', element: to404 },
      ],
    },
  ],
};
