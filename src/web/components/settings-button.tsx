import CloseIcon from '@mui/icons-material/Close';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import {
  Box,
  Button,
  Divider,
  Drawer,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../shared/messages';
import { type Settings, THEMES, type ThemeName, useSettings } from '../lib/settings';
import { translateMessage } from '../lib/translate-message';
import { ThemeSwatch } from './theme-picker';

type Draft = Pick<Settings, 'theme' | 'direction' | 'responsiveFontSizes'>;

/** Top-bar settings button: a drawer with theme, right-to-left and responsive fonts, applied on Save. */
export function SettingsButton() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const label = t('settings.open');

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <SettingsOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        // Over the top bar, which sits above the permanent sidebar.
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 360 } } } }}
      >
        {/* Mounted on open, so the draft starts from the stored settings each time. */}
        {open && (
          <SettingsPanel
            initial={{
              theme: settings.theme,
              direction: settings.direction,
              responsiveFontSizes: settings.responsiveFontSizes,
            }}
            titleId={titleId}
            onClose={() => setOpen(false)}
          />
        )}
      </Drawer>
    </>
  );
}

function SettingsPanel({ initial, titleId, onClose }: { initial: Draft; titleId: string; onClose(): void }) {
  const { t } = useTranslation();
  const { saveSettings } = useSettings();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<Draft>(initial);
  const themeLabelId = useId();
  const rtlHelpId = useId();
  const fontsHelpId = useId();
  const changed = (Object.keys(initial) as (keyof Draft)[]).some((key) => initial[key] !== draft[key]);

  const save = () => {
    // Spec section 4: these settings apply when saved; section 8's "Changes saved!" says so.
    saveSettings(draft);
    onClose();
    enqueueSnackbar(translateMessage(t, Msg.changesSaved), { variant: 'success' });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('settings.title')}
        </Typography>
        <IconButton aria-label={t('settings.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={3} sx={{ p: 3, flexGrow: 1, overflowY: 'auto' }}>
        <Box>
          <Typography id={themeLabelId} variant="overline" color="textSecondary" component="h3">
            {t('settings.theme.label')}
          </Typography>
          <RadioGroup
            aria-labelledby={themeLabelId}
            value={draft.theme}
            onChange={(event) => setDraft({ ...draft, theme: event.target.value as ThemeName })}
          >
            {THEMES.map((theme) => (
              <FormControlLabel
                key={theme}
                value={theme}
                control={<Radio />}
                label={
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <ThemeSwatch theme={theme} />
                    <span>{t(`settings.theme.names.${theme}`)}</span>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
        </Box>
        <Box>
          <Typography variant="overline" color="textSecondary" component="h3">
            {t('settings.layout')}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={draft.direction === 'rtl'}
                onChange={(event) => setDraft({ ...draft, direction: event.target.checked ? 'rtl' : 'ltr' })}
                slotProps={{ input: { 'aria-describedby': rtlHelpId } }}
              />
            }
            label={t('settings.rtl')}
          />
          <FormHelperText id={rtlHelpId} sx={{ mt: 0, mb: 1.5 }}>
            {t('settings.rtlHelp')}
          </FormHelperText>
          <FormControlLabel
            control={
              <Switch
                checked={draft.responsiveFontSizes}
                onChange={(event) => setDraft({ ...draft, responsiveFontSizes: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': fontsHelpId } }}
              />
            }
            label={t('settings.responsiveFonts')}
          />
          <FormHelperText id={fontsHelpId} sx={{ mt: 0 }}>
            {t('settings.responsiveFontsHelp')}
          </FormHelperText>
        </Box>
      </Stack>
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ p: 3 }}>
        <Button variant="outlined" color="inherit" onClick={onClose} sx={{ flex: 1 }}>
          {t('settings.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={!changed} sx={{ flex: 1 }}>
          {t('settings.save')}
        </Button>
      </Stack>
    </Box>
  );
}
