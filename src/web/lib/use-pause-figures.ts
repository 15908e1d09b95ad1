import type { EmailPause } from '../../shared/schemas/email-complaints.schema';
import { useLocaleFormat } from './use-locale-format';

/**
 * The figures a message about a business's email pause names (its compose form, the admins' Email
 * health page), formatted for the reader: since when, complaints of emails, their share and the limit
 * ("0.3 %": a small share keeps its decimals).
 */
export function usePauseFigures() {
  const format = useLocaleFormat();
  const percent = useSharePercent();
  return (pause: EmailPause) => ({
    date: format.date(pause.since),
    complaints: format.number(pause.complaints),
    emails: format.number(pause.emails),
    // Complaints about emails older than the window can outnumber those in it: at most all of them.
    share: percent(pause.complaints / Math.max(pause.emails, pause.complaints, 1)),
    limit: percent(pause.limit),
  });
}

/** A share as a percentage with the decimals a small one needs: 0.003 as "0.3 %". */
export function useSharePercent() {
  const format = useLocaleFormat();
  const percent = new Intl.NumberFormat(format.locale, { style: 'percent', maximumFractionDigits: 2 });
  return (fraction: number) => percent.format(fraction);
}
