import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useId } from 'react';
import { Controller, get, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../shared/i18n/languages';
import {
  AUTOMATION_CHANNELS,
  AUTOMATION_DAYS,
  type AutomationKind,
} from '../../../../shared/schemas/automation.schema';
import { WELCOME_TEXT_MAX } from '../../../../shared/schemas/establishment.schema';
import { filledTranslations, TranslationFields } from '../../../components/translation-fields';
import { translateMessage } from '../../../lib/translate-message';
import type { AutomationForm } from './use-automation-form';

interface Props {
  kind: AutomationKind;
  form: AutomationForm;
}

/** Its channels: each follower's choice (a phone, or email for those who take it), or phones only. */
function ChannelsField({ form }: { form: AutomationForm }) {
  const { t } = useTranslation();
  const labelId = useId();
  const error = translateMessage(t, form.formState.errors.channels?.message);
  return (
    <Controller
      control={form.control}
      name="channels"
      render={({ field }) => (
        <FormControl error={Boolean(error)}>
          <FormLabel id={labelId}>{t('automations.channels.label')}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={field.value ?? 'choice'}
            onChange={(_, value) => field.onChange(value)}
          >
            {AUTOMATION_CHANNELS.map((channels) => (
              <FormControlLabel
                key={channels}
                value={channels}
                control={<Radio />}
                label={t(`automations.channels.${channels}`)}
              />
            ))}
          </RadioGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** An automation's settings: on or off, its message with translations, and its days where it counts any. */
export function AutomationFields({ kind, form }: Props) {
  const { t } = useTranslation();
  const { control, register, formState } = form;
  const errors = formState.errors;
  const translations = useWatch({ control, name: 'translations' });
  const translationErrors = errors.translations as
    | Partial<Record<Language, { message?: string }>>
    | undefined;
  const bounds = AUTOMATION_DAYS[kind];
  const daysError = translateMessage(t, errors.days?.message);

  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            label={t('automations.enabled')}
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(_, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
          />
        )}
      />
      <Controller
        control={control}
        name="text"
        render={({ field }) => {
          const value = (field.value as string | undefined) ?? '';
          const error = translateMessage(t, errors.text?.message);
          return (
            <TextField
              label={t('automations.textLabel')}
              placeholder={t(`automations.kinds.${kind}.placeholder`)}
              multiline
              minRows={2}
              fullWidth
              required
              name={field.name}
              inputRef={field.ref}
              value={value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(error)}
              helperText={error || t('automations.count', { count: value.length, max: WELCOME_TEXT_MAX })}
            />
          );
        }}
      />
      <TranslationFields
        multiline
        hint={t('automations.translationsHint')}
        filled={Object.keys(filledTranslations(translations)).length}
        defaultExpanded={Boolean(translationErrors)}
        fieldProps={(code) => {
          const error = get(errors, `translations.${code}`) as { message?: string } | undefined;
          return {
            ...register(`translations.${code}`),
            error: Boolean(error),
            helperText: translateMessage(t, error?.message),
          };
        }}
      />
      <ChannelsField form={form} />
      {bounds && (
        <TextField
          label={t('automations.daysLabel')}
          type="number"
          required
          sx={{ maxWidth: { sm: 320 } }}
          {...register('days', { setValueAs: (value: unknown) => (value === '' ? null : Number(value)) })}
          error={Boolean(daysError)}
          helperText={
            daysError ||
            t('automations.daysHint', { min: bounds.min, max: bounds.max, default: bounds.default })
          }
          slotProps={{ htmlInput: { min: bounds.min, max: bounds.max, step: 1, inputMode: 'numeric' } }}
        />
      )}
    </Stack>
  );
}
