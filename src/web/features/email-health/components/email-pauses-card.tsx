import UnsubscribeOutlinedIcon from '@mui/icons-material/UnsubscribeOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useEmailPauses, useLiftEmailPause } from '../../../lib/api/email-pauses.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { usePauseFigures, useSharePercent } from '../../../lib/use-pause-figures';

/**
 * Email health's list of businesses whose email is paused for their spam complaints: each with its
 * figures, a link to its page and "Let email go again".
 */
export function EmailPausesCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const pauses = useEmailPauses();
  const lift = useLiftEmailPause();
  const figures = usePauseFigures();
  const { enqueueSnackbar } = useSnackbar();
  const items = pauses.data?.items ?? [];
  const percent = useSharePercent();

  const onLift = (id: string, name: string) =>
    lift.mutate(id, {
      onSuccess: () => enqueueSnackbar(t('emailHealth.pauses.lifted', { name }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
    });

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Box>
            <Typography id={titleId} variant="h6" component="h2">
              {t('emailHealth.pauses.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {pauses.data && t('emailHealth.pauses.subtitle', { limit: percent(pauses.data.limit) })}
            </Typography>
          </Box>
          {pauses.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void pauses.refetch()}>
                  {t('emailHealth.pauses.retry')}
                </Button>
              }
            >
              {t('emailHealth.pauses.loadError')}
            </Alert>
          ) : pauses.isPending ? (
            <CircularProgress size={24} aria-label={t('loading')} />
          ) : items.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('emailHealth.pauses.none')}</Typography>
          ) : (
            <List disablePadding>
              {items.map((item) => (
                <ListItem
                  key={item.establishment.id}
                  divider
                  disableGutters
                  sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
                >
                  <UnsubscribeOutlinedIcon color="warning" aria-hidden />
                  <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                    <Link component={RouterLink} to={`/app/establishment/${item.establishment.id}`}>
                      {item.establishment.name}
                    </Link>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('emailHealth.pauses.figures', figures(item))}
                    </Typography>
                  </Box>
                  <Button
                    variant="outlined"
                    size="small"
                    disabled={lift.isPending}
                    onClick={() => onLift(item.establishment.id, item.establishment.name)}
                    aria-label={`${t('emailHealth.pauses.lift')}: ${item.establishment.name}`}
                  >
                    {t('emailHealth.pauses.lift')}
                  </Button>
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
