import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Preference } from '../../../../shared/schemas/preference.schema';
import { DangerCard } from '../../../components/danger-card';
import { useDeletePreference } from '../../../lib/api/preferences.api';
import { useLocalizedName } from '../../../lib/use-localized-name';
import { preferenceErrorText, preferenceMessage } from '../preference-message';

/** Delete a preference behind a confirmation: the users' picks of it go with it. */
export function DeletePreferenceCard({ preference }: { preference: Preference }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const localName = useLocalizedName();
  const remove = useDeletePreference(preference.id);

  const onConfirm = async () => {
    try {
      const { message } = await remove.mutateAsync();
      enqueueSnackbar(preferenceMessage(t, message), { variant: 'success' });
      navigate('/app/management/preferences', { replace: true });
    } catch (error) {
      enqueueSnackbar(preferenceErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <DangerCard
      id="delete-preference"
      variant="elevation"
      title={t('preferences.delete.title')}
      text={t('preferences.delete.warning')}
      button={t('preferences.delete.button')}
      icon={<DeleteForeverOutlined />}
      onConfirm={onConfirm}
      pending={remove.isPending}
      confirm={{
        title: t('preferences.delete.confirmTitle', { name: localName(preference) }),
        text: t('preferences.delete.confirmText', { count: preference.userCount }),
        cancel: t('preferences.delete.cancel'),
        confirm: t('preferences.delete.confirm'),
      }}
    />
  );
}
