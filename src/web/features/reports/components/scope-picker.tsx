import PublicOutlined from '@mui/icons-material/PublicOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Autocomplete, Box, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EstablishmentOptionText } from '../../../components/establishment-picker';
import { moreToFind, PickerFooterPaper } from '../../../components/picker-footer-paper';
import { useEstablishments } from '../../../lib/api/establishments.api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** A choice of the picker: an establishment, or (id null) the whole platform. */
interface ScopeOption {
  id: string | null;
  name: string;
  city?: string;
}

interface Props {
  /** The establishment shown, undefined for the whole platform. */
  establishmentId: string | undefined;
  /** Its name, once known (the dashboard's answer names its scope). */
  name: string | undefined;
  /** Offer the whole platform (admins). */
  platform: boolean;
  onChange: (establishmentId: string | undefined) => void;
}

/**
 * Whose figures to show: the whole platform (admins) or an establishment, searched by name as one
 * types among those the caller may see (the server's list answers by role). Not the shared
 * EstablishmentPicker: its value may be the whole platform, and it is never empty.
 */
export function ScopePicker({ establishmentId, name, platform, onChange }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim());
  const platformName = t('reports.scope.platform');
  const whole = useMemo<ScopeOption>(() => ({ id: null, name: platformName }), [platformName]);
  // One object per choice: the Autocomplete rewrites its text whenever the value object changes.
  const value = useMemo<ScopeOption>(
    () => (establishmentId ? { id: establishmentId, name: name ?? '' } : whole),
    [establishmentId, name, whole],
  );
  // Only typed text searches; the chosen name shown in the field does not.
  const search = q;
  const { data, isFetching } = useEstablishments({ q: search || undefined, sort: 'name', pageSize: 20 });
  const found: ScopeOption[] = (data?.items ?? []).map((e) => ({ id: e.id, name: e.name, city: e.city }));
  const options = [
    ...(platform && !search ? [whole] : []),
    ...(value.id && !found.some((o) => o.id === value.id) && !search ? [value] : []),
    ...found,
  ];

  return (
    <Autocomplete<ScopeOption, false, true>
      disableClearable
      value={value}
      onChange={(_, next) => onChange(next.id ?? undefined)}
      onInputChange={(_, next, reason) => setInput(reason === 'input' ? next : '')}
      options={options}
      // The server already filtered by the typed text.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={isFetching}
      loadingText={t('loading')}
      noOptionsText={t('reports.scope.noOptions')}
      slots={{ paper: PickerFooterPaper }}
      slotProps={{ paper: { footer: moreToFind(t, found.length, data?.total) } }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          {option.id === null ? (
            <PublicOutlined aria-hidden color="action" />
          ) : (
            <StorefrontOutlined aria-hidden color="action" />
          )}
          <EstablishmentOptionText name={option.name} city={option.city} />
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={t('reports.scope.label')} />}
      sx={{ width: { xs: '100%', md: 320 } }}
    />
  );
}
