import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_EVENT_TYPES,
  WebhookCreateSchema,
  WebhookMsg,
} from '../../../../shared/schemas/webhook.schema';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateWebhook } from '../api/webhooks.api';
import { CopyableCode } from './copyable-code';

/** The start of every webhook address, the same in every language: a hint, not text to translate. */
const HTTPS_SCHEME = 'https://';

/** An event type's name in translation keys (i18next reads '.' as nesting). */
const eventKey = (event: string) => event.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());

/** An event type as people read it ("Someone followed"); unknown ones as they are. */
export const eventName = (t: TFunction, event: string) =>
  t(`integrations.webhooks.events.${eventKey(event)}`, { defaultValue: event });

const messageKey = new Map<string, string>(Object.entries(WebhookMsg).map(([key, text]) => [text, key]));

/** The server's webhook messages (English in the shared schema) in the user's language. */
export const webhookMessage = (t: TFunction, message: string | undefined): string => {
  if (!message) return '';
  const key = messageKey.get(message);
  return key
    ? t(`integrations.webhooks.messages.${key}`, { defaultValue: message })
    : translateMessage(t, message);
};

/** What went wrong with an action: the webhook's own messages (limit, turned off) or by code. */
export const webhookErrorText = (t: TFunction, error: unknown): string =>
  error instanceof ApiError && messageKey.has(error.message)
    ? webhookMessage(t, error.message)
    : apiErrorText(t, error);

interface CreateProps {
  establishmentId: string;
  open: boolean;
  onClose: () => void;
  /** The new webhook's secret, to be shown once. */
  onCreated: (secret: string) => void;
}

/** "Add webhook": its https URL, the events wanted and a description. Full screen on phones. */
export function CreateWebhookDialog({ establishmentId, open, onClose, onCreated }: CreateProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('integrations.webhooks.form.title')}</DialogTitle>
      {open && <NewWebhookForm establishmentId={establishmentId} onCreated={onCreated} onCancel={onClose} />}
    </Dialog>
  );
}

function NewWebhookForm({
  establishmentId,
  onCreated,
  onCancel,
}: {
  establishmentId: string;
  onCreated: (secret: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook(establishmentId);
  const form = useApiForm(WebhookCreateSchema, {
    defaultValues: { url: '', events: [], description: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const errors = form.formState.errors;
  const eventsHintId = useId();

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { secret } = await create.mutateAsync(body);
      onCreated(secret);
    } catch (error) {
      if (form.applyServerErrors(error)) return;
      setFailure(webhookErrorText(t, error));
    }
  });

  const url = form.register('url');
  const description = form.register('description');
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={3}>
          <TextField
            {...url}
            type="url"
            label={t('integrations.webhooks.form.url')}
            error={Boolean(errors.url)}
            helperText={
              errors.url ? webhookMessage(t, errors.url.message) : t('integrations.webhooks.form.urlHint')
            }
            required
            autoFocus
            fullWidth
            placeholder={HTTPS_SCHEME}
            slotProps={{ htmlInput: { maxLength: 2000, dir: 'ltr', inputMode: 'url' } }}
          />
          <FormControl component="fieldset" error={Boolean(errors.events)} aria-describedby={eventsHintId}>
            <FormLabel component="legend">{t('integrations.webhooks.form.events')}</FormLabel>
            <Controller
              control={form.control}
              name="events"
              render={({ field }) => (
                <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
                  {WEBHOOK_EVENT_TYPES.map((event) => (
                    <FormControlLabel
                      key={event}
                      control={
                        <Checkbox
                          checked={(field.value ?? []).includes(event)}
                          onChange={(change) =>
                            field.onChange(
                              change.target.checked
                                ? [...(field.value ?? []), event]
                                : (field.value ?? []).filter((e) => e !== event),
                            )
                          }
                          onBlur={field.onBlur}
                        />
                      }
                      label={eventName(t, event)}
                    />
                  ))}
                </FormGroup>
              )}
            />
            <FormHelperText id={eventsHintId}>
              {errors.events
                ? webhookMessage(t, errors.events.message ?? errors.events.root?.message)
                : t('integrations.webhooks.form.eventsHint')}
            </FormHelperText>
          </FormControl>
          <TextField
            {...description}
            label={t('integrations.webhooks.form.description')}
            error={Boolean(errors.description)}
            helperText={
              errors.description
                ? webhookMessage(t, errors.description.message)
                : t('integrations.webhooks.form.descriptionHint')
            }
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onCancel} disabled={create.isPending}>
          {t('integrations.webhooks.cancel')}
        </Button>
        <SubmitButton submitting={create.isPending}>{t('integrations.webhooks.form.create')}</SubmitButton>
      </DialogActions>
    </Box>
  );
}

/**
 * The signing secret, shown once after a webhook is added or its secret rotated, with a warning and
 * how a receiver checks a call. Only "Done" closes it, so it is not lost by a tap beside it.
 */
export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={secret !== null} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('integrations.webhooks.secret.title')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={3}>
          <Alert severity="warning">{t('integrations.webhooks.secret.warning')}</Alert>
          <CopyableCode
            label={t('integrations.webhooks.secret.label')}
            copyLabel={t('integrations.webhooks.secret.copy')}
            value={secret ?? ''}
            variant="line"
          />
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('integrations.webhooks.secret.verifyTitle')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('integrations.webhooks.secret.verify')}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('integrations.webhooks.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
