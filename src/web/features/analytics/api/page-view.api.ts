import { recordPageView } from '../../../../shared/contracts/reports.contracts';
import type { PageViewBody } from '../../../../shared/schemas/report.schema';
import { callApi } from '../../../lib/call-api';

/** recordPageView: analytics never disturb the visitor, so a failure is dropped. */
export function sendPageView(body: PageViewBody): void {
  callApi(recordPageView, { body }).catch(() => undefined);
}
