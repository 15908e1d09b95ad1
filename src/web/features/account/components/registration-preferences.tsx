import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { nameInLanguage, type Preference } from '../../../../shared/schemas/preference.schema';
import { usePreferenceGroups, usePreferences } from '../../../lib/api/preferences.api';

interface Props {
  value: string[];
  onChange(value: string[]): void;
  disabled?: boolean;
  /** The server's refusal (a preference deleted meanwhile), shown under the choices. */
  error?: string | null;
}

/**
 * On the register-and-follow page: the preferences as optional checkboxes, grouped by group, in the
 * visitor's language (English names where a translation is missing). Nothing when there are none
 * or they cannot be loaded: registering never waits for them.
 */
export function RegistrationPreferences({ value, onChange, disabled, error }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const preferences = usePreferences();
  const groups = usePreferenceGroups();
  const titleId = useId();
  const helperId = useId();

  if (preferences.isPending) {
    return <Skeleton variant="rounded" height={72} aria-hidden />;
  }
  if (preferences.isError || preferences.data.length === 0) return null;

  // The server orders them by group, then name: consecutive runs are the groups.
  const sections: { groupId: string; items: Preference[] }[] = [];
  for (const preference of preferences.data) {
    const last = sections.at(-1);
    if (last?.groupId === preference.groupId) last.items.push(preference);
    else sections.push({ groupId: preference.groupId, items: [preference] });
  }
  const groupNames = new Map((groups.data ?? []).map((g) => [g.id, nameInLanguage(g, language)]));
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((picked) => picked !== id));

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('targeting.register.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('targeting.register.hint')}
      </Typography>
      <Stack spacing={1.5}>
        {sections.map(({ groupId, items }) => (
          <FormControl
            key={groupId}
            component="fieldset"
            error={Boolean(error)}
            disabled={disabled}
            aria-describedby={error ? helperId : undefined}
          >
            <FormLabel component="legend" sx={{ typography: 'body2', fontWeight: 500 }}>
              {groupNames.get(groupId) ?? items[0]!.groupName}
            </FormLabel>
            <FormGroup row sx={{ columnGap: 1 }}>
              {items.map((preference) => (
                <FormControlLabel
                  key={preference.id}
                  label={nameInLanguage(preference, language)}
                  control={
                    <Checkbox
                      checked={value.includes(preference.id)}
                      onChange={(event) => toggle(preference.id, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
        ))}
      </Stack>
      {error && (
        <FormHelperText id={helperId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
