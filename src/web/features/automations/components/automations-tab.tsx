import { Alert, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AUTOMATION_KINDS } from '../../../../shared/schemas/automation.schema';
import { RetryAlert } from '../../../components/retry-alert';
import { useAutomations } from '../../../lib/api/automations.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { AutomationCard } from './automation-card';

/** "18:00" in the reader's way of writing the time of day, for an hour of the business's day. */
function hourText(locale: string, hour: number): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hour),
  );
}

interface Props {
  establishmentId: string;
  /** Read-only: a blocked establishment's automations send nothing and cannot be changed. */
  locked: boolean;
}

/**
 * The establishment's Automations tab: the follow-up, the win-back, the follow anniversary and the
 * birthday message, each with its settings, today's reach and its last 8 weeks.
 */
export function AutomationsTab({ establishmentId, locked }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const list = useAutomations(establishmentId);

  if (list.isError && !list.data)
    return (
      <RetryAlert retryLabel={t('automations.retry')} onRetry={() => void list.refetch()}>
        {apiErrorText(t, list.error)}
      </RetryAlert>
    );
  if (!list.data)
    return (
      <Stack spacing={3} role="status" aria-busy="true" aria-label={t('automations.loading')}>
        {AUTOMATION_KINDS.map((kind) => (
          <Skeleton key={kind} variant="rounded" height={280} />
        ))}
      </Stack>
    );

  const { automations, runHour, timeZone } = list.data;
  const schedule = t('automations.schedule', { time: hourText(format.locale, runHour), timeZone });
  return (
    <Stack spacing={3}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('automations.intro')}
      </Typography>
      {locked && <Alert severity="warning">{t('automations.blocked')}</Alert>}
      {AUTOMATION_KINDS.map((kind) => {
        const automation = automations.find((item) => item.kind === kind);
        return automation ? (
          <AutomationCard
            key={kind}
            establishmentId={establishmentId}
            automation={automation}
            schedule={schedule}
            locked={locked}
          />
        ) : null;
      })}
    </Stack>
  );
}
