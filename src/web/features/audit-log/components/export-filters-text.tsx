import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ROLES } from '../../../../shared/permissions';
import { USER_SORTS, type UserSort } from '../../../../shared/schemas/user-management.schema';
import { useEstablishment } from '../../../lib/api/establishments.api';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/** The people export's filters as its audit entry records them (the people list's query). */
interface ExportFilters {
  search?: unknown;
  role?: unknown;
  establishmentId?: unknown;
  verified?: unknown;
  createdFrom?: unknown;
  createdTo?: unknown;
  sort?: unknown;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The establishment a filter named, by name; its id while the name loads or when it is gone. */
function EstablishmentName({ id }: { id: string }) {
  const { data } = useEstablishment(id);
  return <>{data?.name ?? id}</>;
}

/**
 * An export's filters as the people list labels them, "Establishment: Café Roma · Created from:
 * 1 Jan 2026", instead of the recorded JSON; "none" for an export of everyone. The newest-first
 * order is the default and goes unsaid.
 */
export function ExportFiltersText({ filters }: { filters: ExportFilters }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  // A recorded day at noon: midnight UTC would be the day before west of Greenwich.
  const day = (value: string) => format.date(`${value}T12:00:00`);
  const parts: { key: string; label: string; value: ReactNode }[] = [];
  const add = (key: string, label: string, value: ReactNode) => parts.push({ key, label, value });

  if (typeof filters.search === 'string' && filters.search)
    add('search', t('auditLog.exportFilters.search'), `“${filters.search}”`);
  const role = z.enum(ROLES).safeParse(filters.role);
  if (role.success) add('role', t('people.filters.role'), t(`accountPage.roles.${role.data}`));
  if (typeof filters.establishmentId === 'string')
    add(
      'establishment',
      t('people.filters.anyEstablishment'),
      <EstablishmentName id={filters.establishmentId} />,
    );
  if (typeof filters.verified === 'boolean')
    add(
      'verified',
      t('people.filters.email'),
      t(filters.verified ? 'people.filters.verified' : 'people.filters.unverified'),
    );
  if (typeof filters.createdFrom === 'string' && DAY.test(filters.createdFrom))
    add('createdFrom', t('people.filters.createdFrom'), day(filters.createdFrom));
  if (typeof filters.createdTo === 'string' && DAY.test(filters.createdTo))
    add('createdTo', t('people.filters.createdTo'), day(filters.createdTo));
  if (
    typeof filters.sort === 'string' &&
    filters.sort !== 'newest' &&
    USER_SORTS.includes(filters.sort as UserSort)
  )
    add('sort', t('people.filters.sort'), t(`people.sort.${filters.sort}`));

  if (parts.length === 0) return <>{t('auditLog.exportFilters.none')}</>;
  return (
    <>
      {parts.map((part, index) => (
        <span key={part.key}>
          {index > 0 && ' · '}
          {t('auditLog.detailLine', { field: part.label })} {part.value}
        </span>
      ))}
    </>
  );
}
