import { LocalTimeField } from './local-time-field';
import { RepeatField } from './repeat-field';
import { ScheduleField } from './schedule-field';
import type { ComposeTiming } from './use-compose-timing';
import { ValidUntilField } from './valid-until-field';

/**
 * When the notification goes (now or later, on the establishment's clock or at that time on each
 * follower's) and when its offer ends, on the establishment's clock.
 */
export function ComposeTimingFields({
  timeZone,
  timing,
  disabled,
}: {
  timeZone: string;
  timing: ComposeTiming;
  disabled: boolean;
}) {
  const later = timing.schedule.mode === 'later';
  return (
    <>
      <ScheduleField timeZone={timeZone} {...timing.schedule} disabled={disabled} />
      {later && timing.localTime.time && <LocalTimeField {...timing.localTime} disabled={disabled} />}
      {later && (
        <RepeatField
          timeZone={timeZone}
          {...timing.repeat}
          localTime={timing.localTime.checked}
          disabled={disabled}
        />
      )}
      <ValidUntilField timeZone={timeZone} {...timing.validUntil} disabled={disabled} />
    </>
  );
}
