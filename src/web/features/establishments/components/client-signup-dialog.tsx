import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Grid,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import {
  type ClientSignupBody,
  ClientSignupBodySchema,
} from '../../../../shared/schemas/establishment.schema';
import { RegistrationLanguageField } from '../../../components/registration-language-field';
import { SubmitButton } from '../../../components/submit-button';
import { useClientSignup } from '../../../lib/api/establishments.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSettings } from '../../../lib/settings';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { EstablishmentFormFields, emptyEstablishment } from './establishment-form-fields';

const emptySignup: ClientSignupBody = {
  client: { firstName: '', lastName: '', email: '', phone: '' },
  establishment: emptyEstablishment,
};

type ClientField = Exclude<keyof ClientSignupBody['client'], 'language'>;
const CLIENT_FIELDS: { name: ClientField; type: string; autoComplete: string }[] = [
  { name: 'firstName', type: 'text', autoComplete: 'off' },
  { name: 'lastName', type: 'text', autoComplete: 'off' },
  { name: 'email', type: 'email', autoComplete: 'off' },
  { name: 'phone', type: 'tel', autoComplete: 'off' },
];

/**
 * "Register a client and establishment": the client's name, contacts and language plus the
 * establishment's profile in one form. The client gets an email with a generated password, in
 * their language.
 */
export function ClientSignupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const signup = useClientSignup();
  // The operator's language starts at the one the registering person uses.
  const { language } = useSettings().settings;
  const empty = { ...emptySignup, client: { ...emptySignup.client, language } };
  const { register, control, handleSubmit, formState, reset, applyServerErrors } = useApiForm(
    ClientSignupBodySchema,
    { defaultValues: empty },
  );
  const clientErrors = formState.errors.client;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await signup.mutateAsync(values);
      enqueueSnackbar(translateMessage(t, message ?? Msg.clientAndEstablishmentCreated), {
        variant: 'success',
      });
      reset(empty);
      onClose();
    } catch (error) {
      // 409 lands on client.email as "Email already exists."
      if (!applyServerErrors(error)) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  const close = () => {
    if (!formState.isSubmitting) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      scroll="paper"
      aria-labelledby="client-signup-title"
    >
      <DialogTitle id="client-signup-title">{t('representant.signup.title')}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogContent dividers>
          <Stack spacing={3}>
            <Typography color="textSecondary">{t('representant.signup.subtitle')}</Typography>
            <Section title={t('representant.signup.client')}>
              <Grid container spacing={2}>
                {CLIENT_FIELDS.map((field) => (
                  <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
                    <TextField
                      label={t(`representant.signup.${field.name}`)}
                      required
                      type={field.type}
                      autoComplete={field.autoComplete}
                      {...register(`client.${field.name}`)}
                      error={Boolean(clientErrors?.[field.name])}
                      helperText={translateMessage(t, clientErrors?.[field.name]?.message)}
                    />
                  </Grid>
                ))}
                <Grid size={{ xs: 12, sm: 6 }}>
                  <RegistrationLanguageField control={control} name="client.language" />
                </Grid>
              </Grid>
            </Section>
            <Divider />
            <Section title={t('representant.signup.establishment')}>
              <EstablishmentFormFields
                prefix="establishment."
                register={register as never}
                control={control as never}
                errors={formState.errors.establishment}
              />
            </Section>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
          <Button onClick={close} disabled={formState.isSubmitting}>
            {t('representant.signup.cancel')}
          </Button>
          <SubmitButton submitting={formState.isSubmitting}>{t('representant.signup.submit')}</SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack spacing={2} component="section">
      <Typography variant="overline" component="h3" color="textSecondary">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
