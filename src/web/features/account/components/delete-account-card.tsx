import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAccountFieldsSchema } from '../../../../shared/schemas/account.schema';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useDeleteAccount } from '../api/delete-account.api';

/**
 * Danger zone: the button opens a dialog that asks for the current password (a guest follower has
 * none), as the server does from every session, so a session left open elsewhere cannot delete
 * the account; the account then goes at once with all its data. The password's error is said
 * beside it; any other refusal, in the dialog.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { user } = useSession();
  const remove = useDeleteAccount();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { handleSubmit, fieldProps, reset, applyServerErrors } = useApiForm(DeleteAccountFieldsSchema, {
    defaultValues: { currentPassword: '' },
  });
  const asksPassword = user?.guest !== true;

  const close = () => {
    setOpen(false);
    setRefusal(null);
    reset({ currentPassword: '' });
  };

  const onSubmit = handleSubmit(async ({ currentPassword }) => {
    setRefusal(null);
    try {
      const { message } = await remove.mutateAsync(asksPassword ? (currentPassword ?? '') : undefined);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      if (applyServerErrors(error)) return;
      // The server's own reason (the last admin, a session opened by "log in as"), not the code's generic text.
      setRefusal(error instanceof ApiError ? translateMessage(t, error.message) : apiErrorText(t, error));
    }
  });

  return (
    <Card variant="outlined" sx={{ borderColor: 'error.main' }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box>
            <Typography variant="h6" component="h2" color="error">
              {t('accountPage.deleteAccount.title')}
            </Typography>
            <Typography id="delete-account-warning" variant="body2" color="textSecondary">
              {t('accountPage.deleteAccount.warning')}
            </Typography>
          </Box>
          <Button
            variant="contained"
            color="error"
            startIcon={<DeleteForeverOutlined />}
            onClick={() => setOpen(true)}
            aria-describedby="delete-account-warning"
            sx={{ flexShrink: 0 }}
          >
            {t('accountPage.deleteAccount.button')}
          </Button>
        </Stack>
      </CardContent>
      <Dialog
        open={open}
        onClose={() => !remove.isPending && close()}
        aria-labelledby={`${id}-title`}
        maxWidth="xs"
        fullWidth
      >
        <form onSubmit={onSubmit} noValidate>
          <DialogTitle id={`${id}-title`}>{t('accountPage.deleteAccount.dialogTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t(
                asksPassword
                  ? 'accountPage.deleteAccount.dialogText'
                  : 'accountPage.deleteAccount.dialogTextGuest',
              )}
            </DialogContentText>
            {asksPassword && (
              <TextField
                {...fieldProps('currentPassword')}
                label={t('accountPage.deleteAccount.password')}
                type="password"
                autoComplete="current-password"
                autoFocus
                required
                fullWidth
                margin="normal"
              />
            )}
            {refusal && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refusal}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
            <Button onClick={close} disabled={remove.isPending}>
              {t('accountPage.deleteAccount.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={remove.isPending}
              startIcon={remove.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {t('accountPage.deleteAccount.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Card>
  );
}
