import { languageName } from '../../shared/i18n/language-names';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import type { ContactRequestRow } from '../db/schema';
import type { MailStrings } from './locales/en';
import { cleanUserText, escapeHtml, htmlStart, MAIL_LOCALES, PRODUCT_NAME } from './templates';
import type { OutgoingMail } from './transport';

type Request = Pick<ContactRequestRow, 'name' | 'business' | 'email' | 'phone' | 'message' | 'language'>;

/**
 * The representatives' copy of a contact request from /home. Everything in it but our own words was
 * typed by a visitor, so it goes through cleanUserText (no link of theirs, no fake line breaks) and
 * is HTML-escaped; the message keeps its line breaks, each line cleaned on its own.
 */
export function contactRequestMail(lang: Language, request: Request): Omit<OutgoingMail, 'to'> {
  const s = MAIL_LOCALES[lang];
  const vars: Record<string, string> = {
    name: cleanUserText(request.name),
    business: cleanUserText(request.business),
  };
  const say = (key: keyof MailStrings) =>
    s[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
      name === 'product' ? PRODUCT_NAME : (vars[name] ?? ''),
    );
  const lines = request.message
    .split(/\r\n|\r|\n/)
    .map(cleanUserText)
    .join('\n')
    // At most one empty line in a row.
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const fields: Array<[keyof MailStrings, string]> = [
    ['contactName', vars.name!],
    ['contactBusiness', vars.business!],
    // Validated as an address by the contact schema: what "Reply" answers, shown as it is.
    ['contactEmail', request.email],
    ['contactPhone', request.phone ? cleanUserText(request.phone) : say('contactNoPhone')],
    // Named in the reader's language: a German representative reads "Slowakisch", not "Slovenčina".
    [
      'contactLanguage',
      isLanguage(request.language) ? languageName(request.language, lang) : request.language,
    ],
  ];

  const text = [
    say('contactIntro'),
    fields.map(([label, value]) => `${say(label)}: ${value}`).join('\n'),
    `${say('contactMessage')}:\n${lines}`,
    '--',
    say('contactFooter'),
  ].join('\n\n');
  const row = ([label, value]: [keyof MailStrings, string]) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#65748b;vertical-align:top">${escapeHtml(say(label))}</td>` +
    `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  const html =
    `${htmlStart(lang)}<body style="margin:0;background:#f4f5f7">` +
    `<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Roboto,Helvetica,Arial,sans-serif;` +
    `font-size:15px;line-height:1.5;color:#121828;background:#ffffff">` +
    `<p>${escapeHtml(say('contactIntro'))}</p>` +
    `<table style="border-collapse:collapse;margin:0 0 16px">${fields.map(row).join('')}</table>` +
    `<p style="margin:0;color:#65748b">${escapeHtml(say('contactMessage'))}</p>` +
    `<p style="margin-top:4px;white-space:pre-line">${escapeHtml(lines)}</p>` +
    `<hr style="border:none;border-top:1px solid #e6e8f0"><p style="font-size:12px;color:#65748b">${escapeHtml(say('contactFooter'))}</p>` +
    `</div></body></html>`;
  return { subject: say('contactSubject'), text, html };
}
