import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Msg } from '../../../../shared/messages';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { DangerCard } from '../../../components/danger-card';
import { useDeleteEstablishment } from '../../../lib/api/establishments.api';
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

  const onConfirm = async () => {
    try {
      const { message } = await remove.mutateAsync();
      enqueueSnackbar(translateMessage(t, message ?? Msg.establishmentDeleted), { variant: 'success' });
      navigate('/app/management/establishment', { replace: true });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <DangerCard
      id="delete-establishment"
      variant="elevation"
      title={t('management.delete.title')}
      text={t('management.delete.warning')}
      button={t('management.delete.button')}
      icon={<DeleteForeverOutlined />}
      onConfirm={onConfirm}
      pending={remove.isPending}
      confirm={{
        title: t('management.delete.confirmTitle', { name: establishment.name }),
        text: t('management.delete.confirmText'),
        cancel: t('management.delete.cancel'),
        confirm: t('management.delete.confirm'),
      }}
    />
  );
}
