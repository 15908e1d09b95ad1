import {
  Autocomplete,
  Box,
  CircularProgress,
  type SxProps,
  TextField,
  type Theme,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EstablishmentView } from '../../shared/schemas/establishment.schema';
import { useEstablishments } from '../lib/api/establishments.api';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { moreToFind, PickerFooterPaper } from './picker-footer-paper';

/** An establishment as a picker holds it: its id and name, and what the list shows when known. */
export type PickedEstablishment = Pick<EstablishmentView, 'id' | 'name'> &
  Partial<Pick<EstablishmentView, 'city' | 'logo' | 'status'>>;

/** Translated texts of the list, where a screen words them its own way. */
interface PickerTexts {
  loading: string;
  noOptions: string;
  /** The names of the buttons that open and close the list and empty the field. */
  open: string;
  close: string;
  clear: string;
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
  /** The chosen one is still being loaded (from the page's address). */
  loading?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /** Before and after an option's name and city, e.g. its logo and its state. */
  optionStart?: (option: PickedEstablishment) => ReactNode;
  optionEnd?: (option: PickedEstablishment) => ReactNode;
  texts?: Partial<PickerTexts>;
}

/**
 * Search establishments by name as one types (the server filters; A to Z, a first page of 20 with
 * a line saying when there are more) and pick one.
 */
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
  loading,
  size,
  sx,
  optionStart,
  optionEnd,
  texts,
}: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(input.trim());
  // While an option is chosen the input shows its name; searching by it would hide the others.
  const search = value && q === value.name ? '' : q;
  const { data, isFetching } = useEstablishments({ q: search || undefined, sort: 'name', pageSize: 20 });
  const options: PickedEstablishment[] = (data?.items ?? []).filter((e) => !exclude.includes(e.id));
  const busy = isFetching || Boolean(loading);

  return (
    <Autocomplete<PickedEstablishment>
      size={size}
      sx={sx}
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
      loading={busy}
      loadingText={texts?.loading ?? t('loading')}
      noOptionsText={texts?.noOptions ?? t('people.filters.noEstablishment')}
      openText={texts?.open}
      closeText={texts?.close}
      clearText={texts?.clear}
      // Only a first page comes: say so, and that typing finds the others.
      slots={{ paper: PickerFooterPaper }}
      slotProps={{ paper: { footer: moreToFind(t, data?.items.length ?? 0, data?.total) } }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          {optionStart?.(option)}
          <EstablishmentOptionText name={option.name} city={option.city} />
          {optionEnd?.(option)}
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
                  {busy && open ? <CircularProgress color="inherit" size={18} /> : null}
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

/** An establishment in a picker's list: its name, and its city under it when it has one. */
export function EstablishmentOptionText({ name, city }: { name: string; city?: string }) {
  return (
    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
      <Typography noWrap>{name}</Typography>
      {city && (
        <Typography variant="body2" color="textSecondary" noWrap>
          {city}
        </Typography>
      )}
    </Box>
  );
}
