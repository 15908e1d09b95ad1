import { alpha, createTheme, responsiveFontSizes, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { Settings, ThemeName } from '../lib/settings';
import type { SidebarPalette } from './theme-augmentation';

interface Look {
  palette: ThemeOptions['palette'] & { sidebar: SidebarPalette };
  /** The top bar's background (a colour or a gradient) and its text colour. */
  topBar: { background: string; text: string; border: string };
  /** Card and menu shadow: soft on light surfaces, none on dark ones where borders carry the shape. */
  cardShadow: string;
  menuShadow: string;
}

/** The three themes of the spec: a light one and two dark ones. */
const LOOKS: Record<ThemeName, Look> = {
  LIGHT: {
    palette: {
      mode: 'light',
      primary: { main: '#5048E5', light: '#828DF8', dark: '#3832A0', contrastText: '#FFFFFF' },
      secondary: { main: '#0B815A', contrastText: '#FFFFFF' },
      // As text on the page's grey as well as on white (4.9:1).
      error: { main: '#C53A3A' },
      // The amber reads only as a fill; as text (outlined and text buttons) the dark shade keeps AA.
      warning: { main: '#FFB020', dark: '#915F0B', contrastText: '#121828' },
      // Dark enough for white text and for text on white (WCAG AA).
      success: { main: '#0E7C70', contrastText: '#FFFFFF' },
      background: { default: '#F6F7FB', paper: '#FFFFFF' },
      text: { primary: '#121828', secondary: '#5B6B82' },
      divider: '#E6E8F0',
      sidebar: {
        background: '#FFFFFF',
        text: '#2D3748',
        textSecondary: '#5B6B82',
        sectionTitle: '#5B6B82',
        hover: 'rgba(80, 72, 229, 0.05)',
        activeBackground: 'rgba(80, 72, 229, 0.1)',
        activeText: '#3F37C9',
        divider: '#E6E8F0',
      },
    },
    topBar: { background: '#FFFFFF', text: '#121828', border: '#E6E8F0' },
    cardShadow: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)',
    menuShadow: '0 10px 30px rgba(16, 24, 40, 0.14)',
  },
  ONE_DARK: {
    palette: {
      mode: 'dark',
      primary: { main: '#61AFEF', contrastText: '#1E2127' },
      secondary: { main: '#98C379', contrastText: '#1E2127' },
      // Light enough for text on the cards (4.8:1), and carrying dark text when it is the fill.
      error: { main: '#E5767E', contrastText: '#1E2127' },
      warning: { main: '#E5C07B', contrastText: '#1E2127' },
      success: { main: '#98C379', contrastText: '#1E2127' },
      info: { main: '#56B6C2', contrastText: '#1E2127' },
      background: { default: '#1E2127', paper: '#282C34' },
      text: { primary: '#E6E6E6', secondary: '#ABB2BF' },
      divider: 'rgba(171, 178, 191, 0.16)',
      sidebar: {
        background: '#21252B',
        text: '#D7DAE0',
        textSecondary: '#ABB2BF',
        sectionTitle: '#9DA5B4',
        hover: 'rgba(171, 178, 191, 0.08)',
        activeBackground: 'rgba(97, 175, 239, 0.16)',
        activeText: '#7CC0F5',
        divider: 'rgba(171, 178, 191, 0.14)',
      },
    },
    topBar: { background: '#21252B', text: '#E6E6E6', border: 'rgba(171, 178, 191, 0.14)' },
    cardShadow: 'none',
    menuShadow: '0 12px 32px rgba(0, 0, 0, 0.45)',
  },
  UNICORN: {
    palette: {
      mode: 'dark',
      primary: { main: '#A67DFF', contrastText: '#1B1530' },
      secondary: { main: '#FF7AC6', contrastText: '#1B1530' },
      error: { main: '#FF5C8A' },
      warning: { main: '#FFC46B', contrastText: '#1B1530' },
      success: { main: '#5EE3B8', contrastText: '#1B1530' },
      info: { main: '#7DD3FC', contrastText: '#1B1530' },
      background: { default: '#1B1530', paper: '#261E40' },
      text: { primary: '#F4F0FF', secondary: '#C3B8E6' },
      divider: 'rgba(195, 184, 230, 0.16)',
      sidebar: {
        background: 'linear-gradient(180deg, #2B2050 0%, #1F1839 100%)',
        text: '#EDE7FF',
        textSecondary: '#C3B8E6',
        sectionTitle: '#B7A9E3',
        hover: 'rgba(166, 125, 255, 0.1)',
        activeBackground: 'linear-gradient(90deg, rgba(166, 125, 255, 0.32), rgba(255, 122, 198, 0.2))',
        activeText: '#FFFFFF',
        divider: 'rgba(195, 184, 230, 0.14)',
      },
    },
    topBar: {
      background: 'linear-gradient(90deg, #3A2A6E 0%, #4B2A6E 55%, #5E2A63 100%)',
      text: '#FFFFFF',
      border: 'rgba(255, 122, 198, 0.25)',
    },
    cardShadow: '0 8px 24px rgba(10, 4, 30, 0.35)',
    menuShadow: '0 12px 32px rgba(10, 4, 30, 0.6)',
  },
};

