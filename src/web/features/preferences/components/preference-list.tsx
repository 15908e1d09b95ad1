import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { Card, Chip, Divider, MenuItem, Stack, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preference } from '../../../../shared/schemas/preference.schema';
import { EmptyText } from '../../../components/link-table';
import { SearchField } from '../../../components/search-field';
import { usePreferenceGroups, usePreferences } from '../../../lib/api/preferences.api';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useLocalizedName } from '../../../lib/use-localized-name';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';
import { matchesSearch } from '../search-text';
import { ItemTable } from './item-table';

const BASE = '/app/management/preferences';

/** How many users picked it, as a chip that stays legible on a phone row. */
export function UserCountChip({ count }: { count: number }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t('preferences.list.userCount', { count: format.number(count) })}
    />
  );
}

/**
 * Every preference, searchable by name in any language and filtered by group (both kept in the
 * address: ?q=&group=). Preferences are few, so the list filters on the screen.
 */
export function PreferenceList() {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const localName = useLocalizedName();
  const [params, update] = useUpdateSearchParams();
  const search = params.get('q') ?? '';
  const groupId = params.get('group') ?? '';
  const preferences = usePreferences();
  const groups = usePreferenceGroups();

  const items = useMemo(
    () =>
      preferences.data
        ?.filter((p) => (!groupId || p.groupId === groupId) && matchesSearch(p, search))
        .sort((a, b) => localName(a).localeCompare(localName(b), format.locale)),
    [preferences.data, groupId, search, localName, format.locale],
  );
  const groupName = (p: Preference) => {
    const group = groups.data?.find((g) => g.id === p.groupId);
    return group ? localName(group) : p.groupName;
  };
  const filtered = Boolean(search.trim() || groupId);

  return (
    <Card>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }}>
        <SearchField
          label={t('preferences.list.search')}
          value={search}
          onChange={(q) => update({ q })}
          size="small"
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          size="small"
          label={t('preferences.list.groupFilter')}
          value={groups.data?.some((g) => g.id === groupId) ? groupId : 'all'}
          onChange={(event) =>
            update({ group: event.target.value === 'all' ? undefined : event.target.value })
          }
          sx={{ width: { sm: 240 }, flexShrink: 0 }}
        >
          <MenuItem value="all">{t('preferences.list.allGroups')}</MenuItem>
          {(groups.data ?? []).map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {localName(group)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Divider />
      <ItemTable
        items={items}
        error={preferences.error}
        onRetry={() => preferences.refetch()}
        label={t('preferences.list.title')}
        nameHeader={t('preferences.list.name')}
        nameOf={localName}
        hrefOf={(p) => `${BASE}/${encodeURIComponent(p.id)}`}
        icon={<LocalOfferOutlined />}
        columns={[
          { key: 'group', header: t('preferences.list.group'), cell: groupName },
          {
            key: 'users',
            header: t('preferences.list.users'),
            cell: (p) => format.number(p.userCount),
            numeric: true,
          },
        ]}
        phone={{ secondary: groupName, end: (p) => <UserCountChip count={p.userCount} /> }}
        emptyText={
          filtered ? (
            <EmptyText title={t('preferences.list.noMatch')} hint={t('preferences.list.noMatchHint')} />
          ) : (
            <EmptyText title={t('preferences.list.empty')} hint={t('preferences.list.emptyHint')} />
          )
        }
      />
    </Card>
  );
}
