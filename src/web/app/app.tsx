import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { getContrastRatio, styled } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { CookieConsent } from '../components/cookie-consent';
import { SessionProvider } from '../lib/session';
import { SettingsProvider, useSettings } from '../lib/settings';
import { createAppTheme } from '../theme/create-app-theme';
import { emotionCacheFor } from '../theme/emotion-cache';
import { router } from './router';

const openInApp = (to: string) => void router.navigate(to);

/**
 * Snackbars in the theme's colours: notistack's own (white on #43a047 and the like) fail the WCAG AA
 * text contrast. Where a colour is too light for its text, its darker shade stands in.
 */
const SnackbarContent = styled(MaterialDesignContent)(({ theme }) =>
  Object.fromEntries(
    (['success', 'error', 'warning', 'info'] as const).map((variant) => {
      const { main, dark, contrastText } = theme.palette[variant];
      const background =
        getContrastRatio(main, contrastText) >= 4.5 ||
        getContrastRatio(main, contrastText) >= getContrastRatio(dark, contrastText)
          ? main
          : dark;
      return [`&.notistack-MuiContent-${variant}`, { backgroundColor: background, color: contrastText }];
    }),
  ),
);
const snackbarComponents = {
  success: SnackbarContent,
  error: SnackbarContent,
  warning: SnackbarContent,
  info: SnackbarContent,
};

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
          Components={snackbarComponents}
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
