import type { Language } from '../../shared/i18n/languages';
import type { OperatorNoticeKind } from '../../shared/schemas/operator-notice.schema';
import { excerptOf } from '../modules/comments/comment-notice.text';
import { TALK_BACK_LOCALES } from './talk-back-locales';
import { cleanUserText, escapeHtml, htmlStart, MAIL_LOCALES, PRODUCT_NAME } from './templates';
import type { OutgoingMail } from './transport';

/** Characters of a comment or message quoted in an email: enough to know what it asks. */
const QUOTE_LENGTH = 300;

interface Paragraph {
  text: string;
  /** Shown as a quote (people's words). */
  quote?: boolean;
}

/** Plain text and simple inline-styled HTML, as the other notices are laid out. */
function layout(
  lang: Language,
  subject: string,
  vars: Record<string, string>,
  paragraphs: Paragraph[],
  button: { label: string; url: string },
  footer: string,
): Omit<OutgoingMail, 'to'> {
  const common = MAIL_LOCALES[lang];
  const say = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
  const greeting = say(common.greeting);
  const signature = say(common.signature);
  const text = [
    greeting,
    ...paragraphs.map((p) => (p.quote ? `> ${p.text.replace(/\n/g, '\n> ')}` : p.text)),
    `${button.label}: ${button.url}`,
    signature,
    '--',
    footer,
  ].join('\n\n');
  const html =
    `${htmlStart(lang)}<body style="margin:0;background:#f4f5f7">` +
    `<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Roboto,Helvetica,Arial,sans-serif;` +
    `font-size:15px;line-height:1.5;color:#121828;background:#ffffff">` +
    `<p>${escapeHtml(greeting)}</p>` +
    paragraphs
      .map((p) =>
        p.quote
          ? `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #5048e5;white-space:pre-wrap">${escapeHtml(p.text)}</blockquote>`
          : `<p>${escapeHtml(p.text)}</p>`,
      )
      .join('') +
    `<p><a href="${escapeHtml(button.url)}" style="display:inline-block;padding:12px 20px;background:#5048e5;color:#ffffff;` +
    `border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(button.label)}</a></p>` +
    `<p>${escapeHtml(signature)}</p>` +
    `<hr style="border:none;border-top:1px solid #e6e8f0"><p style="font-size:12px;color:#65748b">${escapeHtml(footer)}</p>` +
    `</div></body></html>`;
  return { subject: say(subject), text, html };
}

const quote = (text: string) => excerptOf(cleanUserText(text), QUOTE_LENGTH);

/** To a comment's author: someone (or the business) replied to it; the button opens the post's comments. */
export function commentReplyMail(
  lang: Language,
  v: { firstName: string; author: string; establishment: string; reply: string; url: string },
): Omit<OutgoingMail, 'to'> {
  const s = TALK_BACK_LOCALES[lang];
  const vars = {
    product: PRODUCT_NAME,
    firstName: cleanUserText(v.firstName),
    author: cleanUserText(v.author),
    establishment: cleanUserText(v.establishment),
  };
  const say = (template: string) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name as keyof typeof vars] ?? '');
  return layout(
    lang,
    s.replySubject,
    vars,
    [{ text: say(s.replyIntro) }, { text: quote(v.reply), quote: true }],
    { label: s.replyButton, url: v.url },
    say(MAIL_LOCALES[lang].footer),
  );
}

/** One item of an operator's notice: a comment on a post, or a message to the business. */
export interface NoticeItem {
  kind: OperatorNoticeKind;
  /** The post's text (a comment) or the conversation's subject (a message). */
  context: string;
  text: string;
}

/** At most this many items are quoted in a digest; the button shows the rest. */
const DIGEST_ITEMS = 20;

/**
 * To an operator without push: what came in for a business, one item or a digest of the window's.
 * The button opens the item's page (one) or the business's (several).
 */
export function operatorNoticeMail(
  lang: Language,
  v: { firstName: string; establishment: string; items: NoticeItem[]; url: string; settingsUrl: string },
): Omit<OutgoingMail, 'to'> {
  const s = TALK_BACK_LOCALES[lang];
  const vars: Record<string, string> = {
    product: PRODUCT_NAME,
    firstName: cleanUserText(v.firstName),
    establishment: cleanUserText(v.establishment),
    count: String(v.items.length),
    settingsUrl: v.settingsUrl,
  };
  const say = (template: string, extra: Record<string, string> = {}) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => extra[name] ?? vars[name] ?? '');
  // A comment names its post; a message, who wrote it.
  const heading = (item: NoticeItem) =>
    say(item.kind === 'comment' ? s.comment : s.message, { context: excerptOf(cleanUserText(item.context)) });
  const first = v.items[0]!;
  vars.what = heading(first);
  const paragraphs: Paragraph[] = [{ text: say(s.noticeIntro) }];
  for (const item of v.items.slice(0, DIGEST_ITEMS)) {
    paragraphs.push({ text: heading(item) }, { text: quote(item.text), quote: true });
  }
  return layout(
    lang,
    v.items.length === 1 ? s.noticeSubjectOne : s.noticeSubjectMany,
    vars,
    paragraphs,
    { label: say(s.noticeButton), url: v.url },
    say(s.noticeWhy),
  );
}
