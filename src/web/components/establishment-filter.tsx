import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEstablishment } from '../lib/api/establishments.api';
import { EstablishmentPicker } from './establishment-picker';

/** Pick an establishment to filter a list by (the people it has, the log's entries about it), searching by name as one types. */
export function EstablishmentFilter({
  value,
  onChange,
  label,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  // The chosen one by id, for its name when the list came from a shared link.
  const name = useEstablishment(value).data?.name ?? '';
  // One object per choice: the picker rewrites its text whenever the value object changes.
  const selected = useMemo(() => (value ? { id: value, name } : null), [value, name]);
  return (
    <EstablishmentPicker
      size="small"
      label={label ?? t('people.filters.establishment')}
      value={selected}
      onChange={(picked) => onChange(picked?.id)}
      sx={{ minWidth: { sm: 240 } }}
    />
  );
}
