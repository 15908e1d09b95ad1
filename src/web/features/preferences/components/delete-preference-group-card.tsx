import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PreferenceGroup } from '../../../../shared/schemas/preference.schema';
import { DangerCard } from '../../../components/danger-card';
import { useDeletePreferenceGroup } from '../../../lib/api/preferences.api';
import { useLocalizedName } from '../../../lib/use-localized-name';
import { preferenceErrorText, preferenceMessage } from '../preference-message';

/**
 * Delete a group behind a confirmation. The server refuses (409) while the group holds
 * preferences; its message is shown as it answers, so the rule lives in one place.
 */
export function DeletePreferenceGroupCard({ group }: { group: PreferenceGroup }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const localName = useLocalizedName();
  const remove = useDeletePreferenceGroup(group.id);

  const onConfirm = async () => {
    try {
      const { message } = await remove.mutateAsync();
      enqueueSnackbar(preferenceMessage(t, message), { variant: 'success' });
      navigate('/app/management/preference-groups', { replace: true });
    } catch (error) {
      enqueueSnackbar(preferenceErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <DangerCard
      id="delete-preference-group"
      variant="elevation"
      title={t('preferences.groups.delete.title')}
      text={
        group.preferenceCount > 0
          ? t('preferences.groups.delete.holdsPreferences', { count: group.preferenceCount })
          : t('preferences.groups.delete.warning')
      }
      button={t('preferences.groups.delete.button')}
      icon={<DeleteForeverOutlined />}
      onConfirm={onConfirm}
      pending={remove.isPending}
      confirm={{
        title: t('preferences.groups.delete.confirmTitle', { name: localName(group) }),
        text: t('preferences.groups.delete.confirmText'),
        cancel: t('preferences.delete.cancel'),
        confirm: t('preferences.delete.confirm'),
      }}
    />
  );
}
