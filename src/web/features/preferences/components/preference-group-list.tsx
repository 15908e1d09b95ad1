import FolderOutlined from '@mui/icons-material/FolderOutlined';
import { Card, Chip, Divider, Stack } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyText } from '../../../components/link-table';
import { SearchField } from '../../../components/search-field';
import { usePreferenceGroups } from '../../../lib/api/preferences.api';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useLocalizedName } from '../../../lib/use-localized-name';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';
import { matchesSearch } from '../search-text';
import { ItemTable } from './item-table';

const BASE = '/app/management/preference-groups';

/** Every preference group with how many preferences it holds, searchable by name (?q=). */
export function PreferenceGroupList() {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const localName = useLocalizedName();
  const [params, update] = useUpdateSearchParams();
  const search = params.get('q') ?? '';
  const groups = usePreferenceGroups();
  const items = useMemo(
    () =>
      groups.data
        ?.filter((g) => matchesSearch(g, search))
        .sort((a, b) => localName(a).localeCompare(localName(b), format.locale)),
    [groups.data, search, localName, format.locale],
  );
  const countText = (count: number) => t('preferences.groups.list.count', { count: format.number(count) });

  return (
    <Card>
      <Stack sx={{ p: 2 }}>
        <SearchField
          label={t('preferences.groups.list.search')}
          value={search}
          onChange={(q) => update({ q })}
          size="small"
        />
      </Stack>
      <Divider />
      <ItemTable
        items={items}
        error={groups.error}
        onRetry={() => groups.refetch()}
        label={t('preferences.groups.list.title')}
        nameHeader={t('preferences.groups.list.name')}
        nameOf={localName}
        hrefOf={(g) => `${BASE}/${encodeURIComponent(g.id)}`}
        icon={<FolderOutlined />}
        columns={[
          {
            key: 'count',
            header: t('preferences.groups.list.preferences'),
            cell: (g) => format.number(g.preferenceCount),
            numeric: true,
          },
        ]}
        phone={{
          secondary: () => undefined,
          end: (g) => <Chip size="small" variant="outlined" label={countText(g.preferenceCount)} />,
        }}
        emptyText={
          search.trim() ? (
            <EmptyText
              title={t('preferences.groups.list.noMatch')}
              hint={t('preferences.groups.list.noMatchHint')}
            />
          ) : (
            <EmptyText
              title={t('preferences.groups.list.empty')}
              hint={t('preferences.groups.list.emptyHint')}
            />
          )
        }
      />
    </Card>
  );
}
