import InterestsOutlined from '@mui/icons-material/InterestsOutlined';
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PreferenceChecklist } from '../../../components/preference-checklist';
import { RetryAlert } from '../../../components/retry-alert';
import { SubmitButton } from '../../../components/submit-button';
import {
  useMyPreferences,
  usePreferenceGroups,
  usePreferences,
  useSetMyPreferences,
} from '../../../lib/api/preferences.api';
import { preferenceErrorText, preferenceMessage } from '../preference-message';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** "My interests": the signed-in user's preferences as grouped checkboxes, saved together (PUT /api/account/preferences). */
export function MyInterestsCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const preferences = usePreferences();
  const groups = usePreferenceGroups();
  const mine = useMyPreferences();
  const save = useSetMyPreferences();
  const [picked, setPicked] = useState<string[]>([]);
  // The boxes start from what the server has, and follow it after a save.
  useEffect(() => {
    if (mine.data) setPicked(mine.data);
  }, [mine.data]);
  const changed = mine.data !== undefined && !sameSet(picked, mine.data);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const { message } = await save.mutateAsync(picked);
      enqueueSnackbar(preferenceMessage(t, message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(preferenceErrorText(t, error), { variant: 'error' });
    }
  };

  const error = preferences.error ?? mine.error;
  const all = preferences.data;
  const saved = mine.data;
  return (
    <Card variant="outlined" component="section" aria-labelledby="my-interests-title">
      <CardContent>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
          <Box>
            <Typography id="my-interests-title" variant="h6" component="h2">
              {t('preferences.interests.title')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('preferences.interests.subtitle')}
            </Typography>
          </Box>
          {error ? (
            <RetryAlert
              retryLabel={t('preferences.list.retry')}
              onRetry={() => {
                void preferences.refetch();
                void mine.refetch();
              }}
            >
              {preferenceErrorText(t, error)}
            </RetryAlert>
          ) : !all || !saved ? (
            <Stack spacing={1} aria-busy>
              <Skeleton width="30%" />
              <Skeleton width="55%" />
              <Skeleton width="45%" />
            </Stack>
          ) : all.length === 0 ? (
            <EmptyState
              icon={<InterestsOutlined />}
              title={t('preferences.interests.empty')}
              text={t('preferences.interests.emptyHint')}
            />
          ) : (
            <>
              <PreferenceChecklist
                preferences={all}
                groups={groups.data}
                value={picked}
                onChange={setPicked}
                disabled={save.isPending}
              />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => setPicked(saved)} disabled={!changed || save.isPending}>
                  {t('preferences.interests.reset')}
                </Button>
                <SubmitButton submitting={save.isPending}>{t('preferences.interests.save')}</SubmitButton>
              </Stack>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
