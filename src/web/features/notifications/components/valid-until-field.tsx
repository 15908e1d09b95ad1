import { FormControl, FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import { validUntilProblem } from '../../../../shared/schemas/schedule';
import { type WallTime, zonedToInstant } from '../../../../shared/zoned-time';
import { scheduleMessageText, zoneName } from './schedule-helpers';
import { ZonedDateTimeFields, type ZonedDateTimeProps } from './zoned-date-time-fields';

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

interface Props extends ZonedDateTimeProps {
  on: boolean;
  onToggle(on: boolean): void;
}

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

/** The end's date and time on the establishment's clock. No 90-day bound: that is the schedule's, not the offer's. */
function EndFields(props: Omit<Props, 'on' | 'onToggle'>) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ mt: 2 }}>
      <ZonedDateTimeFields
        {...props}
        texts={{
          date: t('notifications.offer.date'),
          time: t('notifications.offer.time'),
          zoneHint: t('notifications.offer.zoneHint', { zone: zoneName(props.timeZone) }),
        }}
      />
    </Stack>
  );
}
