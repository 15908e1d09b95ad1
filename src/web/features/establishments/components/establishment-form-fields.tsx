import { FormControlLabel, FormHelperText, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { useMemo } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EstablishmentFields } from '../../../../shared/schemas/establishment.schema';
import { translateMessage } from '../../../lib/translate-message';
import { WelcomeNotificationFields } from './welcome-notification-fields';

type FieldName = Exclude<
  keyof EstablishmentFields,
  'active' | 'timeZone' | 'commentsEnabled' | 'welcomeText' | 'welcomeTranslations'
>;

/** The establishment's profile fields in a responsive grid, in the order a business fills them in. */
const LAYOUT: {
  name: FieldName;
  required?: boolean;
  half?: boolean;
  type?: string;
  autoComplete?: string;
}[] = [
  { name: 'name', required: true },
  { name: 'subheader' },
  { name: 'email', required: true, half: true, type: 'email', autoComplete: 'email' },
  { name: 'phone', required: true, half: true, type: 'tel', autoComplete: 'tel' },
  { name: 'website', type: 'url', autoComplete: 'url' },
  { name: 'address1', required: true, autoComplete: 'address-line1' },
  { name: 'address2', autoComplete: 'address-line2' },
  { name: 'city', required: true, half: true, autoComplete: 'address-level2' },
  { name: 'state', required: true, half: true, autoComplete: 'address-level1' },
  { name: 'zip', required: true, half: true, autoComplete: 'postal-code' },
  { name: 'country', required: true, half: true, autoComplete: 'country-name' },
  { name: 'businessId', required: true, half: true },
  { name: 'taxId', required: true, half: true },
  { name: 'vatNumber', required: true, half: true },
];

const timeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/Bratislava'];
  }
};

interface Props<P extends string> {
  /** Prefix of the field names inside a larger form, e.g. "establishment." in the client signup form. */
  prefix?: P;
  register: UseFormRegister<never>;
  control: Control<never>;
  errors: FieldErrors<EstablishmentFields> | undefined;
  /** Show the active switch (admins and operators). */
  withActive?: boolean;
}

/** The establishment's fields (spec section 3), for the create, edit and client signup forms. */
export function EstablishmentFormFields<P extends string = ''>({
  prefix,
  register,
  control,
  errors,
  withActive,
}: Props<P>) {
  const { t } = useTranslation();
  const zones = useMemo(timeZones, []);
  const path = (name: string) => `${prefix ?? ''}${name}` as never;
  return (
    <Grid container spacing={2}>
      {LAYOUT.map((field) => (
        <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
          <TextField
            label={t(`establishmentForm.fields.${field.name}`)}
            required={field.required}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete ?? 'off'}
            {...register(path(field.name))}
            error={Boolean(errors?.[field.name])}
            helperText={translateMessage(t, errors?.[field.name]?.message)}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name={path('timeZone')}
          render={({ field }) => (
            <TextField
              select
              label={t('establishmentForm.fields.timeZone')}
              value={(field.value as string | undefined) ?? 'Europe/Bratislava'}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(errors?.timeZone)}
              helperText={translateMessage(t, errors?.timeZone?.message)}
            >
              {zones.map((zone) => (
                <MenuItem key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      {withActive && (
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Controller
            control={control}
            name={path('active')}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(field.value ?? true)}
                    onChange={(_, checked) => field.onChange(checked)}
                  />
                }
                label={t('establishmentForm.fields.active')}
              />
            )}
          />
        </Grid>
      )}
      {withActive && (
        <Grid size={12}>
          <Controller
            control={control}
            name={path('commentsEnabled')}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(field.value ?? true)}
                    onChange={(_, checked) => field.onChange(checked)}
                  />
                }
                label={
                  <>
                    {t('comments.settings.label')}
                    <FormHelperText component="span" sx={{ display: 'block', mt: 0 }}>
                      {t('comments.settings.help')}
                    </FormHelperText>
                  </>
                }
              />
            )}
          />
        </Grid>
      )}
      {withActive && (
        <Grid size={12}>
          <WelcomeNotificationFields register={register} control={control} errors={errors} path={path} />
        </Grid>
      )}
    </Grid>
  );
}

/** Empty values for a new establishment form. */
export const emptyEstablishment: EstablishmentFields = {
  name: '',
  subheader: '',
  email: '',
  phone: '',
  website: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  businessId: '',
  taxId: '',
  vatNumber: '',
  timeZone: 'Europe/Bratislava',
  active: true,
  commentsEnabled: true,
  welcomeText: '',
  welcomeTranslations: {},
};
