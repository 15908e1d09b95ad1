import {
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
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { isLanguage } from '../../../../shared/i18n/languages';
import { RegisterBodySchema } from '../../../../shared/schemas/account.schema';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { rememberedVisitSource } from '../../../lib/visit-source';
import { useRegisterAccount } from '../api/register-account.api';
import { RegistrationPreferences } from './registration-preferences';

// What the person fills in; the establishment and the language are added by the form's owner.
const RegistrationFormSchema = RegisterBodySchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  terms: true,
  marketingConsent: true,
});
const FORM_FIELDS = new Set(Object.keys(RegistrationFormSchema.shape));
type RegistrationFormControl = Control<
  z.input<typeof RegistrationFormSchema>,
  unknown,
  z.output<typeof RegistrationFormSchema>
>;
type TextFieldName = 'firstName' | 'lastName' | 'email' | 'phone';
type ConsentFieldName = 'terms' | 'marketingConsent';

/**
 * The customer registration form (spec: /register and /{establishmentId}/register): name, email,
 * phone, terms and privacy acceptance, marketing consent. It calls the registerAccount contract in the
 * current language and reports the new account's email; other outcomes go to a snackbar.
 */
export function RegistrationForm({
  establishmentId,
  privacyPath = '/gdpr/privacy',
  submitLabel,
  autoFocus = true,
  header,
  footer,
  offerPreferences = false,
  email,
  onRegistered,
}: {
  /** The business to follow on registering (its public id or id). */
  establishmentId?: string;
  /** Where the privacy policy link points: a business's page links its own copy. */
  privacyPath?: string;
  submitLabel?: string;
  autoFocus?: boolean;
  /** Shown above the fields, inside the form's spacing. */
  header?: ReactNode;
  /** Shown under the submit button. */
  footer?: ReactNode;
  /** Offer the preferences as optional checkboxes (the register-and-follow page). */
  offerPreferences?: boolean;
  /** An address given beforehand (an invitation's): filled in and not to be changed. */
  email?: string;
  onRegistered(email: string): void;
}) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const { enqueueSnackbar } = useSnackbar();
  const registerAccount = useRegisterAccount();
  const { adopt } = useSession();
  const [preferenceIds, setPreferenceIds] = useState<string[]>([]);
  const [preferenceError, setPreferenceError] = useState<string | null>(null);
  const { register, control, handleSubmit, formState, applyServerErrors } = useApiForm(
    RegistrationFormSchema,
    {
      defaultValues: { firstName: '', lastName: '', email: email ?? '', phone: '', marketingConsent: false },
    },
  );

  const onSubmit = handleSubmit(async (values) => {
    const language = i18n.resolvedLanguage;
    setPreferenceError(null);
    try {
      const { user, accessToken } = await registerAccount.mutateAsync({
        ...values,
        establishmentId,
        // Where the visit to the business's page came from (its ?src=), for its funnel.
        source: establishmentId ? rememberedVisitSource(establishmentId) : undefined,
        language: isLanguage(language) ? language : undefined,
        ...(offerPreferences && preferenceIds.length > 0 ? { preferenceIds } : {}),
      });
      onRegistered(user.email);
      // Signed in on this device at once: following, choosing and push need no password.
      adopt(accessToken, user);
    } catch (error) {
      applyServerErrors(error);
      if (error instanceof ApiError && error.fields.preferenceIds) {
        setPreferenceError(t('common:targeting.register.gone'));
        return;
      }
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

  const textField = (
    name: TextFieldName,
    props: { type?: string; autoComplete: string; autoFocus?: boolean; readOnly?: boolean },
  ) => (
    <TextField
      label={t(`auth:register.${name}`)}
      required
      type={props.type}
      autoComplete={props.autoComplete}
      autoFocus={props.autoFocus}
      slotProps={props.readOnly ? { htmlInput: { readOnly: true } } : undefined}
      {...register(name)}
      error={Boolean(formState.errors[name])}
      helperText={translateMessage(t, formState.errors[name]?.message)}
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      {header}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        {textField('firstName', { autoComplete: 'given-name', autoFocus })}
        {textField('lastName', { autoComplete: 'family-name' })}
      </Stack>
      {textField('email', { type: 'email', autoComplete: 'email', readOnly: email !== undefined })}
      {textField('phone', { type: 'tel', autoComplete: 'tel' })}
      {offerPreferences && (
        <RegistrationPreferences
          value={preferenceIds}
          onChange={(next) => {
            setPreferenceIds(next);
            setPreferenceError(null);
          }}
          disabled={formState.isSubmitting}
          error={preferenceError}
        />
      )}
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
                privacy: <PolicyLink to={privacyPath} />,
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
        {submitLabel ?? t('auth:register.submit')}
      </Button>
      {footer}
    </Stack>
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

/** A consent checkbox with its message underneath, tied to the form. */
function ConsentCheckbox({
  control,
  name,
  label,
  error,
}: {
  control: RegistrationFormControl;
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
