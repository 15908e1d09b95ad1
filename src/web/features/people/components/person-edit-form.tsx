import { Card, CardContent, Divider, Grid, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../../shared/error-codes';
import { Msg } from '../../../../shared/messages';
import { becomesClientByOperating, defaultMembershipKind } from '../../../../shared/permissions';
import {
  type ManagedUserDetail,
  UpdateUserBodySchema,
} from '../../../../shared/schemas/user-management.schema';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useUpdatePerson } from '../api/people.api';
import { MembershipEditor } from './membership-editor';
import { FormButtons, PersonIdentityFields, RoleField, SwitchField } from './person-form-parts';

// Every field is sent: the form shows them all, so each is required here.
const EditSchema = UpdateUserBodySchema.required();

/** The first message in a field's error, which for a list may sit on one of its items. */
const firstMessage = (error: unknown): string | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const value of Object.values(error)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
};

interface Props {
  person: ManagedUserDetail;
  cancelTo: string;
  onSaved: () => void;
}

/** Every field an admin may change on a person (spec section 3); the server's message says it is saved. */
export function PersonEditForm({ person, cancelTo, onSaved }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdatePerson(person.id);
  // An admin does not unconfirm their own address here (it would lock them out behind a new link).
  const ownConfirmed = useSession().user?.id === person.id && person.emailVerified;
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(person.establishments.map((e) => [e.establishmentId, e.name])),
  );
  const { control, handleSubmit, formState, fieldProps, applyServerErrors, setError, watch } = useApiForm(
    EditSchema,
    {
      defaultValues: {
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        role: person.role,
        emailVerified: person.emailVerified,
        discountedPrices: person.discountedPrices,
        establishments: person.establishments.map(({ establishmentId, kind }) => ({ establishmentId, kind })),
      },
    },
  );
  const role = watch('role');

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { message } = await update.mutateAsync(body);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
      onSaved();
    } catch (error) {
      if (applyServerErrors(error)) return;
      // A 409 without fields is still about the address.
      if (error instanceof ApiError && error.code === ErrorCode.EMAIL_EXISTS)
        setError('email', { type: 'server', message: Msg.emailExists });
      else enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
          <PersonIdentityFields fieldProps={fieldProps} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <RoleField control={control} name="role" />
            </Grid>
          </Grid>
          <Stack spacing={1.5}>
            <SwitchField
              control={control}
              name="emailVerified"
              label={t('people.form.emailVerified')}
              disabled={ownConfirmed}
              helper={(checked) =>
                ownConfirmed
                  ? t('people.form.emailVerifiedOwn')
                  : !checked && person.emailVerified
                    ? t('people.form.verificationWillBeSent')
                    : t(checked ? 'people.form.emailVerifiedOn' : 'people.form.emailVerifiedOff')
              }
            />
            <SwitchField
              control={control}
              name="discountedPrices"
              label={t('people.form.discountedPrices')}
              helper={() => t('people.form.discountedPricesHelp')}
            />
          </Stack>
          <Divider />
          <Controller
            control={control}
            name="establishments"
            render={({ field, fieldState }) => (
              <MembershipEditor
                value={field.value ?? []}
                onChange={field.onChange}
                names={names}
                onName={(id, name) => setNames((all) => ({ ...all, [id]: name }))}
                defaultKind={defaultMembershipKind(role ?? person.role)}
                // A customer the admin keeps a customer may only follow (operating would make them a client).
                followOnly={becomesClientByOperating(role ?? person.role)}
                error={fieldState.error ? translateMessage(t, firstMessage(fieldState.error)) : undefined}
              />
            )}
          />
          <FormButtons
            cancelTo={cancelTo}
            submitting={formState.isSubmitting}
            submitLabel={t('people.form.save')}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
