import { Card, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { useMyFollows } from '../api/follows.api';
import { EmailBouncedAlert } from './email-bounced-alert';
import { NotifyChoiceControl } from './notify-choice-control';

/**
 * A business's page for one of its followers: "How you get their news" and Pause, compact above its
 * feed. Nothing when the user does not follow it (any more).
 */
export function NotifyChoiceBar({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation();
  const follows = useMyFollows();
  const list = follows.data;

  if (follows.error && !list) {
    return (
      <RetryAlert retryLabel={t('notify.retry')} onRetry={() => void follows.refetch()}>
        {t('notify.choiceLoadFailed')}
      </RetryAlert>
    );
  }
  if (!list)
    return (
      <Skeleton variant="rounded" height={72} role="status" aria-busy aria-label={t('notify.loading')} />
    );
  const follow = list.items.find((item) => item.establishment.id === establishmentId);
  if (!follow) return null;
  // Kept compact: the bounce matters here only when this business's news may come by email.
  const mayEmail =
    follow.notify === 'email' || follow.notify === 'both' || (follow.notify === 'auto' && !list.hasDevice);

  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <NotifyChoiceControl follow={follow} account={list} />
        {list.emailBounced && mayEmail && <EmailBouncedAlert />}
      </Stack>
    </Card>
  );
}
