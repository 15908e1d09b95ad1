import { Link, MenuItem, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { ReactNode } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import {
  type Preference,
  type PreferenceBody,
  PreferenceBodySchema,
  type PreferenceGroup,
  type PreferenceGroupBody,
  PreferenceGroupBodySchema,
  type Translations,
} from '../../../../shared/schemas/preference.schema';
import { filledTranslations, TranslationFields } from '../../../components/translation-fields';
import { usePreferenceGroups } from '../../../lib/api/preferences.api';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocalizedName } from '../../../lib/use-localized-name';
import { preferenceErrorText, preferenceMessage } from '../preference-message';
import { FormActions } from './form-actions';

type NamedSchema = typeof PreferenceBodySchema | typeof PreferenceGroupBodySchema;
type NamedValues = { name: string; translations: Translations };

interface ItemFormProps<Body, Answer> {
  defaultValues: Body;
  save: (body: Body) => Promise<Answer>;
  submitLabel: string;
  /** Cancel closes a dialog (a callback) or leaves for a page (a path). */
  cancel: (() => void) | string;
  onSaved: (answer: Answer) => void;
  autoFocus?: boolean;
}

interface NamedFormProps<S extends NamedSchema, Answer extends { message: string }>
  extends ItemFormProps<z.input<S>, Answer> {
  schema: S;
  nameLabel: string;
  /** Fields between the name and its translations, on the same form. */
  children?: (control: Control<z.input<S>, unknown, z.output<S>>) => ReactNode;
}

/**
 * A name in English, what else the item needs, and the name's translations; only the translations
 * filled in are sent, the server's message shows in a snackbar and its field errors beside each field.
 */
function NamedForm<S extends NamedSchema, Answer extends { message: string }>({
  schema,
  defaultValues,
  save,
  nameLabel,
  children,
  submitLabel,
  cancel,
  onSaved,
  autoFocus,
}: NamedFormProps<S, Answer>) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  // The form is typed by what both schemas share; what one adds (a preference's group) reaches it
  // through `children`, typed by its own schema, and the whole values go to `save`.
  const { control, handleSubmit, formState, watch, fieldProps, applyServerErrors } = useApiForm(
    schema as unknown as z.ZodType<NamedValues, NamedValues>,
    { defaultValues: defaultValues as NamedValues },
  );
  const filled = Object.keys(filledTranslations(watch('translations'))).length;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = { ...values, translations: filledTranslations(values.translations) };
      const answer = await save(body as z.input<S>);
      enqueueSnackbar(preferenceMessage(t, answer.message), { variant: 'success' });
      onSaved(answer);
    } catch (error) {
      if (!applyServerErrors(error)) enqueueSnackbar(preferenceErrorText(t, error), { variant: 'error' });
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <TextField
        label={nameLabel}
        required
        fullWidth
        autoComplete="off"
        autoFocus={autoFocus}
        {...fieldProps('name')}
      />
      {children?.(control as unknown as Control<z.input<S>, unknown, z.output<S>>)}
      <TranslationFields
        fieldProps={(code) => fieldProps(`translations.${code}`)}
        filled={filled}
        defaultExpanded={Boolean(formState.errors.translations)}
      />
      <FormActions submitting={formState.isSubmitting} submitLabel={submitLabel} cancel={cancel} />
    </Stack>
  );
}

/** A preference's English name, its group and its translations (create and edit); errors beside each field. */
export function PreferenceForm(
  props: ItemFormProps<PreferenceBody, { preference: Preference; message: string }>,
) {
  const { t } = useTranslation();
  return (
    <NamedForm schema={PreferenceBodySchema} nameLabel={t('preferences.form.name')} {...props}>
      {(control) => <GroupSelect control={control} />}
    </NamedForm>
  );
}

/** A preference group's English name and its translations (create and edit); errors beside each field. */
export function PreferenceGroupForm(
  props: ItemFormProps<PreferenceGroupBody, { group: PreferenceGroup; message: string }>,
) {
  const { t } = useTranslation();
  return (
    <NamedForm schema={PreferenceGroupBodySchema} nameLabel={t('preferences.groups.form.name')} {...props} />
  );
}

/** The preference's group, from the current list; a link to create one when there is none yet. */
function GroupSelect({
  control,
}: {
  control: Control<PreferenceBody, unknown, z.output<typeof PreferenceBodySchema>>;
}) {
  const { t } = useTranslation();
  const groups = usePreferenceGroups();
  const localName = useLocalizedName();
  const noGroups = groups.data?.length === 0;
  return (
    <Controller
      control={control}
      name="groupId"
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          fullWidth
          label={t('preferences.form.group')}
          value={groups.data ? (field.value ?? '') : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          disabled={!groups.data}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error ? (
              preferenceMessage(t, fieldState.error.message)
            ) : groups.isError ? (
              preferenceErrorText(t, groups.error)
            ) : noGroups ? (
              <Link component={RouterLink} to="/app/management/preference-groups">
                {t('preferences.form.noGroups')}
              </Link>
            ) : undefined
          }
        >
          {(groups.data ?? []).map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {localName(group)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
