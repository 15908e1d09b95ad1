import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Avatar, Button, Container, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorCode } from '../../../../../shared/error-codes';
import { Msg } from '../../../../../shared/messages';
import { ApiError } from '../../../../lib/api-client';
import { apiErrorText } from '../../../../lib/api-error-text';
import { translateMessage } from '../../../../lib/translate-message';

type Reason = 'notFound' | 'blocked' | 'failed';

const reasonOf = (error: unknown): Reason => {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === ErrorCode.ESTABLISHMENT_BLOCKED) return 'blocked';
  if (error.status === 404 || error.code === ErrorCode.NOT_FOUND) return 'notFound';
  return 'failed';
};

const ICONS = { notFound: SearchOffOutlined, blocked: BlockOutlined, failed: CloudOffOutlined };

/**
 * What a business's public pages show when it cannot be opened: an unknown or deleted page (404),
 * a blocked business (403), or a failed load (with a retry). Always with a way out.
 */
export function EstablishmentUnavailable({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const reason = reasonOf(error);
  const Icon = ICONS[reason];
  const title =
    reason === 'notFound'
      ? translateMessage(t, Msg.establishmentNotFound)
      : reason === 'blocked'
        ? translateMessage(t, Msg.establishmentBlocked)
        : apiErrorText(t, error);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Avatar
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            bgcolor: reason === 'failed' ? 'action.selected' : 'action.hover',
            color: 'text.secondary',
            '& svg': { fontSize: 36 },
          }}
        >
          <Icon />
        </Avatar>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 420 }}>
          {t(`publicPage.unavailable.${reason}`)}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ pt: 1, alignSelf: 'stretch', justifyContent: 'center' }}
        >
          {reason === 'failed' && onRetry && (
            <Button variant="contained" onClick={onRetry}>
              {t('publicPage.unavailable.retry')}
            </Button>
          )}
          <Button
            component={RouterLink}
            to="/home"
            variant={reason === 'failed' && onRetry ? 'outlined' : 'contained'}
          >
            {t('publicPage.unavailable.home')}
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
