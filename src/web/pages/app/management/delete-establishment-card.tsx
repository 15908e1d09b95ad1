import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import {
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
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Msg } from '../../../../shared/messages';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { useDeleteEstablishment } from '../../../features/establishments/api/establishments.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';

/**
 * Danger zone: deleting an establishment cannot be undone (spec section 8), so the warning sits beside
 * the button and a dialog asks for confirmation. (Only the account's own delete button skips it.)
 */
export function DeleteEstablishmentCard({ establishment }: { establishment: Establishment }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const remove = useDeleteEstablishment(establishment.id);
  const [open, setOpen] = useState(false);

  const onConfirm = async () => {
    try {
      const { message } = await remove.mutateAsync();
      enqueueSnackbar(translateMessage(t, message ?? Msg.establishmentDeleted), { variant: 'success' });
      navigate('/app/management/establishment', { replace: true });
    } catch (error) {
      setOpen(false);
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <Card sx={{ borderColor: 'error.main' }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box>
            <Typography variant="h6" component="h2" color="error">
              {t('management.delete.title')}
            </Typography>
            <Typography id="delete-establishment-warning" variant="body2" color="textSecondary">
              {t('management.delete.warning')}
            </Typography>
          </Box>
          <Button
            variant="contained"
            color="error"
            startIcon={<DeleteForeverOutlined />}
            onClick={() => setOpen(true)}
            aria-describedby="delete-establishment-warning"
            sx={{ flexShrink: 0 }}
          >
            {t('management.delete.button')}
          </Button>
        </Stack>
      </CardContent>
      <Dialog
        open={open}
        onClose={() => !remove.isPending && setOpen(false)}
        aria-labelledby="delete-establishment-title"
        aria-describedby="delete-establishment-text"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="delete-establishment-title">
          {t('management.delete.confirmTitle', { name: establishment.name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-establishment-text">
            {t('management.delete.confirmText')}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={() => setOpen(false)} disabled={remove.isPending} autoFocus>
            {t('management.delete.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={onConfirm}
            disabled={remove.isPending}
            startIcon={
              remove.isPending ? <CircularProgress size={18} color="inherit" /> : <DeleteForeverOutlined />
            }
          >
            {t('management.delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
