import { RepeatField } from './repeat-field';
import { ScheduleField } from './schedule-field';
import type { ComposeTiming } from './use-compose-timing';
import { ValidUntilField } from './valid-until-field';

/** When the notification goes (now or later) and when its offer ends, both on the establishment's clock. */
export function ComposeTimingFields({
  timeZone,
  timing,
  disabled,
}: {
  timeZone: string;
  timing: ComposeTiming;
  disabled: boolean;
}) {
  return (
    <>
      <ScheduleField timeZone={timeZone} {...timing.schedule} disabled={disabled} />
      {timing.schedule.mode === 'later' && (
        <RepeatField timeZone={timeZone} {...timing.repeat} disabled={disabled} />
      )}
      <ValidUntilField timeZone={timeZone} {...timing.validUntil} disabled={disabled} />
    </>
  );
}
