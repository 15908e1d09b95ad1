import {
  Button,
  FormControlLabel,
  FormHelperText,
  Grid,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ROLES } from '../../../../shared/permissions';
import { SubmitButton } from '../../../components/submit-button';
import { translateMessage } from '../../../lib/translate-message';

type FieldPropsOf = (name: 'firstName' | 'lastName' | 'email' | 'phone') => object;

/** First and last name, email and phone: the fields every person form starts with. */
export function PersonIdentityFields({ fieldProps }: { fieldProps: FieldPropsOf }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label={t('people.form.firstName')}
          required
          autoComplete="off"
          fullWidth
          {...fieldProps('firstName')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label={t('people.form.lastName')}
          required
          autoComplete="off"
          fullWidth
          {...fieldProps('lastName')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label={t('people.form.email')}
          type="email"
          required
          autoComplete="off"
          fullWidth
          {...fieldProps('email')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label={t('people.form.phone')}
          type="tel"
          required
          autoComplete="off"
          fullWidth
          {...fieldProps('phone')}
        />
      </Grid>
    </Grid>
  );
}

/** The role select of a person form. */
export function RoleField<F extends FieldValues>({ control, name }: { control: Control<F>; name: Path<F> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          required
          label={t('people.form.role')}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={translateMessage(t, fieldState.error?.message)}
        >
          {ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`accountPage.roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A yes/no switch of a person form, with a line under it. */
export function SwitchField<F extends FieldValues>({
  control,
  name,
  label,
  helper,
  disabled,
}: {
  control: Control<F>;
  name: Path<F>;
  label: string;
  /** The line under the switch, from its current value. */
  helper?: (checked: boolean) => ReactNode;
  disabled?: boolean;
}) {
  const helperId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const line = helper?.(Boolean(field.value));
        return (
          <Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(field.value)}
                  disabled={disabled}
                  onChange={(_, checked) => field.onChange(checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': line ? helperId : undefined } }}
                />
              }
              label={label}
            />
            {line && (
              <FormHelperText id={helperId} sx={{ mt: 0, marginInlineStart: 0 }}>
                {line}
              </FormHelperText>
            )}
          </Stack>
        );
      }}
    />
  );
}

/** Cancel and submit at the end of a person form. */
export function FormButtons({
  cancelTo,
  submitting,
  submitLabel,
}: {
  cancelTo: string;
  submitting: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button component={RouterLink} to={cancelTo} disabled={submitting}>
        {t('people.form.cancel')}
      </Button>
      <SubmitButton submitting={submitting}>{submitLabel}</SubmitButton>
    </Stack>
  );
}
