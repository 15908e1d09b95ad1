import { type Language, LOCALE_OF } from '../../shared/i18n/languages';
import { EMAIL_PAUSED_LOCALES, type EmailPausedStrings } from './email-paused-locales';
import { cleanUserText, escapeHtml, htmlStart, MAIL_LOCALES, PRODUCT_NAME } from './templates';
import type { OutgoingMail } from './transport';

/** What the notice says: the business, its figures, the limit, and where the reader acts. */
export interface EmailPausedInput {
  firstName: string;
  establishment: string;
  complaints: number;
  emails: number;
  /** The share above which email is paused, as a fraction. */
  limit: number;
  supportEmail: string;
  /** The business's page (operators) or the Email health page (admins). */
  url: string;
  /** An admin reads what they can do; an operator what to do and whom to write. */
  admin: boolean;
}

/**
 * A business's email was paused for its spam complaints: to its operators (their followers still
 * get push and the feed; send less, then write to support) and to the admins (where to let it go).
 */
export function emailPausedMail(lang: Language, v: EmailPausedInput): Omit<OutgoingMail, 'to'> {
  const s = EMAIL_PAUSED_LOCALES[lang];
  const common = MAIL_LOCALES[lang];
  const percent = (value: number) =>
    new Intl.NumberFormat(LOCALE_OF[lang], { style: 'percent', maximumFractionDigits: 2 }).format(value);
  const vars: Record<string, string> = {
    product: PRODUCT_NAME,
    firstName: cleanUserText(v.firstName),
    establishment: cleanUserText(v.establishment),
    complaints: String(v.complaints),
    emails: String(v.emails),
    // Complaints about emails older than the window can outnumber the emails in it: at most all of them.
    share: percent(v.complaints / Math.max(v.emails, v.complaints, 1)),
    limit: percent(v.limit),
    supportEmail: v.supportEmail,
  };
  const say = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
  const paragraphs: (keyof EmailPausedStrings)[] = v.admin
    ? ['figures', 'adminTodo']
    : ['figures', 'operatorEffect', 'operatorTodo'];
  const button = say(v.admin ? s.adminButton : s.operatorButton);
  const lines = [say(common.greeting), ...paragraphs.map((key) => say(s[key]))];
  const text = [...lines, `${button}: ${v.url}`, say(common.signature), '--', say(common.footer)].join(
    '\n\n',
  );
  const url = escapeHtml(v.url);
  const html =
    `${htmlStart(lang)}<body style="margin:0;background:#f4f5f7">` +
    `<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Roboto,Helvetica,Arial,sans-serif;` +
    `font-size:15px;line-height:1.5;color:#121828;background:#ffffff">` +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${url}" style="display:inline-block;padding:12px 20px;background:#5048e5;color:#ffffff;` +
    `border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(button)}</a></p>` +
    `<p>${escapeHtml(say(common.signature))}</p>` +
    `<hr style="border:none;border-top:1px solid #e6e8f0"><p style="font-size:12px;color:#65748b">${escapeHtml(say(common.footer))}</p>` +
    `</div></body></html>`;
  return { subject: say(s.subject), text, html };
}
