import { Box, Card, CardContent, List, ListItem, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminActivityEntry } from '../../../../shared/schemas/user-management.schema';
import { ListSkeleton } from '../../../components/list-skeleton';
import { RetryAlert } from '../../../components/retry-alert';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useMyAdminActivity } from '../api/admin-activity.api';

/**
 * "Admin access" on the account page (issue 31): every time an admin signed in as the person, what
 * they changed meanwhile, and what admins did to the account, with who and when. Shown only once
 * there is something to show: an account no admin touched has no card to wonder about.
 */
export function AdminActivityCard() {
  const { t } = useTranslation();
  const activity = useMyAdminActivity();
  const titleId = useId();
  if (activity.data?.items.length === 0) return null;

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography id={titleId} variant="h6" component="h2">
              {t('accountPage.adminActivity.title')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('accountPage.adminActivity.text', { appName: t('appName') })}
            </Typography>
          </Box>
          {activity.error ? (
            <RetryAlert
              retryLabel={t('accountPage.adminActivity.retry')}
              onRetry={() => void activity.refetch()}
            >
              {t('accountPage.adminActivity.loadFailed')}
            </RetryAlert>
          ) : !activity.data ? (
            <Box aria-busy aria-label={t('accountPage.adminActivity.loading')} sx={{ mx: -2 }}>
              <ListSkeleton rows={2} picture="rounded" />
            </Box>
          ) : (
            <List aria-labelledby={titleId} disablePadding>
              {activity.data.items.map((entry) => (
                <ActivityRow key={entry.id} entry={entry} />
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ActivityRow({ entry }: { entry: AdminActivityEntry }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  // The person's own words for what was done to them; an action this version does not know, as the log names it.
  const what = t(`accountPage.adminActivity.actions.${entry.action}`, {
    defaultValue: t(`auditLog.actions.${entry.action}`, { defaultValue: entry.action }),
  });
  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 1.25 }}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{what}</Typography>
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('accountPage.adminActivity.byWhen', {
          name: entry.adminName || t('accountPage.adminActivity.anAdmin'),
          when: format.date(entry.createdAt, { withTime: true }),
        })}
      </Typography>
    </ListItem>
  );
}
