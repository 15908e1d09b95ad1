import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  List,
  ListItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ISO_WEEKDAYS } from '../../../../shared/recurrence';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { LocalTimeField } from './local-time-field';
import { dueText, zoneName } from './schedule-helpers';
import type { RuleEnd, WeeklyRuleState } from './use-weekly-rule';
import { weekdayName } from './weekly-text';

interface Props {
  timeZone: string;
  rule: WeeklyRuleState;
  /** The weekdays shown chosen: the rule's, else the first send's. */
  weekdays: readonly number[];
  /** Ask for the time too (editing a weekly send); compose takes it from the first send. */
  withTime?: boolean;
  /** The first day the last date may be. */
  minDate?: string;
  /** The next sends the rule makes, soonest first (at most a few). */
  next: readonly Date[];
  /** With the time: whether it goes at that time on each follower's clock (editing a weekly send). */
  localTime?: { checked: boolean; onChange(checked: boolean): void; error?: string | null };
  disabled?: boolean;
}

/**
 * A weekly send's rule: its days of the week, its time (when asked) on the business's clock or on
 * each follower's, how it ends (never, unless a last date is chosen), and the next sends it makes,
 * on the business's clock.
 */
export function WeeklyRuleFields({
  timeZone,
  rule,
  weekdays,
  withTime,
  minDate,
  next,
  localTime,
  disabled,
}: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const daysId = useId();
  const endsId = useId();
  const nextId = useId();

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <FormControl error={Boolean(rule.errors.weekdays)} disabled={disabled} sx={{ minWidth: 0 }}>
        <FormLabel id={daysId} sx={{ mb: 0.75 }}>
          {t('weekly.daysLabel')}
        </FormLabel>
        <ToggleButtonGroup
          value={[...weekdays]}
          onChange={(_event, chosen: number[]) => rule.setWeekdays(chosen)}
          aria-labelledby={daysId}
          size="small"
          disabled={disabled}
          sx={{ flexWrap: 'wrap' }}
        >
          {ISO_WEEKDAYS.map((day) => (
            <ToggleButton
              key={day}
              value={day}
              aria-label={weekdayName(format.locale, day)}
              sx={{ minWidth: 44, textTransform: 'none' }}
            >
              {weekdayName(format.locale, day, 'short')}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {rule.errors.weekdays && <FormHelperText sx={{ mx: 0 }}>{rule.errors.weekdays}</FormHelperText>}
      </FormControl>

      {withTime && (
        <TextField
          type="time"
          label={t('schedule.time')}
          value={rule.time}
          onChange={(event) => rule.setTime(event.target.value)}
          error={Boolean(rule.errors.time)}
          helperText={rule.errors.time ?? t('weekly.timeHint', { zone: zoneName(timeZone) })}
          disabled={disabled}
          required
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          sx={{ maxWidth: 240 }}
        />
      )}
      {withTime && localTime && rule.time && (
        <LocalTimeField time={rule.time} {...localTime} disabled={disabled} />
      )}

      <FormControl disabled={disabled} error={Boolean(rule.errors.until)} sx={{ minWidth: 0 }}>
        <FormLabel id={endsId}>{t('weekly.endsLabel')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={endsId}
          value={rule.ends}
          onChange={(event) => rule.setEnds(event.target.value as RuleEnd)}
        >
          <FormControlLabel value="never" control={<Radio />} label={t('weekly.endsNever')} />
          <FormControlLabel value="on" control={<Radio />} label={t('weekly.endsOn')} />
        </RadioGroup>
        {rule.ends === 'on' && (
          <TextField
            type="date"
            label={t('weekly.untilLabel')}
            value={rule.until}
            onChange={(event) => rule.setUntil(event.target.value)}
            error={Boolean(rule.errors.until)}
            helperText={rule.errors.until}
            disabled={disabled}
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate } }}
            sx={{ mt: 1, maxWidth: 240 }}
          />
        )}
      </FormControl>

      <Box>
        <Typography id={nextId} variant="subtitle2" component="p">
          {t('weekly.nextTitle', { zone: zoneName(timeZone) })}
        </Typography>
        {next.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            {t('weekly.nextNone')}
          </Typography>
        ) : (
          <List dense disablePadding aria-labelledby={nextId}>
            {next.map((at) => (
              <ListItem key={at.getTime()} disableGutters sx={{ py: 0 }}>
                <Typography variant="body2">{dueText(format.locale, at.toISOString(), timeZone)}</Typography>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Stack>
  );
}
