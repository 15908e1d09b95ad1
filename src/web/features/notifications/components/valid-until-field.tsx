import { FormControl, FormControlLabel, FormHelperText, Stack, Switch, TextField } from '@mui/material';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import { validUntilProblem } from '../../../../shared/schemas/schedule';
import { type WallTime, zonedToInstant } from '../../../../shared/zoned-time';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { dueText, scheduleMessageText, zoneName } from './schedule-helpers';

/**
 * The instant an offer's end on the zone's clock names, or what is wrong with it: missing, or not
 * after the send (the server's own rule, said before asking it).
 */
export function validUntilInstant(
  wall: WallTime,
  timeZone: string,
  sendAt: Date,
): { at: Date; problem: null } | { at: null; problem: 'required' | string } {
  const at = wall.date && wall.time ? zonedToInstant(wall, timeZone) : undefined;
  if (!at) return { at: null, problem: 'required' };
  const problem = validUntilProblem(at, sendAt);
  return problem ? { at: null, problem } : { at, problem: null };
}

/** An offer end's problem or the server's message on it, in the user's language. */
export function validUntilMessageText(t: TFunction, message: string): string {
  if (message === 'required') return t('schedule.required');
  // The generic "end after start" names no start here: say what the end must follow.
  if (message === Msg.endAfterStart) return t('notifications.offer.afterSend');
  return scheduleMessageText(t, message);
}

interface Props {
  /** The establishment's time zone: the date and time are read on its clock. */
  timeZone: string;
  on: boolean;
  onToggle(on: boolean): void;
  value: WallTime;
  onChange(value: WallTime): void;
  /** Translated; shown under the date and time instead of the zone. */
  error: string | null;
  disabled?: boolean;
}

/** The browser's own zone, to say what a time on the establishment's clock is on the user's. */
const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Offer ends": off by default; on, a date and a time on the establishment's clock after
 * which the notification is no longer delivered and the post shows as ended.
 */
export function ValidUntilField({ on, onToggle, disabled, ...end }: Props) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ minWidth: 0 }}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(event) => onToggle(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={t('notifications.offer.label')}
        sx={{ alignSelf: 'flex-start' }}
      />
      <FormHelperText id={hintId} sx={{ mx: 0, mt: 0 }}>
        {t('notifications.offer.hint')}
      </FormHelperText>
      {on && <EndFields {...end} disabled={disabled} />}
    </FormControl>
  );
}

/**
 * The end's date and time, said on the establishment's clock ("Europe/Bratislava time"), with the
 * same moment on the user's clock when theirs differs; the error under both. No 90-day bound: that
 * is the schedule's, not the offer's.
 */
function EndFields({ timeZone, value, onChange, error, disabled }: Omit<Props, 'on' | 'onToggle'>) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const helpId = useId();
  const at = zonedToInstant(value, timeZone);
  const elsewhere = at && ownZone() !== timeZone ? dueText(format.locale, at.toISOString(), ownZone()) : null;
  const help =
    error ??
    [
      t('notifications.offer.zoneHint', { zone: zoneName(timeZone) }),
      elsewhere && t('schedule.yourTime', { when: elsewhere }),
    ]
      .filter(Boolean)
      .join(' · ');
  const field = { error: Boolean(error), required: true, disabled };

  return (
    <Stack sx={{ mt: 2 }}>
      <Stack direction="row" spacing={1.5}>
        <TextField
          {...field}
          type="date"
          label={t('notifications.offer.date')}
          value={value.date}
          onChange={(event) => onChange({ ...value, date: event.target.value })}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': helpId } }}
        />
        <TextField
          {...field}
          type="time"
          label={t('notifications.offer.time')}
          value={value.time}
          onChange={(event) => onChange({ ...value, time: event.target.value })}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { step: 60, 'aria-describedby': helpId },
          }}
        />
      </Stack>
      <FormHelperText id={helpId} error={Boolean(error)} role={error ? 'alert' : undefined} sx={{ mx: 1.75 }}>
        {help}
      </FormHelperText>
    </Stack>
  );
}
