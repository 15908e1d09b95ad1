import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useSnackbar } from 'notistack';
import { type ReactNode, useId, useState } from 'react';
import { type Control, Controller, type FieldError } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isLanguage } from '../../../shared/i18n/languages';
import { Msg } from '../../../shared/messages';
import { RegisterBodySchema } from '../../../shared/schemas/account.schema';
import { useRegisterAccount } from '../../features/account/api/register-account.api';
import { AuthLayout } from '../../layouts/auth-layout';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { translateMessage } from '../../lib/translate-message';
import { useApiForm } from '../../lib/use-api-form';

// What the person fills in; the establishment and the language are added from the page.
const RegisterFormSchema = RegisterBodySchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  terms: true,
  marketingConsent: true,
});
const FORM_FIELDS = new Set(Object.keys(RegisterFormSchema.shape));
type RegisterFormControl = Control<
  z.input<typeof RegisterFormSchema>,
  unknown,
  z.output<typeof RegisterFormSchema>
>;
type TextFieldName = 'firstName' | 'lastName' | 'email' | 'phone';

/** /register: a customer signs up; the password and the verification link arrive by email. */
export function RegisterPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const { enqueueSnackbar } = useSnackbar();
  const [searchParams] = useSearchParams();
  const establishmentId = searchParams.get('establishment')?.trim() || undefined;
  const registerAccount = useRegisterAccount();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const { register, control, handleSubmit, formState, applyServerErrors } = useApiForm(RegisterFormSchema, {
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', marketingConsent: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    const language = i18n.resolvedLanguage;
    try {
      const { user } = await registerAccount.mutateAsync({
        ...values,
        establishmentId,
        language: isLanguage(language) ? language : undefined,
      });
      setRegisteredEmail(user.email);
    } catch (error) {
      applyServerErrors(error);
      // A message about something that is not on the form (the followed business) goes in a snackbar.
      const hidden =
        error instanceof ApiError
          ? Object.entries(error.fields).find(([field]) => !FORM_FIELDS.has(field))
          : undefined;
      const shown = error instanceof ApiError && Object.keys(error.fields).some((f) => FORM_FIELDS.has(f));
      if (hidden) enqueueSnackbar(translateMessage(t, hidden[1]), { variant: 'error' });
      else if (!shown) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  if (registeredEmail) {
    return (
      <AuthLayout
        title={translateMessage(t, Msg.registered)}
        subtitle={t('auth:register.successText', { email: registeredEmail })}
        icon={<HowToRegOutlined />}
        iconTone="success"
      >
        <Stack spacing={2.5} sx={{ textAlign: 'center' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('auth:register.successHint')}
          </Typography>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            {t('auth:register.goToLogin')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const textField = (
    name: TextFieldName,
    props: { type?: string; autoComplete: string; autoFocus?: boolean },
  ) => (
    <TextField
      label={t(`auth:register.${name}`)}
      required
      {...props}
      {...register(name)}
      error={Boolean(formState.errors[name])}
      helperText={translateMessage(t, formState.errors[name]?.message)}
    />
  );

  return (
    <AuthLayout title={t('auth:register.title')} subtitle={t('auth:register.subtitle')}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        {establishmentId && <Alert severity="info">{t('auth:register.followHint')}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          {textField('firstName', { autoComplete: 'given-name', autoFocus: true })}
          {textField('lastName', { autoComplete: 'family-name' })}
        </Stack>
        {textField('email', { type: 'email', autoComplete: 'email' })}
        {textField('phone', { type: 'tel', autoComplete: 'tel' })}
        <Stack spacing={1}>
          <ConsentCheckbox
            control={control}
            name="terms"
            error={formState.errors.terms}
            label={
              <Trans
                t={t}
                i18nKey="auth:register.terms"
                components={{
                  terms: <PolicyLink to="/gdpr/terms" />,
                  privacy: <PolicyLink to="/gdpr/privacy" />,
                }}
              />
            }
          />
          <ConsentCheckbox
            control={control}
            name="marketingConsent"
            label={
              <Trans
                t={t}
                i18nKey="auth:register.marketing"
                components={{ marketing: <PolicyLink to="/gdpr/marketing" /> }}
              />
            }
          />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('auth:register.passwordHint')}
        </Typography>
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t('auth:register.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth:register.haveAccount')}{' '}
          <Link component={RouterLink} to="/login">
            {t('auth:register.signIn')}
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}

/** A link to a legal document, opened in a new tab so the half-filled form stays. */
function PolicyLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <Link component={RouterLink} to={to} target="_blank" rel="noopener">
      {children}
      <Box component="span" sx={visuallyHidden}>
        {` ${t('register.opensInNewTab')}`}
      </Box>
    </Link>
  );
}

type ConsentFieldName = 'terms' | 'marketingConsent';

/** A consent checkbox with its message underneath, tied to the form. */
function ConsentCheckbox({
  control,
  name,
  label,
  error,
}: {
  control: RegisterFormControl;
  name: ConsentFieldName;
  label: ReactNode;
  error?: FieldError;
}) {
  const { t } = useTranslation();
  const helperId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl error={Boolean(error)}>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: 1 } }}
            label={label}
            control={
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{
                  input: {
                    ref: field.ref,
                    'aria-invalid': Boolean(error),
                    'aria-describedby': error ? helperId : undefined,
                  },
                }}
              />
            }
          />
          {error && (
            <FormHelperText id={helperId} sx={{ mt: 0 }}>
              {translateMessage(t, error.message)}
            </FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}
