import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moreToFind, PickerFooterPaper } from '../../../components/picker-footer-paper';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useActor, useActorChoices } from '../api/audit-log.api';

interface Option {
  id: string;
  name: string;
  email: string;
}

const nameOf = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** Pick who acted, searching people by name or email as one types. */
export function ActorFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  const { data, isFetching } = useActorChoices(search);
  // The chosen one by id, for their name when the filter came from a shared link.
  const chosen = useActor(value).data;
  const selected: Option | null = value
    ? { id: value, name: chosen ? nameOf(chosen) : '', email: chosen?.email ?? '' }
    : null;
  const options: Option[] = (data?.items ?? []).map((user) => ({
    id: user.id,
    name: nameOf(user),
    email: user.email,
  }));
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
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{option.name}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {option.email}
          </Typography>
        </Box>
      )}
      noOptionsText={t('auditLog.filters.noActor')}
      loadingText={t('loading')}
      slots={{ paper: PickerFooterPaper }}
      slotProps={{ paper: { footer: moreToFind(t, options.length, data?.total) } }}
      renderInput={(params) => <TextField {...params} label={t('auditLog.filters.actor')} />}
      sx={{ minWidth: { sm: 220 } }}
    />
  );
}
