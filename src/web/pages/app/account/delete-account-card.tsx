import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from '../../../features/account/api/delete-account.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';

/**
 * Danger zone: the delete-account button deletes at once with all data and no confirmation dialog
 * (spec sections 4 and 8); the warning beside it says so before the click.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteAccount();

  const onClick = async () => {
    try {
      const { message } = await remove.mutateAsync();
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

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
            startIcon={
              remove.isPending ? <CircularProgress size={18} color="inherit" /> : <DeleteForeverOutlined />
            }
            onClick={onClick}
            disabled={remove.isPending}
            aria-describedby="delete-account-warning"
            sx={{ flexShrink: 0 }}
          >
            {t('accountPage.deleteAccount.button')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
