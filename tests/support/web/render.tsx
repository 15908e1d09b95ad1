import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import type { User } from '../../../src/shared/schemas/account.schema';
import { SessionProvider } from '../../../src/web/lib/session';
import { defaultSettings, SettingsProvider } from '../../../src/web/lib/settings';
import { ACCESS_TOKEN_KEY } from '../../../src/web/lib/storage-keys';
import { createAppTheme } from '../../../src/web/theme/create-app-theme';

/**
 * Render routes inside the app's real providers, as app.tsx nests them: settings, data (no
 * retries, so a failure shows at once), theme, snackbars, the session, and a memory router.
 */
export function renderRoutes(routes: RouteObject[], { at = '/' }: { at?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  // No pause between keystrokes: typing goes as fast as React renders.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <SettingsProvider>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={createAppTheme(defaultSettings())}>
          <SnackbarProvider maxSnack={1}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </SnackbarProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </SettingsProvider>,
  );
  return { ...view, router, queryClient, user };
}

/** Shows the current path, so a test can read where a guard sent the user. */
export function CurrentPath() {
  const { pathname } = useLocation();
  return <output aria-label="current path">{pathname}</output>;
}

/** An unsigned JWT that expires `seconds` from now (negative: already expired); the web only reads exp. */
export function tokenExpiringIn(seconds: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

/** Store a token that the session will restore at start. */
export function signIn(token = tokenExpiringIn(3600)) {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  return token;
}

export function makeUser(overrides: Partial<User> = {}): User {
  const role = overrides.role ?? 'customer';
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '',
    bio: '',
    avatar: null,
    role,
    roles: [role],
    emailVerified: true,
    guest: false,
    discountedPrices: false,
    marketingConsent: false,
    language: 'en',
    establishments: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
