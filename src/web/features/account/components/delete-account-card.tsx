import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DangerCard } from '../../../components/danger-card';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useDeleteAccount } from '../api/delete-account.api';

/**
 * Danger zone: the delete-account button deletes at once with all data and no confirmation dialog
 * (spec sections 4 and 8); the warning beside it says so before the click.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteAccount();

  const onConfirm = async () => {
    try {
      const { message } = await remove.mutateAsync();
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <DangerCard
      id="delete-account"
      title={t('accountPage.deleteAccount.title')}
      text={t('accountPage.deleteAccount.warning')}
      button={t('accountPage.deleteAccount.button')}
      icon={<DeleteForeverOutlined />}
      onConfirm={onConfirm}
      pending={remove.isPending}
    />
  );
}
