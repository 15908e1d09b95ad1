import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
  Typography,
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
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateWebhook } from '../api/webhooks.api';
import { CopyableCode } from './copyable-code';
import { DialogForm, IntegrationDialog, ShownOnce } from './integration-dialog';

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
  return (
    <IntegrationDialog open={open} onClose={onClose} title={t('integrations.webhooks.form.title')}>
      {open && <NewWebhookForm establishmentId={establishmentId} onCreated={onCreated} onCancel={onClose} />}
    </IntegrationDialog>
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
    <DialogForm
      onSubmit={submit}
      failure={failure}
      pending={create.isPending}
      cancelLabel={t('integrations.webhooks.cancel')}
      submitLabel={t('integrations.webhooks.form.create')}
      onCancel={onCancel}
    >
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
    </DialogForm>
  );
}

/**
 * The signing secret, shown once after a webhook is added or its secret rotated, with a warning and
 * how a receiver checks a call. Only "Done" closes it, so it is not lost by a tap beside it.
 */
export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <IntegrationDialog open={secret !== null} title={t('integrations.webhooks.secret.title')}>
      <ShownOnce
        warning={t('integrations.webhooks.secret.warning')}
        doneLabel={t('integrations.webhooks.secret.done')}
        onDone={onClose}
      >
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
      </ShownOnce>
    </IntegrationDialog>
  );
}
