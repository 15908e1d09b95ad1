import { Box, Skeleton, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PreferenceChecklist } from '../../../components/preference-checklist';
import { usePreferenceGroups, usePreferences } from '../../../lib/api/preferences.api';

interface Props {
  value: string[];
  onChange(value: string[]): void;
  disabled?: boolean;
  /** The server's refusal (a preference deleted meanwhile), shown under the choices. */
  error?: string | null;
}

/**
 * On the register-and-follow page: the preferences as optional checkboxes under their groups, A to
 * Z in the visitor's language (English names where a translation is missing). Nothing when there
 * are none or they cannot be loaded: registering never waits for them.
 */
export function RegistrationPreferences({ value, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const groups = usePreferenceGroups();
  const titleId = useId();

  if (preferences.isPending) {
    return <Skeleton variant="rounded" height={72} aria-hidden />;
  }
  if (preferences.isError || preferences.data.length === 0) return null;

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('targeting.register.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('targeting.register.hint')}
      </Typography>
      <PreferenceChecklist
        layout="inline"
        preferences={preferences.data}
        groups={groups.data}
        value={value}
        onChange={onChange}
        disabled={disabled}
        error={error}
      />
    </Box>
  );
}
