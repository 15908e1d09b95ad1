import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { ScrollToTop } from '../components/scroll-to-top';
import { AuthGuard, GuestGuard, RightGuard } from './guards';

// Every page is its own chunk, so a public or sign-in page loads without the dashboard's code.
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

function Root() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <ScrollToTop />
      <Outlet />
    </Suspense>
  );
}

const guest = (
  <GuestGuard>
    <Outlet />
  </GuestGuard>
);
const toAccount = <Navigate to="/app/account" replace />;
const to404 = <Navigate to="/404" replace />;

const comingSoon = page(
  () => import('../pages/app/coming-soon-page'),
  (m) => m.ComingSoonPage,
);
/** A screen of a later issue: guarded now, its page frame says it is not available yet. */
const later = (path: string) => ({ path, lazy: comingSoon });

const adminOnly = (
  <RightGuard right="user:admin">
    <Outlet />
  </RightGuard>
);

/** The spec's routes (section 2), in its order. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      // Public routes, no layout.
      { path: '/', element: <Navigate to="/redirect" replace /> },
      {
        path: '/redirect',
        lazy: page(
          () => import('../pages/public/redirect-page'),
          (m) => m.RedirectPage,
        ),
      },
      {
        path: '/noestablishments',
        lazy: page(
          () => import('../pages/public/no-establishments-page'),
          (m) => m.NoEstablishmentsPage,
        ),
      },
      {
        path: '/waiting',
        lazy: page(
          () => import('../pages/public/waiting-page'),
          (m) => m.WaitingPage,
        ),
      },
      {
        path: '/404',
        lazy: page(
          () => import('../pages/public/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
      {
        path: '/verify/:token',
        lazy: page(
          () => import('../pages/public/verify-page'),
          (m) => m.VerifyPage,
        ),
      },

      // Guest-only routes.
      {
        element: guest,
        children: [
          {
            path: '/login',
            lazy: page(
              () => import('../pages/auth/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: '/forgotpassword',
            lazy: page(
              () => import('../pages/auth/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: '/newpassword/:token',
            lazy: page(
              () => import('../pages/auth/new-password-page'),
              (m) => m.NewPasswordPage,
            ),
          },
          {
            path: '/register',
            lazy: page(
              () => import('../pages/auth/register-page'),
              (m) => m.RegisterPage,
            ),
          },
        ],
      },

      // The authenticated area.
      {
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
              later('reports/dashboard'),
              {
                element: (
                  <RightGuard right="user:representant">
                    <Outlet />
                  </RightGuard>
                ),
                children: [
                  {
                    path: 'reports/representant',
                    lazy: page(
                      () => import('../pages/app/reports/representant-page'),
                      (m) => m.RepresentantPage,
                    ),
                  },
                ],
              },
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
                path: 'management',
                element: adminOnly,
                children: [
                  { index: true, element: <Navigate to="/app/management/customers" replace /> },
                  later('customers'),
                  later('customers/new'),
                  later('customers/:customerId'),
                  later('customers/:customerId/edit'),
                  {
                    path: 'establishment',
                    lazy: page(
                      () => import('../pages/app/management/establishment-list-page'),
                      (m) => m.EstablishmentListPage,
                    ),
                  },
                  {
                    path: 'establishment/new',
                    lazy: page(
                      () => import('../pages/app/management/establishment-new-page'),
                      (m) => m.EstablishmentNewPage,
                    ),
                  },
                  {
                    path: 'establishment/addclient',
                    lazy: page(
                      () => import('../pages/app/management/add-member-page'),
                      (m) => m.AddClientPage,
                    ),
                  },
                  {
                    path: 'establishment/adduser',
                    lazy: page(
                      () => import('../pages/app/management/add-member-page'),
                      (m) => m.AddUserPage,
                    ),
                  },
                  {
                    path: 'establishment/:establishmentId',
                    lazy: page(
                      () => import('../pages/app/management/establishment-detail-page'),
                      (m) => m.EstablishmentDetailPage,
                    ),
                  },
                  {
                    path: 'establishment/:establishmentId/edit',
                    lazy: page(
                      () => import('../pages/app/management/establishment-edit-page'),
                      (m) => m.EstablishmentEditPage,
                    ),
                  },
                  later('users'),
                  later('users/:userId'),
                  later('clients'),
                  later('clients/:clientId'),
                  later('preferences'),
                  later('preferences/:preferenceId'),
                  later('preference-groups'),
                  later('preference-groups/:groupId'),
                ],
              },
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
      },

      // The public layout with its top bar.
      {
        lazy: page(
          () => import('../layouts/public-layout'),
          (m) => m.PublicLayout,
        ),
        children: [
          {
            path: '/home',
            lazy: page(
              () => import('../pages/public/home-page'),
              (m) => m.HomePage,
            ),
          },
          {
            path: '/gdpr/:document',
            lazy: page(
              () => import('../pages/public/gdpr-page'),
              (m) => m.GdprPage,
            ),
          },
          {
            path: '/:establishmentId',
            lazy: page(
              () => import('../pages/public/establishment/public-establishment-page'),
              (m) => m.PublicEstablishmentPage,
            ),
          },
          {
            path: '/:establishmentId/register',
            lazy: page(
              () => import('../pages/public/establishment/public-register-page'),
              (m) => m.PublicRegisterPage,
            ),
          },
          {
            path: '/:establishmentId/gdpr/privacy',
            lazy: page(
              () => import('../pages/public/gdpr-page'),
              (m) => m.GdprPage,
            ),
          },
          {
            path: '/:establishmentId/:establishmentId2/gdpr/privacy',
            lazy: page(
              () => import('../pages/public/gdpr-page'),
              (m) => m.GdprPage,
            ),
          },
        ],
      },
      { path: '*', element: to404 },
    ],
  },
]);
