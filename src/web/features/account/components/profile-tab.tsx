import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAME, LANGUAGES, LOCALE_OF } from '../../../../shared/i18n/languages';
import { Msg } from '../../../../shared/messages';
import { ProfileBodySchema, type User } from '../../../../shared/schemas/account.schema';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useUpdateProfile } from '../api/update-profile.api';
import { AccountFormCard } from './account-form-card';

// The schema's limit for the bio (ProfileBodySchema: optionalText('bio', 300)).
const BIO_MAX = 300;

const valuesOf = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
  bio: user.bio,
  language: user.language,
  marketingConsent: user.marketingConsent,
  currentPassword: '',
});

type TextFieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'bio' | 'currentPassword';

const isNewEmail = (savedEmail: string, email: string | undefined) =>
  (email ?? '').trim().toLowerCase() !== savedEmail.toLowerCase();

/** The profile schema, plus what the server asks for a new address: the current password, said beside it at once. */
const profileFormSchema = (savedEmail: () => string) =>
  ProfileBodySchema.superRefine((values, ctx) => {
    if (isNewEmail(savedEmail(), values.email) && !values.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: Msg.currentPasswordForEmail });
    }
  });

/** Profile tab: the ProfileBodySchema form; server field errors land on their fields. */
export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useUpdateProfile();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The form keeps the resolver it started with; it reads the saved address through this ref.
  const savedEmail = useRef(user.email);
  savedEmail.current = user.email;
  const [schema] = useState(() => profileFormSchema(() => savedEmail.current));
  const { register, control, handleSubmit, formState, reset, watch, applyServerErrors } = useApiForm(schema, {
    defaultValues: valuesOf(user),
  });
  const bioLength = (watch('bio') ?? '').length;
  // Changing the address asks for the password; keeping it does not send one.
  const emailChanging = isNewEmail(user.email, watch('email'));

  const onSubmit = handleSubmit(async ({ currentPassword, ...values }) => {
    try {
      const { user: saved, message } = await save.mutateAsync(
        isNewEmail(user.email, values.email) ? { ...values, currentPassword } : values,
      );
      reset(valuesOf(saved));
      // The server unverifies a changed address and emails a new link.
      setSentTo(saved.email !== user.email ? saved.email : null);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      if (!applyServerErrors(error)) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  const fieldError = (name: TextFieldName) => translateMessage(t, formState.errors[name]?.message);
  const textField = (name: TextFieldName, autoComplete: string, type = 'text') => ({
    ...register(name),
    label: t(`accountPage.profile.${name}`),
    autoComplete,
    type,
    fullWidth: true,
    error: Boolean(formState.errors[name]),
    helperText: fieldError(name),
  });

  return (
    <AccountFormCard
      title={t('accountPage.profile.title')}
      subtitle={t('accountPage.profile.subtitle')}
      onSubmit={onSubmit}
    >
      {sentTo && (
        <Alert severity="info" onClose={() => setSentTo(null)}>
          {t('accountPage.profile.emailChanged', { email: sentTo })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...textField('firstName', 'given-name')} required />
        <TextField {...textField('lastName', 'family-name')} required />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...textField('email', 'email', 'email')} required />
        <TextField {...textField('phone', 'tel', 'tel')} required />
      </Stack>
      {emailChanging && (
        <TextField
          {...textField('currentPassword', 'current-password', 'password')}
          required
          helperText={fieldError('currentPassword') || t('accountPage.profile.currentPasswordHelp')}
        />
      )}
      <TextField
        {...textField('bio', 'off')}
        multiline
        minRows={3}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{fieldError('bio')}</span>
            <Box
              component="span"
              sx={{ flexShrink: 0, color: bioLength > BIO_MAX ? 'error.main' : undefined }}
            >
              {t('accountPage.profile.bioCounter', { count: bioLength, max: BIO_MAX })}
            </Box>
          </Box>
        }
      />
      <Controller
        control={control}
        name="language"
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            label={t('accountPage.profile.language')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error
                ? translateMessage(t, fieldState.error.message)
                : t('accountPage.profile.languageHelp')
            }
          >
            {LANGUAGES.map((code) => (
              <MenuItem key={code} value={code} lang={LOCALE_OF[code]}>
                {LANGUAGE_NAME[code]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="marketingConsent"
        render={({ field }) => (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(field.value)}
                  onChange={(_, checked) => field.onChange(checked)}
                  onBlur={field.onBlur}
                  name={field.name}
                  slotProps={{ input: { 'aria-describedby': 'marketing-consent-help' } }}
                />
              }
              label={t('accountPage.profile.marketingConsent')}
            />
            <FormHelperText id="marketing-consent-help" sx={{ mt: 0 }}>
              {t('accountPage.profile.marketingConsentHelp')}
            </FormHelperText>
          </Box>
        )}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {t('accountPage.profile.save')}
        </Button>
      </Box>
    </AccountFormCard>
  );
}
