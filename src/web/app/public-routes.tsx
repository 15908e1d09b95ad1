import { Navigate, Outlet, type RouteObject } from 'react-router';
import { GuestGuard } from './guards';
import { page } from './route-helpers';

/** Public routes without a layout. */
export const bareRoutes: RouteObject[] = [
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
  {
    path: '/invitation/:token',
    lazy: page(
      () => import('../pages/public/invitation-page'),
      (m) => m.InvitationPage,
    ),
  },
  {
    path: '/unsubscribe/:token',
    lazy: page(
      () => import('../pages/public/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
];

/** Sign-in and registration: only for who is signed out. */
export const guestRoutes: RouteObject = {
  element: (
    <GuestGuard>
      <Outlet />
    </GuestGuard>
  ),
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
};

/** The public layout with its top bar: home, the app's install page, documents and establishments' public pages. */
export const publicLayoutRoutes: RouteObject = {
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
      path: '/install',
      lazy: page(
        () => import('../pages/public/install-page'),
        (m) => m.InstallPage,
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
};
