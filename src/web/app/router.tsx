import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { ScrollToTop } from '../components/scroll-to-top';
import { AuthGuard, GuestGuard } from './guards';

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

const dashboard = page(
  () => import('../layouts/dashboard-layout'),
  (m) => m.DashboardLayout,
);
const comingSoon = page(
  () => import('../pages/app/coming-soon-page'),
  (m) => m.ComingSoonPage,
);

export const router = createBrowserRouter([
  {
    element: <Root />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { path: '/', element: <Navigate to="/redirect" replace /> },
      {
        path: '/redirect',
        lazy: page(
          () => import('../pages/public/redirect-page'),
          (m) => m.RedirectPage,
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
        path: '/login',
        element: (
          <GuestGuard>
            <Outlet />
          </GuestGuard>
        ),
        children: [
          {
            index: true,
            lazy: page(
              () => import('../pages/auth/login-page'),
              (m) => m.LoginPage,
            ),
          },
        ],
      },
      {
        path: '/app',
        element: (
          <AuthGuard>
            <Outlet />
          </AuthGuard>
        ),
        children: [
          {
            lazy: dashboard,
            children: [
              { index: true, element: <Navigate to="/app/account" replace /> },
              {
                path: 'account',
                lazy: page(
                  () => import('../pages/app/account-page'),
                  (m) => m.AccountPage,
                ),
              },
              { path: 'management', element: <Navigate to="/app/management/customers" replace /> },
              { path: 'management/*', lazy: comingSoon },
              { path: '*', element: <Navigate to="/404" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);
