import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAME, LANGUAGES, LOCALE_OF } from '../../../../shared/i18n/languages';
import { ProfileBodySchema, type User } from '../../../../shared/schemas/account.schema';
import { useUpdateProfile } from '../../../features/account/api/update-profile.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';

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
});

type TextFieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'bio';

/** Profile tab: the ProfileBodySchema form; server field errors land on their fields. */
export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useUpdateProfile();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, control, handleSubmit, formState, reset, watch, applyServerErrors } = useApiForm(
    ProfileBodySchema,
    { defaultValues: valuesOf(user) },
  );
  const bioLength = (watch('bio') ?? '').length;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user: saved, message } = await save.mutateAsync(values);
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
    <Card variant="outlined">
      <CardContent>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
          <Box>
            <Typography variant="h6" component="h2">
              {t('accountPage.profile.title')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('accountPage.profile.subtitle')}
            </Typography>
          </Box>
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
        </Stack>
      </CardContent>
    </Card>
  );
}
