import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { page, withRight } from './route-helpers';

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
    {
      path: 'customers/new',
      lazy: page(
        () => import('../pages/app/management/person-new-page'),
        (m) => m.CustomerNewPage,
      ),
    },
    {
      path: 'customers/:customerId',
      lazy: page(
        () => import('../pages/app/management/person-detail-page'),
        (m) => m.CustomerDetailPage,
      ),
    },
    {
      path: 'customers/:customerId/edit',
      lazy: page(
        () => import('../pages/app/management/person-edit-page'),
        (m) => m.CustomerEditPage,
      ),
    },
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
    {
      path: 'users',
      lazy: page(
        () => import('../pages/app/management/users-page'),
        (m) => m.UsersPage,
      ),
    },
    {
      path: 'users/new',
      lazy: page(
        () => import('../pages/app/management/person-new-page'),
        (m) => m.UserNewPage,
      ),
    },
    {
      path: 'users/:userId',
      lazy: page(
        () => import('../pages/app/management/person-detail-page'),
        (m) => m.UserDetailPage,
      ),
    },
    {
      path: 'users/:userId/edit',
      lazy: page(
        () => import('../pages/app/management/person-edit-page'),
        (m) => m.UserEditPage,
      ),
    },
    {
      path: 'clients',
      lazy: page(
        () => import('../pages/app/management/users-page'),
        (m) => m.ClientsPage,
      ),
    },
    {
      path: 'clients/:clientId',
      lazy: page(
        () => import('../pages/app/management/person-detail-page'),
        (m) => m.ClientDetailPage,
      ),
    },
    {
      path: 'clients/:clientId/edit',
      lazy: page(
        () => import('../pages/app/management/person-edit-page'),
        (m) => m.ClientEditPage,
      ),
    },
    {
      path: 'email-health',
      lazy: page(
        () => import('../pages/app/management/email-health-page'),
        (m) => m.EmailHealthPage,
      ),
    },
    withRight('signInProvider:manage', [
      {
        path: 'sign-in-provider',
        lazy: page(
          () => import('../pages/app/management/sign-in-provider-page'),
          (m) => m.SignInProviderPage,
        ),
      },
    ]),
    withRight('auditLog:read', [
      {
        path: 'audit-log',
        lazy: page(
          () => import('../pages/app/management/audit-log-page'),
          (m) => m.AuditLogPage,
        ),
      },
    ]),
    {
      path: 'preferences',
      lazy: page(
        () => import('../pages/app/management/preferences-page'),
        (m) => m.PreferencesPage,
      ),
    },
    {
      path: 'preferences/:preferenceId',
      lazy: page(
        () => import('../pages/app/management/preference-page'),
        (m) => m.PreferencePage,
      ),
    },
    {
      path: 'preference-groups',
      lazy: page(
        () => import('../pages/app/management/preference-groups-page'),
        (m) => m.PreferenceGroupsPage,
      ),
    },
    {
      path: 'preference-groups/:groupId',
      lazy: page(
        () => import('../pages/app/management/preference-group-page'),
        (m) => m.PreferenceGroupPage,
      ),
    },
  ],
  'management',
);
