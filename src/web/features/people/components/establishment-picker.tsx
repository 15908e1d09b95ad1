import { Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moreToFind, PickerFooterPaper } from '../../../components/picker-footer-paper';
import { useEstablishments } from '../../../lib/api/establishments.api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** An establishment as a picker holds it. */
export interface PickedEstablishment {
  id: string;
  name: string;
  city?: string;
}

interface Props {
  label: string;
  value: PickedEstablishment | null;
  onChange: (value: PickedEstablishment | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  /** Empty the field once something is picked (adding to a list rather than choosing one). */
  clearOnPick?: boolean;
  /** Establishments already chosen elsewhere: not offered again. */
  exclude?: string[];
}

/** Search establishments by name as one types (the server filters; A to Z) and pick one. */
export function EstablishmentPicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  required,
  clearOnPick,
  exclude = [],
}: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(input.trim());
  // While an option is chosen the input shows its name; searching by it would hide the others.
  const search = value && q === value.name ? '' : q;
  const { data, isFetching } = useEstablishments({ q: search || undefined, sort: 'name', pageSize: 20 });
  const options: PickedEstablishment[] = (data?.items ?? [])
    .filter((e) => !exclude.includes(e.id))
    .map((e) => ({ id: e.id, name: e.name, city: e.city }));

  return (
    <Autocomplete<PickedEstablishment>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, next) => {
        onChange(next);
        if (clearOnPick) setInput('');
      }}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        // Picking an option would write its name into a field that empties itself.
        if (clearOnPick && reason !== 'input') return;
        setInput(next);
      }}
      onBlur={onBlur}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      // The server already filtered by the typed text.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={isFetching}
      loadingText={t('loading')}
      noOptionsText={t('people.filters.noEstablishment')}
      // Only a first page comes: say so, and that typing finds the others.
      slots={{ paper: PickerFooterPaper }}
      slotProps={{ paper: { footer: moreToFind(t, data?.items.length ?? 0, data?.total) } }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap>{option.name}</Typography>
            {option.city && (
              <Typography variant="body2" color="textSecondary" noWrap>
                {option.city}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {isFetching && open ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