/** Build the MUI theme from the user's settings. */
export function createAppTheme(
  settings: Pick<Settings, 'theme' | 'direction' | 'responsiveFontSizes'>,
): Theme {
  const look = LOOKS[settings.theme];
  const base = createTheme({ direction: settings.direction, palette: look.palette });
  const { palette } = base;
  const focusRing = `2px solid ${palette.primary.main}`;

  let theme = createTheme(base, {
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 700, fontSize: '3rem' },
      h2: { fontWeight: 700, fontSize: '2.5rem' },
      h3: { fontWeight: 700, fontSize: '2rem' },
      h4: { fontWeight: 700, fontSize: '1.75rem' },
      h5: { fontWeight: 600, fontSize: '1.4rem' },
      h6: { fontWeight: 600, fontSize: '1.1rem' },
      overline: { fontWeight: 700, letterSpacing: '0.08em' },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A visible keyboard focus everywhere, whatever the theme's ripple looks like.
          ':where(a, button, [role="button"], [role="menuitem"], [role="tab"], [tabindex]):focus-visible': {
            outline: focusRing,
            outlineOffset: 2,
          },
          '.MuiMenuItem-root:focus-visible, .MuiListItemButton-root:focus-visible': { outlineOffset: -2 },
        },
      },
      // MUI's buttons, menu items, checkboxes and switches set `outline: 0` after the rule above and
      // show the keyboard's focus only as a faint ripple: the same ring, on what MUI marks focused.
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: focusRing } } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: {
            background: look.topBar.background,
            color: look.topBar.text,
            borderBottom: `1px solid ${look.topBar.border}`,
          },
        },
      },
      MuiPaper: {
        // Dark modes otherwise lighten raised paper with a white overlay, which washes out our colours.
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            borderRadius: 16,
            border: `1px solid ${palette.divider}`,
            boxShadow: look.cardShadow,
          },
        },
      },
      MuiCardHeader: {
        defaultProps: { slotProps: { title: { variant: 'h6' } } },
        styleOverrides: { root: { padding: '20px 24px' } },
      },
      MuiCardContent: {
        styleOverrides: { root: { padding: 24, '&:last-child': { paddingBottom: 24 } } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: {
            borderRadius: 8,
            paddingInline: 16,
            // Amber text on a light page is unreadable (1.7:1): outlined and text warning buttons
            // take the dark shade; on dark themes the main shade already reads.
            variants:
              palette.mode === 'light'
                ? (['outlined', 'text'] as const).map((variant) => ({
                    props: { color: 'warning' as const, variant },
                    style: { color: palette.warning.dark, borderColor: palette.warning.dark },
                  }))
                : [],
          },
          sizeLarge: { paddingBlock: 10, fontSize: '1rem' },
        },
      },
      MuiIconButton: {
        styleOverrides: { root: { borderRadius: 10 } },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            backgroundColor:
              palette.mode === 'dark' ? alpha(palette.common.white, 0.03) : palette.background.paper,
          },
          notchedOutline: {
            borderColor: palette.mode === 'dark' ? alpha(palette.common.white, 0.18) : '#D0D5E0',
          },
        },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiMenu: {
        styleOverrides: {
          paper: { border: `1px solid ${palette.divider}`, boxShadow: look.menuShadow, marginTop: 4 },
        },
      },
      MuiPopover: {
        styleOverrides: { paper: { boxShadow: look.menuShadow } },
      },
      MuiMenuItem: {
        styleOverrides: { root: { borderRadius: 6, marginInline: 6, paddingInline: 12 } },
      },
      MuiListItemButton: {
        styleOverrides: { root: { borderRadius: 8 } },
      },
      MuiListItemIcon: {
        styleOverrides: { root: { minWidth: 36, color: 'inherit' } },
      },
      MuiDrawer: {
        styleOverrides: { paper: { borderColor: palette.divider } },
      },
      MuiChip: {
        styleOverrides: { root: { fontWeight: 500 } },
      },
      MuiTooltip: {
        styleOverrides: { tooltip: { fontSize: '0.8rem' } },
      },
      MuiTableCell: {
        styleOverrides: {
          head: {
            fontWeight: 600,
            color: palette.text.secondary,
            backgroundColor: palette.mode === 'dark' ? alpha(palette.common.white, 0.03) : '#F3F4F8',
          },
        },
      },
    },
  });
  if (settings.responsiveFontSizes) theme = responsiveFontSizes(theme);
  return theme;
}
