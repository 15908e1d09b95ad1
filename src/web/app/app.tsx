import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { CookieConsent } from '../components/cookie-consent';
import { SessionProvider } from '../lib/session';
import { SettingsProvider, useSettings } from '../lib/settings';
import { createAppTheme } from '../theme/create-app-theme';
import { emotionCacheFor } from '../theme/emotion-cache';
import { router } from './router';

const openInApp = (to: string) => void router.navigate(to);

function ThemedApp() {
  const { settings } = useSettings();
  const { theme: themeName, direction, responsiveFontSizes } = settings;
  const theme = useMemo(
    () => createAppTheme({ theme: themeName, direction, responsiveFontSizes }),
    [themeName, direction, responsiveFontSizes],
  );
  // The document's direction flips the page itself; the RTL emotion cache flips MUI's styles.
  useEffect(() => {
    document.dir = direction;
  }, [direction]);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {/* Spec section 9: at most 1 snackbar at a time. */}
        <SnackbarProvider
          maxSnack={1}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          autoHideDuration={4000}
        >
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
          <CookieConsent navigate={openInApp} />
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

/** Providers: settings, emotion cache (direction), theme, data, snackbars, session, routes, cookie banner. */
export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <SettingsProvider>
      <QueryClientProvider client={queryClient}>
        <ThemedApp />
      </QueryClientProvider>
    </SettingsProvider>
  );
}
