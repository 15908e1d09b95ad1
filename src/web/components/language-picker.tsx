import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAME, LANGUAGES, type Language, LOCALE_OF } from '../../shared/i18n/languages';
import { changeLanguage } from '../app/i18n';
import { useSettings } from '../lib/settings';

/** Top-bar language menu: the choice applies at once and is stored in the settings. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { settings, saveSettings } = useSettings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('languages.select');

  const choose = (language: Language) => {
    setAnchor(null);
    saveSettings({ language });
    void changeLanguage(language);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => {
          const selected = language === settings.language;
          return (
            <MenuItem
              key={language}
              selected={selected}
              onClick={() => choose(language)}
              lang={LOCALE_OF[language]}
              sx={{ minWidth: 200 }}
            >
              <ListItemIcon>{selected && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{LANGUAGE_NAME[language]}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
