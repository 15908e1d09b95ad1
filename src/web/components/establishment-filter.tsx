import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEstablishment, useEstablishments } from '../lib/api/establishments.api';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { moreToFind, PickerFooterPaper } from './picker-footer-paper';

interface Option {
  id: string;
  name: string;
}

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
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim());
  const { data, isFetching } = useEstablishments({ q: q || undefined, sort: 'name', pageSize: 20 });
  // The chosen one by id, for its name when the list came from a shared link.
  const chosen = useEstablishment(value).data;
  const selected: Option | null = value ? { id: value, name: chosen?.name ?? '' } : null;
  const options: Option[] = (data?.items ?? []).map((e) => ({ id: e.id, name: e.name }));
  return (
    <Autocomplete<Option>
      size="small"
      options={options}
      value={selected}
      loading={isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      getOptionLabel={(option) => option.name}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setInput(text);
      }}
      onChange={(_, option) => onChange(option?.id)}
      noOptionsText={t('people.filters.noEstablishment')}
      loadingText={t('loading')}
      slots={{ paper: PickerFooterPaper }}
      slotProps={{ paper: { footer: moreToFind(t, options.length, data?.total) } }}
      renderInput={(params) => <TextField {...params} label={label ?? t('people.filters.establishment')} />}
      sx={{ minWidth: { sm: 240 } }}
    />
  );
}
