import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { ScrollToTop } from '../components/scroll-to-top';
import { PageViewTracker } from '../features/analytics/components/page-view-tracker';
import { appRoutes } from './app-routes';
import { bareRoutes, guestRoutes, publicLayoutRoutes } from './public-routes';
import { to404 } from './route-helpers';

function Root() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <ScrollToTop />
      <PageViewTracker />
      <Outlet />
    </Suspense>
  );
}

/** The spec's routes (section 2), in its order: the browser's router (router.tsx) and route tests. */
export const routeTree: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [...bareRoutes, guestRoutes, appRoutes, publicLayoutRoutes, { path: '*', element: to404 }],
  },
];
