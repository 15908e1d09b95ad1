import { createTheme, responsiveFontSizes, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { Settings, ThemeName } from '../lib/settings';

/** The three themes of the spec: a light one and two dark ones. */
const PALETTES: Record<ThemeName, ThemeOptions['palette']> = {
  LIGHT: {
    mode: 'light',
    primary: { main: '#5048E5', contrastText: '#ffffff' },
    secondary: { main: '#10B981', contrastText: '#ffffff' },
    background: { default: '#F9FAFC', paper: '#FFFFFF' },
    text: { primary: '#121828', secondary: '#65748B' },
    divider: '#E6E8F0',
  },
  ONE_DARK: {
    mode: 'dark',
    primary: { main: '#61AFEF', contrastText: '#1E2127' },
    secondary: { main: '#98C379', contrastText: '#1E2127' },
    error: { main: '#E06C75' },
    warning: { main: '#E5C07B' },
    background: { default: '#1E2127', paper: '#282C34' },
    text: { primary: '#E6E6E6', secondary: '#ABB2BF' },
    divider: 'rgba(171, 178, 191, 0.16)',
  },
  UNICORN: {
    mode: 'dark',
    primary: { main: '#A67DFF', contrastText: '#1B1530' },
    secondary: { main: '#FF7AC6', contrastText: '#1B1530' },
    error: { main: '#FF5C8A' },
    background: { default: '#1B1530', paper: '#261E40' },
    text: { primary: '#F4F0FF', secondary: '#C3B8E6' },
    divider: 'rgba(195, 184, 230, 0.16)',
  },
};

/** Build the MUI theme from the user's settings. */
export function createAppTheme(
  settings: Pick<Settings, 'theme' | 'direction' | 'responsiveFontSizes'>,
): Theme {
  let theme = createTheme({
    direction: settings.direction,
    palette: PALETTES[settings.theme],
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 700, fontSize: '3rem' },
      h2: { fontWeight: 700, fontSize: '2.5rem' },
      h3: { fontWeight: 700, fontSize: '2rem' },
      h4: { fontWeight: 700, fontSize: '1.75rem' },
      h5: { fontWeight: 600, fontSize: '1.4rem' },
      h6: { fontWeight: 600, fontSize: '1.1rem' },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { borderRadius: 8 } } },
      MuiCard: { styleOverrides: { root: { borderRadius: 16 } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
  if (settings.responsiveFontSizes) theme = responsiveFontSizes(theme);
  return theme;
}
