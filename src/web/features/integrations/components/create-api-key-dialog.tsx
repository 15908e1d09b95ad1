import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../../shared/permissions';
import {
  API_KEY_NAME_MAX,
  CreateApiKeyBodySchema,
  type CreatedApiKey,
} from '../../../../shared/schemas/api-key.schema';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateApiKey } from '../api/api-keys.api';
import { curlSendExample, newIdempotencyKey } from '../curl-example';
import { CopyableCode } from './copyable-code';
import { DialogForm, IntegrationDialog, ShownOnce } from './integration-dialog';

/** A scope's name in translation keys (i18next reads ':' as a namespace). */
export const scopeKey = (scope: ApiKeyScope) =>
  ({ send: 'send', 'read:stats': 'readStats', 'read:followers': 'readFollowers' })[scope];

/** What a scope lets a key do, as the list and the form say it. */
export const scopeName = (t: TFunction, scope: ApiKeyScope) => t(`apiKeys.scopes.${scopeKey(scope)}`);

interface Props {
  establishmentId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * "New API key": its name and scopes; once created, the key itself (shown this once, with a
 * warning) and a curl command that sends a notification with it, each with a Copy button. Full
 * screen on phones. While the key shows, only "Done" closes the dialog, so it is not lost by a tap
 * beside it.
 */
export function CreateApiKeyDialog({ establishmentId, open, onClose }: Props) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <IntegrationDialog
      open={open}
      onClose={created ? undefined : close}
      // The curl command's lines are long: a wider dialog shows them whole on a desktop.
      maxWidth={created ? 'md' : 'sm'}
      title={t(created ? 'apiKeys.shown.title' : 'apiKeys.form.title')}
    >
      {created ? (
        <CreatedKey establishmentId={establishmentId} created={created} onDone={close} />
      ) : (
        <NewKeyForm establishmentId={establishmentId} onCreated={setCreated} onCancel={close} />
      )}
    </IntegrationDialog>
  );
}

function NewKeyForm({
  establishmentId,
  onCreated,
  onCancel,
}: {
  establishmentId: string;
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey(establishmentId);
  const form = useApiForm(CreateApiKeyBodySchema, { defaultValues: { name: '', scopes: ['send'] } });
  const [failure, setFailure] = useState<string | null>(null);
  const scopesError = form.formState.errors.scopes?.message;
  const hintId = useId();

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(body));
    } catch (error) {
      if (form.applyServerErrors(error)) return;
      // The limit of keys says what to do; other failures by their code.
      setFailure(
        error instanceof ApiError && error.status === 409
          ? translateMessage(t, error.message)
          : apiErrorText(t, error),
      );
    }
  });

  return (
    <DialogForm
      onSubmit={submit}
      failure={failure}
      pending={create.isPending}
      cancelLabel={t('apiKeys.form.cancel')}
      submitLabel={t('apiKeys.form.create')}
      onCancel={onCancel}
    >
      <TextField
        {...form.fieldProps('name')}
        label={t('apiKeys.form.name')}
        helperText={form.fieldProps('name').helperText || t('apiKeys.form.nameHint')}
        required
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
      />
      <FormControl component="fieldset" error={Boolean(scopesError)} aria-describedby={hintId}>
        <FormLabel component="legend">{t('apiKeys.form.scopes')}</FormLabel>
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <FormGroup>
              {API_KEY_SCOPES.map((scope) => {
                const chosen = (field.value ?? []).includes(scope);
                return (
                  <Box key={scope}>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={chosen}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...(field.value ?? []), scope]
                                : (field.value ?? []).filter((s) => s !== scope),
                            )
                          }
                          onBlur={field.onBlur}
                          slotProps={{ input: { 'aria-describedby': `${hintId}-${scopeKey(scope)}` } }}
                        />
                      }
                      label={scopeName(t, scope)}
                    />
                    <FormHelperText id={`${hintId}-${scopeKey(scope)}`} sx={{ mt: -0.5, ml: 4 }}>
                      {t(`apiKeys.scopeHints.${scopeKey(scope)}`)}
                    </FormHelperText>
                  </Box>
                );
              })}
            </FormGroup>
          )}
        />
        <FormHelperText id={hintId}>
          {scopesError ? translateMessage(t, scopesError) : t('apiKeys.form.scopesHint')}
        </FormHelperText>
      </FormControl>
    </DialogForm>
  );
}

function CreatedKey({
  establishmentId,
  created,
  onDone,
}: {
  establishmentId: string;
  created: CreatedApiKey;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  // One Idempotency-Key per command shown: running it twice sends once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const canSend = created.apiKey.scopes.includes('send');
  return (
    <ShownOnce warning={t('apiKeys.shown.warning')} doneLabel={t('apiKeys.shown.done')} onDone={onDone}>
      <CopyableCode
        label={t('apiKeys.shown.key', { name: created.apiKey.name })}
        copyLabel={t('apiKeys.shown.copyKey')}
        value={created.key}
        variant="line"
      />
      {canSend && (
        <Box>
          <CopyableCode
            label={t('apiKeys.shown.curl')}
            copyLabel={t('apiKeys.shown.copyCurl')}
            value={curlSendExample({
              origin: window.location.origin,
              establishmentId,
              key: created.key,
              idempotencyKey,
              text: t('apiKeys.example.text'),
            })}
          />
          <FormHelperText>{t('apiKeys.shown.curlHint')}</FormHelperText>
        </Box>
      )}
    </ShownOnce>
  );
}
