import { Box, MenuItem, Stack, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../shared/permissions';
import { USER_SORTS, type UserSort } from '../../../../shared/schemas/user-management.schema';
import { DateRangeFields } from '../../../components/date-range-fields';
import { EstablishmentFilter } from '../../../components/establishment-filter';
import { SearchField } from '../../../components/search-field';
import type { usePeopleParams, VerifiedFilter } from './use-people-params';

interface Props {
  list: ReturnType<typeof usePeopleParams>;
  /** Offer a role filter (the list of every user). */
  withRole?: boolean;
  /** Label of the establishment filter: "Follows establishment" for customers. */
  establishmentLabel?: string;
  /** Buttons at the end of the search row. */
  actions?: ReactNode;
}

/** Search, filters and order of a people list; they wrap onto several rows on narrow screens. */
export function PeopleFilters({ list, withRole, establishmentLabel, actions }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SearchField
          label={t('people.filters.search')}
          value={list.search}
          onChange={list.setSearch}
          size="small"
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          size="small"
          label={t('people.filters.sort')}
          value={list.sort}
          onChange={(event) => list.setSort(event.target.value as UserSort)}
          sx={{ width: { md: 200 }, flexShrink: 0 }}
        >
          {USER_SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {t(`people.sort.${sort}`)}
            </MenuItem>
          ))}
        </TextField>
        {/* Never squeezed below its text: a shrunk button would cut its own border (1280 px wide). */}
        {actions && (
          <Box sx={{ flexShrink: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
            {actions}
          </Box>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        {withRole && (
          <TextField
            select
            size="small"
            label={t('people.filters.role')}
            value={list.role ?? 'all'}
            onChange={(event) =>
              list.setRole(event.target.value === 'all' ? undefined : (event.target.value as Role))
            }
            sx={{ minWidth: { md: 170 } }}
          >
            <MenuItem value="all">{t('people.filters.all')}</MenuItem>
            {ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {t(`accountPage.roles.${role}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <EstablishmentFilter
          value={list.establishmentId}
          onChange={list.setEstablishmentId}
          label={establishmentLabel}
        />
        <TextField
          select
          size="small"
          label={t('people.filters.email')}
          value={list.verified ?? 'all'}
          onChange={(event) =>
            list.setVerified(
              event.target.value === 'all' ? undefined : (event.target.value as VerifiedFilter),
            )
          }
          sx={{ minWidth: { md: 180 } }}
        >
          {(['all', 'verified', 'unverified'] as const).map((state) => (
            <MenuItem key={state} value={state}>
              {t(`people.filters.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeFields
          from={list.from}
          to={list.to}
          onChange={list.setDates}
          fromLabel={t('people.filters.createdFrom')}
          toLabel={t('people.filters.createdTo')}
          backwards={list.datesBackwards}
        />
      </Stack>
    </Stack>
  );
}
