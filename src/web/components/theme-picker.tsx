import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { THEMES, type ThemeName, useSettings } from '../lib/settings';
import { PickerMenu } from './picker-menu';

// Each theme's background and accent, so a theme can be recognised before it is applied.
const SWATCH: Record<ThemeName, { background: string; accent: string }> = {
  LIGHT: { background: '#F6F7FB', accent: '#5048E5' },
  ONE_DARK: { background: '#282C34', accent: '#61AFEF' },
  UNICORN: { background: 'linear-gradient(135deg, #3A2A6E, #5E2A63)', accent: '#FF7AC6' },
};

/** A small preview of a theme's colours (decorative: the theme's name is always beside it). */
export function ThemeSwatch({ theme, size = 22 }: { theme: ThemeName; size?: number }) {
  const { background, accent } = SWATCH[theme];
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        background,
        border: 1,
        borderColor: 'divider',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <Box sx={{ width: size / 2.6, height: size / 2.6, borderRadius: '50%', bgcolor: accent }} />
    </Box>
  );
}

/** Top-bar theme menu (LIGHT, ONE_DARK, UNICORN): the choice applies at once and is stored. */
export function ThemePicker() {
  const { t } = useTranslation();
  const { settings, saveSettings } = useSettings();
  return (
    <PickerMenu
      label={t('settings.theme.select')}
      icon={<PaletteOutlinedIcon />}
      options={THEMES.map((theme) => ({
        value: theme,
        label: t(`settings.theme.names.${theme}`),
        adornment: <ThemeSwatch theme={theme} />,
      }))}
      selected={settings.theme}
      onSelect={(theme) => saveSettings({ theme })}
    />
  );
}
