import { useTranslation } from 'react-i18next';
import { useCreatePreferenceGroup } from '../../../lib/api/preferences.api';
import { FormDialog } from './form-dialog';
import { PreferenceGroupForm } from './preference-form';

/** "New group": the form in a dialog; it closes once the server created the group. */
export function NewPreferenceGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePreferenceGroup();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('preferences.groups.form.newTitle')}
      subtitle={t('preferences.groups.form.newSubtitle')}
    >
      <PreferenceGroupForm
        defaultValues={{ name: '', translations: {} }}
        submitLabel={t('preferences.groups.form.create')}
        cancel={onClose}
        save={create.mutateAsync}
        onSaved={onClose}
        autoFocus
      />
    </FormDialog>
  );
}
