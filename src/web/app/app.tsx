import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session';
import { SettingsProvider, useSettings } from '../lib/settings';
import { createAppTheme } from '../theme/create-app-theme';
import { router } from './router';

function ThemedApp() {
  const { settings } = useSettings();
  const theme = useMemo(
    () => createAppTheme(settings),
    [settings.theme, settings.direction, settings.responsiveFontSizes, settings],
  );
  return (
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
      </SnackbarProvider>
    </ThemeProvider>
  );
}

/** Providers: settings, theme, data, snackbars, session, routes. */
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
