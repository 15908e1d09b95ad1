import { Alert, Link, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { DeletePreferenceCard } from '../../../features/preferences/components/delete-preference-card';
import { PreferenceEditCard } from '../../../features/preferences/components/preference-edit-cards';
import { UserCountChip } from '../../../features/preferences/components/preference-list';
import { preferenceErrorText } from '../../../features/preferences/preference-message';
import { usePreference, usePreferenceGroups } from '../../../lib/api/preferences.api';
import { useLocalizedName } from '../../../lib/use-localized-name';

const LIST = '/app/management/preferences';

/** /app/management/preferences/{id} (admin): edit a preference's name, group and translations; delete it. */
export function PreferencePage() {
  const { t } = useTranslation();
  const id = useParams().preferenceId ?? '';
  const localName = useLocalizedName();
  const { data, isPending, isError, error } = usePreference(id);
  const group = usePreferenceGroups().data?.find((g) => g.id === data?.groupId);
  const back = { to: LIST, label: t('preferences.detail.backToList') };

  if (isError)
    return (
      <Stack spacing={3}>
        <PageHeader back={back} title={t('preferences.detail.notFoundTitle')} />
        <Alert severity="error">{preferenceErrorText(t, error)}</Alert>
      </Stack>
    );
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <PageHeader
        back={back}
        title={data ? localName(data) : <Skeleton width={260} />}
        subtitle={
          data ? (
            <Stack
              direction="row"
              spacing={1}
              component="span"
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Link
                component={RouterLink}
                to={`/app/management/preference-groups/${encodeURIComponent(data.groupId)}`}
              >
                {t('preferences.detail.inGroup', { group: group ? localName(group) : data.groupName })}
              </Link>
              <UserCountChip count={data.userCount} />
            </Stack>
          ) : (
            <Skeleton width={180} />
          )
        }
      />
      {isPending ? (
        <Skeleton variant="rounded" height={280} />
      ) : (
        // Keyed by the record, so another preference starts a fresh form.
        <PreferenceEditCard key={data.id} preference={data} cancelTo={LIST} />
      )}
      {data && <DeletePreferenceCard preference={data} />}
    </Stack>
  );
}
