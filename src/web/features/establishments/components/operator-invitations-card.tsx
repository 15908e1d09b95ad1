import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InvitationBodySchema, VoiceMsg } from '../../../../shared/schemas/business-voice.schema';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useInviteOperator, useOperatorInvitations, useWithdrawInvitation } from '../api/invitations.api';

const voiceKey = new Map<string, string>(Object.entries(VoiceMsg).map(([key, text]) => [text, key]));

/** A message of the invitation rules in the user's language (VoiceMsg), else the shared translation. */
export function voiceMessage(t: TFunction, message: string | undefined): string {
  const key = message ? voiceKey.get(message) : undefined;
  return key ? t(`voice.serverMessages.${key}`) : translateMessage(t, message);
}

/**
 * Invite a colleague by email to operate the business, and the invitations still open,
 * each withdrawable. The address's messages sit beside the field.
 */
export function OperatorInvitationsCard({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const list = useOperatorInvitations(establishmentId);
  const invite = useInviteOperator(establishmentId);
  const withdraw = useWithdrawInvitation(establishmentId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useApiForm(InvitationBodySchema, { defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { message } = await invite.mutateAsync(body);
      form.reset({ email: '' });
      enqueueSnackbar(voiceMessage(t, message), { variant: 'success' });
    } catch (caught) {
      if (!form.applyServerErrors(caught)) setFailure(apiErrorText(t, caught));
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {t('voice.invite.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('voice.invite.subtitle')}
        </Typography>
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
        >
          <TextField
            {...form.register('email')}
            type="email"
            autoComplete="off"
            label={t('voice.invite.email')}
            error={Boolean(error)}
            helperText={error ? voiceMessage(t, error) : t('voice.invite.emailHint')}
            fullWidth
            size="small"
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              loading={form.formState.isSubmitting}
              startIcon={<MailOutlineIcon />}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('voice.invite.send')}
            </Button>
          </Box>
        </Stack>
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('voice.invite.openTitle')}
        </Typography>
        {list.isPending ? (
          <Box role="status" aria-busy="true" aria-label={t('voice.invite.loading')}>
            <Skeleton height={48} />
          </Box>
        ) : list.isError ? (
          <RetryAlert retryLabel={t('voice.retry')} onRetry={list.refetch}>
            {apiErrorText(t, list.error)}
          </RetryAlert>
        ) : list.data.items.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
            {t('voice.invite.none')}
          </Typography>
        ) : (
          <List dense aria-label={t('voice.invite.openTitle')}>
            {list.data.items.map((item) => (
              <ListItem
                key={item.id}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('voice.invite.withdraw', { email: item.email })}
                    onClick={async () => {
                      try {
                        const { message } = await withdraw.mutateAsync(item.id);
                        enqueueSnackbar(voiceMessage(t, message), { variant: 'success' });
                      } catch (caught) {
                        enqueueSnackbar(apiErrorText(t, caught), { variant: 'error' });
                      }
                    }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <MailOutlineIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={item.email}
                  secondary={t('voice.invite.until', { date: format.date(item.expiresAt) })}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
