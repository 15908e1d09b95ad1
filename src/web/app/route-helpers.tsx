import { Navigate, Outlet, type RouteObject } from 'react-router';
import type { Right } from '../../shared/permissions';
import { RightGuard } from './guards';

/** Every page is its own chunk, so a public or sign-in page loads without the dashboard's code. */
export const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

export const toAccount = <Navigate to="/app/account" replace />;
export const to404 = <Navigate to="/404" replace />;

/** Child routes that only who holds `right` reaches (others see the guard's answer). */
export const withRight = (right: Right, children: RouteObject[], path?: string): RouteObject => ({
  path,
  element: (
    <RightGuard right={right}>
      <Outlet />
    </RightGuard>
  ),
  children,
});
