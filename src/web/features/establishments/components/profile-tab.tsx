import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Box, Button, Card, CardActions, CardContent, Divider, Grid, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import {
  type Establishment,
  type EstablishmentFields,
  EstablishmentFieldsSchema,
} from '../../../../shared/schemas/establishment.schema';
import { useUpdateEstablishment } from '../../../lib/api/establishments.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { coverUrl, logoUrl } from '../../../lib/media-urls';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { EstablishmentFormFields } from './establishment-form-fields';
import { NotificationLimitsCard } from './notification-limits-card';
import { PictureUploadControl } from './picture-upload-control';

const FIELD_NAMES = Object.keys(EstablishmentFieldsSchema.shape) as (keyof EstablishmentFields)[];

/** The editable fields of an establishment, taken from the full record. */
const fieldsOf = (establishment: Establishment): EstablishmentFields =>
  Object.fromEntries(FIELD_NAMES.map((name) => [name, establishment[name]])) as EstablishmentFields;

/**
 * Profile tab (editors): logo and cover uploads, the fields with Save, and how often a follower may
 * be notified; read-only while `locked` (the header says why).
 */
export function ProfileTab({ establishment, locked }: { establishment: Establishment; locked: boolean }) {
  return (
    <Stack spacing={3}>
      <PicturesCard establishment={establishment} locked={locked} />
      <DetailsCard establishment={establishment} locked={locked} />
      {/* Started afresh when the saved limits change, so it shows what the server has. */}
      <NotificationLimitsCard
        key={JSON.stringify(establishment.notificationLimits)}
        establishment={establishment}
        locked={locked}
      />
    </Stack>
  );
}

function PicturesCard({ establishment, locked }: { establishment: Establishment; locked: boolean }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('establishmentPage.profile.picturesTitle')}
        </Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, sm: 'auto' }}>
            <PictureUploadControl
              establishmentId={establishment.id}
              which="logo"
              src={logoUrl(establishment.logo)}
              disabled={locked}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 'grow' }}>
            <PictureUploadControl
              establishmentId={establishment.id}
              which="cover"
              src={coverUrl(establishment.cover)}
              disabled={locked}
            />
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

function DetailsCard({ establishment, locked }: { establishment: Establishment; locked: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateEstablishment(establishment.id);
  const values = useMemo(() => fieldsOf(establishment), [establishment]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    applyServerErrors,
    formState: { errors, isDirty },
  } = useApiForm(EstablishmentFieldsSchema, {
    values,
    // A refetch (after a logo upload, say) must not wipe what the user is typing.
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (fields) => {
    try {
      const { establishment: saved, message } = await update.mutateAsync(fields);
      reset(fieldsOf(saved));
      enqueueSnackbar(translateMessage(t, message ?? Msg.establishmentUpdated), { variant: 'success' });
    } catch (failure) {
      if (!applyServerErrors(failure)) enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
    }
  });

  return (
    <Card variant="outlined" component="form" noValidate onSubmit={onSubmit}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('establishmentPage.profile.detailsTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('establishmentPage.profile.detailsText')}
        </Typography>
        {/* A disabled fieldset makes every input read-only at once while the establishment is locked. */}
        <Box
          component="fieldset"
          disabled={locked}
          sx={{ border: 0, p: 0, m: 0, minWidth: 0, opacity: locked ? 0.6 : 1 }}
        >
          <EstablishmentFormFields
            register={register as never}
            control={control as never}
            errors={errors}
            withActive
          />
        </Box>
      </CardContent>
      <Divider />
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, py: 1.5, gap: 1 }}>
        <Button type="button" onClick={() => reset(values)} disabled={!isDirty || update.isPending}>
          {t('establishmentPage.profile.discard')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveOutlinedIcon />}
          disabled={locked || update.isPending}
          loading={update.isPending}
        >
          {t('establishmentPage.profile.save')}
        </Button>
      </CardActions>
    </Card>
  );
}
