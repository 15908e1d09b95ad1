import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { later, page, withRight } from './route-helpers';

/** /app/management: the admin's screens (spec section 2). */
export const managementRoutes: RouteObject = withRight(
  'user:admin',
  [
    { index: true, element: <Navigate to="/app/management/customers" replace /> },
    {
      path: 'customers',
      lazy: page(
        () => import('../pages/app/management/customers-page'),
        (m) => m.CustomersPage,
      ),
    },
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
  'management',
);
