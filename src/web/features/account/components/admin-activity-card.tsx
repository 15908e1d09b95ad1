import { ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AdminActivityEntry } from '../../../../shared/schemas/user-management.schema';
import { ListCard } from '../../../components/list-card';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useMyAdminActivity } from '../api/admin-activity.api';

/**
 * "Admin access" on the account page: every time an admin signed in as the person, what
 * they changed meanwhile, and what admins did to the account, with who and when. Shown only once
 * there is something to show: an account no admin touched has no card to wonder about.
 */
export function AdminActivityCard() {
  const { t } = useTranslation();
  const activity = useMyAdminActivity();
  if (activity.data?.items.length === 0) return null;

  return (
    <ListCard
      title={t('accountPage.adminActivity.title')}
      subtitle={t('accountPage.adminActivity.text', { appName: t('appName') })}
      items={activity.data?.items}
      renderItem={(entry) => <ActivityRow key={entry.id} entry={entry} />}
      failure={activity.error ? t('accountPage.adminActivity.loadFailed') : null}
      retryLabel={t('accountPage.adminActivity.retry')}
      onRetry={() => void activity.refetch()}
      loadingLabel={t('accountPage.adminActivity.loading')}
      picture="rounded"
    />
  );
}

function ActivityRow({ entry }: { entry: AdminActivityEntry }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  // The person's own words for what was done to them; an action this version does not know, as the log
  // names it. A change tried while signed in as them that was refused or failed says so.
  const what =
    entry.outcome === 'refused' || entry.outcome === 'failed'
      ? t(`accountPage.adminActivity.writeOutcome.${entry.outcome}`)
      : t(`accountPage.adminActivity.actions.${entry.action}`, {
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
