import { Msg } from '../../../shared/messages';
import { fieldError } from '../../lib/app-error';
import { type DayRange, EARLIEST_REPORT_DAY } from './report-periods';

/** The custom range a report query asks for, if any (the schema checked that both ends come together, in order). */
export function customRangeOf(query: { from?: string; to?: string }): DayRange | undefined {
  if (!query.from || !query.to) return undefined;
  if (query.from < EARLIEST_REPORT_DAY) throw fieldError('from', Msg.invalidDate);
  return { from: query.from, to: query.to };
}
