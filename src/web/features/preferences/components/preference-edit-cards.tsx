import { Card, CardContent } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Preference, PreferenceGroup } from '../../../../shared/schemas/preference.schema';
import { useUpdatePreference, useUpdatePreferenceGroup } from '../../../lib/api/preferences.api';
import { PreferenceForm, PreferenceGroupForm } from './preference-form';

const CONTENT_SX = { p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } };

/** A preference's edit form, prefilled; saving says "Preference updated" and stays on the page. */
export function PreferenceEditCard({ preference, cancelTo }: { preference: Preference; cancelTo: string }) {
  const { t } = useTranslation();
  const update = useUpdatePreference(preference.id);
  return (
    <Card>
      <CardContent sx={CONTENT_SX}>
        <PreferenceForm
          defaultValues={{
            name: preference.name,
            groupId: preference.groupId,
            translations: preference.translations,
          }}
          submitLabel={t('preferences.form.save')}
          cancel={cancelTo}
          save={update.mutateAsync}
          onSaved={() => undefined}
        />
      </CardContent>
    </Card>
  );
}

/** A group's edit form, prefilled; saving says "Preference Group updated" and stays on the page. */
export function PreferenceGroupEditCard({ group, cancelTo }: { group: PreferenceGroup; cancelTo: string }) {
  const { t } = useTranslation();
  const update = useUpdatePreferenceGroup(group.id);
  return (
    <Card>
      <CardContent sx={CONTENT_SX}>
        <PreferenceGroupForm
          defaultValues={{ name: group.name, translations: group.translations }}
          submitLabel={t('preferences.form.save')}
          cancel={cancelTo}
          save={update.mutateAsync}
          onSaved={() => undefined}
        />
      </CardContent>
    </Card>
  );
}
