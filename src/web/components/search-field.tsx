import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, type SxProps, TextField, type Theme } from '@mui/material';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/** A search box: a text field of type search with a magnifier at its start. */
export function SearchField({ label, value, onChange, size, sx }: Props) {
  return (
    <TextField
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size={size}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
