import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../shared/messages';
import { translateMessage } from '../lib/translate-message';

interface Props {
  /** The first and last day, as the date fields write them (YYYY-MM-DD), or ''. */
  from: string;
  to: string;
  /** The day that changed. */
  onChange(dates: { from?: string; to?: string }): void;
  /** Translated labels of the two fields. */
  fromLabel: string;
  toLabel: string;
  /** The last day is before the first: said under it, and the caller ignores it. */
  backwards: boolean;
}

/** A list filter's "from" and "to" days, side by side in the caller's row. */
export function DateRangeFields({ from, to, onChange, fromLabel, toLabel, backwards }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        type="date"
        size="small"
        label={fromLabel}
        value={from}
        onChange={(event) => onChange({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label={toLabel}
        value={to}
        onChange={(event) => onChange({ to: event.target.value })}
        error={backwards}
        helperText={backwards ? translateMessage(t, Msg.endAfterStart) : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}
