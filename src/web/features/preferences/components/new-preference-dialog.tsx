import { useTranslation } from 'react-i18next';
import { useCreatePreference } from '../../../lib/api/preferences.api';
import { FormDialog } from './form-dialog';
import { PreferenceForm } from './preference-form';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Preselected group, e.g. on a group's page. */
  groupId?: string;
}

/** "New preference": the form in a dialog; it closes once the server said "Preference created!". */
export function NewPreferenceDialog({ open, onClose, groupId }: Props) {
  const { t } = useTranslation();
  const create = useCreatePreference();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('preferences.form.newTitle')}
      subtitle={t('preferences.form.newSubtitle')}
    >
      <PreferenceForm
        defaultValues={{ name: '', groupId: groupId ?? '', translations: {} }}
        submitLabel={t('preferences.form.create')}
        cancel={onClose}
        save={create.mutateAsync}
        onSaved={onClose}
        autoFocus
      />
    </FormDialog>
  );
}
