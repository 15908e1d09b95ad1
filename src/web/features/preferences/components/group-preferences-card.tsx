import AddOutlined from '@mui/icons-material/AddOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { Box, Button, Card, CardHeader, Divider } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreferenceGroup } from '../../../../shared/schemas/preference.schema';
import { EmptyText } from '../../../components/link-table';
import { usePreferences } from '../../../lib/api/preferences.api';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useLocalizedName } from '../../../lib/use-localized-name';
import { ItemTable } from './item-table';
import { NewPreferenceDialog } from './new-preference-dialog';
import { UserCountChip } from './preference-list';

/** The preferences a group holds, each opening its page, and "New preference" already in this group. */
export function GroupPreferencesCard({ group }: { group: PreferenceGroup }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const localName = useLocalizedName();
  const preferences = usePreferences();
  const [creating, setCreating] = useState(false);
  const items = useMemo(
    () =>
      preferences.data
        ?.filter((p) => p.groupId === group.id)
        .sort((a, b) => localName(a).localeCompare(localName(b), format.locale)),
    [preferences.data, group.id, localName, format.locale],
  );
  const title = t('preferences.groups.detail.preferences');

  return (
    <Card>
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Box sx={{ pt: 0.5, pr: 0.5 }}>
            <Button startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
              {t('preferences.list.new')}
            </Button>
          </Box>
        }
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
      />
      <Divider />
      <ItemTable
        items={items}
        error={preferences.error}
        onRetry={() => preferences.refetch()}
        label={title}
        nameHeader={t('preferences.list.name')}
        nameOf={localName}
        hrefOf={(p) => `/app/management/preferences/${encodeURIComponent(p.id)}`}
        icon={<LocalOfferOutlined />}
        columns={[
          {
            key: 'users',
            header: t('preferences.list.users'),
            cell: (p) => format.number(p.userCount),
            numeric: true,
          },
        ]}
        phone={{ secondary: () => undefined, end: (p) => <UserCountChip count={p.userCount} /> }}
        emptyText={
          <EmptyText
            title={t('preferences.groups.detail.empty')}
            hint={t('preferences.groups.detail.emptyHint')}
          />
        }
      />
      <NewPreferenceDialog open={creating} onClose={() => setCreating(false)} groupId={group.id} />
    </Card>
  );
}
