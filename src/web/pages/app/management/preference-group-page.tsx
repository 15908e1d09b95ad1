import { Alert, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { DeletePreferenceGroupCard } from '../../../features/preferences/components/delete-preference-group-card';
import { GroupPreferencesCard } from '../../../features/preferences/components/group-preferences-card';
import { PreferenceGroupEditCard } from '../../../features/preferences/components/preference-edit-cards';
import { preferenceErrorText } from '../../../features/preferences/preference-message';
import { usePreferenceGroup } from '../../../lib/api/preferences.api';
import { useLocalizedName } from '../../../lib/use-localized-name';

const LIST = '/app/management/preference-groups';

/** /app/management/preference-groups/{id} (admin): edit a group, see its preferences, delete it once empty. */
export function PreferenceGroupPage() {
  const { t } = useTranslation();
  const id = useParams().groupId ?? '';
  const localName = useLocalizedName();
  const { data, isPending, isError, error } = usePreferenceGroup(id);
  const back = { to: LIST, label: t('preferences.groups.detail.backToList') };

  if (isError)
    return (
      <Stack spacing={3}>
        <PageHeader back={back} title={t('preferences.groups.detail.notFoundTitle')} />
        <Alert severity="error">{preferenceErrorText(t, error)}</Alert>
      </Stack>
    );
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <PageHeader
        back={back}
        title={data ? localName(data) : <Skeleton width={260} />}
        subtitle={t('preferences.groups.detail.subtitle')}
      />
      {isPending ? (
        <Skeleton variant="rounded" height={220} />
      ) : (
        <>
          <PreferenceGroupEditCard key={data.id} group={data} cancelTo={LIST} />
          <GroupPreferencesCard group={data} />
          <DeletePreferenceGroupCard group={data} />
        </>
      )}
    </Stack>
  );
}
