import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';

interface Props<T> {
  /** Its section of the translations: `title`, `subtitle`, `retry` and `loadFailed`. */
  section: 'quietHours' | 'timeZone' | 'operatorNotices' | 'birthday';
  /** More lines under the subtitle. */
  notes?: ReactNode;
  /** The setting as read from the server. */
  query: { error: unknown; data: T | undefined; refetch: () => unknown };
  /** What stands for the form while it loads. */
  skeleton: ReactNode;
  /** The form, once the setting is read. */
  children: (data: T) => ReactNode;
}

/**
 * One of the account page's own settings (quiet hours, time zone, operators' email notices,
 * birthday): a titled card that loads the setting, offers to try again when that fails, and then
 * shows its form.
 */
export function SettingCard<T>({ section, notes, query, skeleton, children }: Props<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={3}>
          <Box>
            <Typography id={titleId} variant="h6" component="h2">
              {t(`${section}.title`)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t(`${section}.subtitle`)}
            </Typography>
            {notes}
          </Box>
          {query.error ? (
            <RetryAlert retryLabel={t(`${section}.retry`)} onRetry={() => void query.refetch()}>
              {t(`${section}.loadFailed`)}
            </RetryAlert>
          ) : query.data === undefined ? (
            skeleton
          ) : (
            children(query.data)
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
