/** Colours of the navigation sidebar, one set per theme (read as `theme.palette.sidebar`). */
export interface SidebarPalette {
  background: string;
  text: string;
  textSecondary: string;
  sectionTitle: string;
  hover: string;
  activeBackground: string;
  activeText: string;
  divider: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    sidebar: SidebarPalette;
  }
  interface PaletteOptions {
    sidebar?: SidebarPalette;
  }
}
