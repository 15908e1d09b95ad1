import type { Language } from '../../shared/i18n/languages';
import { MESSAGE_MAIL_LOCALES } from './message-mail-locales';
import { cleanUserText, escapeHtml, htmlStart, MAIL_LOCALES, PRODUCT_NAME } from './templates';
import type { OutgoingMail } from './transport';

export interface MessageMailInput {
  firstName: string;
  establishment: string;
  /** The message, shown as text: links stay text. */
  text: string;
  url: string;
}

/** The business answered: told to the follower by email (no device took the push). */
export function messageMail(lang: Language, v: MessageMailInput): Omit<OutgoingMail, 'to'> {
  const s = MESSAGE_MAIL_LOCALES[lang];
  const common = MAIL_LOCALES[lang];
  const vars: Record<string, string> = {
    product: PRODUCT_NAME,
    firstName: cleanUserText(v.firstName),
    establishment: cleanUserText(v.establishment),
  };
  const say = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
  const subject = say(s.toFollowerSubject);
  const intro = say(s.toFollowerIntro);
  const button = say(s.toFollowerButton);
  const quoted = cleanUserText(v.text);
  const text = [say(common.greeting), intro, quoted, `${button}: ${v.url}`, say(common.signature)].join(
    '\n\n',
  );
  const html =
    `${htmlStart(lang)}<body style="margin:0;background:#f4f5f7">` +
    `<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Roboto,Helvetica,Arial,sans-serif;` +
    `font-size:15px;line-height:1.5;color:#121828;background:#ffffff">` +
    `<p>${escapeHtml(say(common.greeting))}</p><p>${escapeHtml(intro)}</p>` +
    `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #5048e5;white-space:pre-wrap">${escapeHtml(quoted)}</blockquote>` +
    `<p><a href="${escapeHtml(v.url)}" style="display:inline-block;padding:12px 20px;background:#5048e5;color:#ffffff;` +
    `border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(button)}</a></p>` +
    `<p>${escapeHtml(say(common.signature))}</p></div></body></html>`;
  return { subject, text, html };
}
