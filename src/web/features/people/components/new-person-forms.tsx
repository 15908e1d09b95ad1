import { Card, CardContent, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import {
  CreateCustomerBodySchema,
  CreateUserBodySchema,
  type ManagedUser,
} from '../../../../shared/schemas/user-management.schema';
import { EstablishmentPicker, type PickedEstablishment } from '../../../components/establishment-picker';
import { RegistrationLanguageField } from '../../../components/registration-language-field';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSettings } from '../../../lib/settings';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateCustomer, useCreateUser } from '../api/people.api';
import { FormButtons, PersonIdentityFields, RoleField, SwitchField } from './person-form-parts';

interface Props {
  cancelTo: string;
  /** After "User created!": open the new person's page. */
  onCreated: (user: ManagedUser) => void;
}

const cardContentSx = { p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } };

/** A new customer following an establishment; the registration email goes out with their password. */
export function NewCustomerForm({ cancelTo, onCreated }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateCustomer();
  const { language } = useSettings().settings;
  const [picked, setPicked] = useState<PickedEstablishment | null>(null);
  const { control, handleSubmit, formState, fieldProps, applyServerErrors } = useApiForm(
    CreateCustomerBodySchema,
    {
      defaultValues: {
        firstName: '',
        lastName: '',
        email: '',
        phone: '',
        establishmentId: '',
        language,
        discountedPrices: false,
      },
    },
  );

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { user, message } = await create.mutateAsync(body);
      enqueueSnackbar(translateMessage(t, message ?? Msg.userCreated), { variant: 'success' });
      onCreated(user);
    } catch (error) {
      if (!applyServerErrors(error)) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  return (
    <Card>
      <CardContent sx={cardContentSx}>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
          <PersonIdentityFields fieldProps={fieldProps} />
          <Controller
            control={control}
            name="establishmentId"
            render={({ field, fieldState }) => (
              <EstablishmentPicker
                label={t('people.form.establishment')}
                required
                value={picked}
                onChange={(next) => {
                  setPicked(next);
                  field.onChange(next?.id ?? '');
                }}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error
                    ? field.value
                      ? translateMessage(t, fieldState.error.message)
                      : t('people.form.chooseEstablishment')
                    : t('people.form.establishmentHelp')
                }
              />
            )}
          />
          <RegistrationLanguageField control={control} name="language" />
          <SwitchField
            control={control}
            name="discountedPrices"
            label={t('people.form.discountedPrices')}
            helper={() => t('people.form.discountedPricesHelp')}
          />
          <FormButtons
            cancelTo={cancelTo}
            submitting={formState.isSubmitting}
            submitLabel={t('people.form.createCustomer')}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A new user of any role (a representative, a client, an admin); their password goes out by email. */
export function NewUserForm({ cancelTo, onCreated }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateUser();
  const { language } = useSettings().settings;
  const { control, handleSubmit, formState, fieldProps, applyServerErrors } = useApiForm(
    CreateUserBodySchema,
    { defaultValues: { firstName: '', lastName: '', email: '', phone: '', role: 'customer', language } },
  );

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { user, message } = await create.mutateAsync(body);
      enqueueSnackbar(translateMessage(t, message ?? Msg.userCreated), { variant: 'success' });
      onCreated(user);
    } catch (error) {
      if (!applyServerErrors(error)) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  return (
    <Card>
      <CardContent sx={cardContentSx}>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
          <PersonIdentityFields fieldProps={fieldProps} />
          <RoleField control={control} name="role" />
          <RegistrationLanguageField control={control} name="language" />
          <FormButtons
            cancelTo={cancelTo}
            submitting={formState.isSubmitting}
            submitLabel={t('people.form.createUser')}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
