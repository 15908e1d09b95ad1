import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { nameInLanguage, type Preference } from '../../../../shared/schemas/preference.schema';
import { usePreferenceGroups, usePreferences } from '../../../lib/api/preferences.api';
import { useAudience } from '../api/audience.api';
import { EmailPausedAlert } from './email-paused-alert';
import { HeldReachNote } from './held-notes';
import { NoPushYetAlert, useReachableText } from './push-reach';

interface Props {
  establishmentId: string;
  /** The chosen preference ids; empty: every follower. */
  value: string[];
  onChange(value: string[]): void;
  disabled?: boolean;
  /** The server's refusal of the choice (a preference deleted meanwhile), shown beside the field. */
  error?: string | null;
}

/**
 * Compose's audience: optionally only followers who picked one of the chosen preferences (grouped,
 * in the interface language), and live how many followers the choice reaches, by phone and by email.
 */
export function TargetingField({ establishmentId, value, onChange, disabled, error }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const preferences = usePreferences();
  const groups = usePreferenceGroups();

  const groupName = useMemo(() => {
    const names = new Map((groups.data ?? []).map((g) => [g.id, nameInLanguage(g, language)]));
    return (p: Preference) => names.get(p.groupId) ?? p.groupName;
  }, [groups.data, language]);
  // Grouped as the server orders them (group, then name); a group shows under its translated name.
  const options = preferences.data ?? [];
  const chosen = options.filter((p) => value.includes(p.id));
  const loadFailed = preferences.isError;

  return (
    <Stack spacing={1}>
      {loadFailed ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void preferences.refetch()}>
              {t('targeting.retry')}
            </Button>
          }
        >
          {t('targeting.loadError')}
        </Alert>
      ) : (
        (preferences.isPending || options.length > 0) && (
          <Autocomplete<Preference, true, false, false>
            multiple
            disableCloseOnSelect
            options={options}
            value={chosen}
            loading={preferences.isPending}
            disabled={disabled || preferences.isPending}
            onChange={(_, next) => onChange(next.map((p) => p.id))}
            groupBy={groupName}
            getOptionLabel={(p) => nameInLanguage(p, language)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('targeting.noOptions')}
            loadingText={t('targeting.loading')}
            renderOption={({ key, ...props }, option, { selected }) => (
              <li key={key} {...props}>
                <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0.5 }} tabIndex={-1} />
                {nameInLanguage(option, language)}
              </li>
            )}
            renderValue={(items, getItemProps) =>
              items.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return (
                  <Chip key={key} size="small" label={nameInLanguage(option, language)} {...itemProps} />
                );
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('targeting.label')}
                placeholder={chosen.length === 0 ? t('targeting.everyone') : undefined}
                error={Boolean(error)}
                helperText={error ?? t('targeting.hint')}
              />
            )}
          />
        )
      )}
      <ReachLine establishmentId={establishmentId} preferenceIds={value} />
    </Stack>
  );
}

/**
 * "Reachable: X of Y followers (P by phone, E by email)", kept current as the choice changes; read
 * out when it does. When no follower would get it by either channel, says so and what to do.
 */
function ReachLine({ establishmentId, preferenceIds }: { establishmentId: string; preferenceIds: string[] }) {
  const { t } = useTranslation();
  const reachableText = useReachableText();
  const audience = useAudience(establishmentId, preferenceIds);
  const figures = audience.data;
  const updating = audience.isFetching;
  const targeted = preferenceIds.length > 0;

  let text: string;
  if (figures) {
    text = reachableText(figures);
  } else if (audience.isError) {
    text = t('targeting.reachError');
  } else {
    text = t('targeting.counting');
  }
  // Nobody by phone or by email: the followers chosen may still exist, but the send would reach none.
  const nobody = figures !== undefined && targeted && figures.reachable === 0;
  // Sent to every follower, yet none has a device with notifications on nor gets email: say so, not just a 0.
  const noPushYet = figures !== undefined && !targeted && figures.reachable === 0;

  return (
    <>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 28, flexWrap: 'wrap' }}
        data-testid="targeting-reach"
      >
        <GroupsOutlinedIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
        <Typography
          variant="body2"
          role="status"
          aria-live="polite"
          aria-busy={updating}
          sx={{
            // Darker, not orange: warning-coloured text would fail contrast; the alert below carries the warning.
            color: nobody || noPushYet ? 'text.primary' : 'text.secondary',
            fontWeight: figures ? 500 : undefined,
            // Beside its icon on a phone too (20 px and the gap): the text wraps within, not below the icon.
            maxWidth: 'calc(100% - 28px)',
          }}
        >
          {text}
          {nobody && ` ${t('targeting.nobody')}`}
        </Typography>
        {updating && <CircularProgress size={14} aria-label={t('targeting.counting')} />}
        {audience.isError && !updating && (
          <Button size="small" onClick={() => void audience.refetch()}>
            {t('targeting.retry')}
          </Button>
        )}
      </Box>
      {/* Followers who had enough from this business lately: the send waits in their feed. */}
      {figures && <HeldReachNote held={figures.held} />}
      {noPushYet && <NoPushYetAlert />}
      {/* Spam complaints paused the business's email: this send reaches phones and the feed only. */}
      {figures?.emailPause && (
        <EmailPausedAlert establishmentId={establishmentId} pause={figures.emailPause} />
      )}
    </>
  );
}
