import { type Language, LOCALE_OF } from '../../shared/i18n/languages';
import type { MailStrings } from './locales/en';
import { cleanUserText, escapeHtml, fill, htmlStart, INVISIBLE, MAIL_LOCALES, type Vars } from './templates';
import type { OutgoingMail } from './transport';

/** An email subject from a post's text: its first line, at most `max` characters, cut at a word. */
export function subjectOf(text: string, max = 78): string {
  const line = (text.split('\n').find((l) => l.trim()) ?? '')
    .replace(INVISIBLE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...line];
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord >= max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** A post's PDF (a menu, a price list) or video, which the email links: the picture is only its first page or frame. */
export interface MailAttachment {
  kind: 'pdf' | 'video';
  url: string;
  /** Its size, said beside the link (a phone on mobile data decides whether to open it now). */
  bytes: number | null;
}

/** What a business's notification email carries; every URL absolute. */
export interface NotificationMailInput {
  establishment: string;
  /** The business's address on one line, shown at the bottom as senders of such email must. */
  address: string;
  text: string;
  /** Rich notification: its title, and its buttons as links. */
  title: string | null;
  actions: { label: string; url: string }[];
  pictureUrl: string | null;
  attachment?: MailAttachment | null;
  openUrl: string;
  unsubscribeUrl: string;
  manageUrl: string;
}

/** A file's size in the reader's language: "850 kB", "1.2 MB" (sk "1,2 MB"). */
function fileSize(lang: Language, bytes: number): string {
  const megabytes = bytes / 1_000_000;
  const [value, unit] = megabytes >= 0.95 ? [megabytes, 'megabyte'] : [Math.max(1, bytes / 1000), 'kilobyte'];
  return new Intl.NumberFormat(LOCALE_OF[lang], {
    style: 'unit',
    unit,
    maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
  }).format(value);
}

/** "Open the PDF (1.2 MB)": the link's words, without the size when it is not known. */
function attachmentLabel(lang: Language, file: MailAttachment): string {
  const key: keyof MailStrings = file.kind === 'pdf' ? 'notificationPdf' : 'notificationVideo';
  const text = fill(
    MAIL_LOCALES[lang][key],
    { size: file.bytes ? fileSize(lang, file.bytes) : '' },
    (x) => x,
  );
  return text.replace(/\s*\(\)/, '');
}

/**
 * A business's notification by email, in the follower's language: the text as the business wrote
 * it (escaped), its picture, a link to its PDF or video, an "Open" button to the post, why it came,
 * the business's address, and the links to stop emails from this business or to choose for every
 * business.
 */
export function notificationMail(lang: Language, v: NotificationMailInput): Omit<OutgoingMail, 'to'> {
  const s = MAIL_LOCALES[lang];
  const vars: Vars = { establishment: v.establishment };
  const plain = (key: keyof MailStrings) => fill(s[key], vars, (x) => x);
  const html = (key: keyof MailStrings) => fill(s[key], vars, escapeHtml);
  const name = cleanUserText(v.establishment);
  const paragraphs = v.text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const button = (url: string, label: string) =>
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#5048e5;color:#ffffff;` +
    `border-radius:8px;text-decoration:none;font-weight:600">${label}</a></p>`;
  const small = 'font-size:12px;color:#65748b';
  const title = v.title ? cleanUserText(v.title) : null;
  const actions = v.actions.map((a) => ({ label: cleanUserText(a.label), url: a.url }));
  const actionLink = (a: { label: string; url: string }) =>
    `<a href="${escapeHtml(a.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;border:1px solid #5048e5;` +
    `color:#5048e5;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(a.label)}</a>`;
  const file = v.attachment ?? null;
  const fileLabel = file ? attachmentLabel(lang, file) : '';
  const picture = v.pictureUrl
    ? `<img src="${escapeHtml(v.pictureUrl)}" alt="" style="max-width:100%;border-radius:8px">`
    : '';
  return {
    subject: (title ? subjectOf(title) : subjectOf(v.text)) || name,
    text: [
      name,
      ...(title ? [title] : []),
      v.text,
      ...(v.pictureUrl && !file ? [v.pictureUrl] : []),
      ...(file ? [`${fileLabel}: ${file.url}`] : []),
      ...actions.map((a) => `${a.label}: ${a.url}`),
      `${plain('notificationOpen')}: ${v.openUrl}`,
      '--',
      plain('notificationWhy'),
      ...(v.address ? [cleanUserText(v.address)] : []),
      `${plain('notificationUnsubscribe')}: ${v.unsubscribeUrl}`,
      `${plain('notificationManage')}: ${v.manageUrl}`,
    ].join('\n\n'),
    html:
      `${htmlStart(lang)}<body style="margin:0;background:#f4f5f7">` +
      `<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Roboto,Helvetica,Arial,sans-serif;` +
      `font-size:15px;line-height:1.5;color:#121828;background:#ffffff">` +
      `<p style="font-size:18px;font-weight:700;margin-top:0">${escapeHtml(name)}</p>` +
      (title ? `<p style="font-size:16px;font-weight:600">${escapeHtml(title)}</p>` : '') +
      paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('') +
      // A PDF's first page or a video's frame opens the file itself, as does the link under it.
      (picture && file
        ? `<p><a href="${escapeHtml(file.url)}">${picture}</a></p>`
        : picture
          ? `<p>${picture}</p>`
          : '') +
      (file
        ? `<p><a href="${escapeHtml(file.url)}" style="color:#5048e5;font-weight:600">${escapeHtml(fileLabel)}</a></p>`
        : '') +
      (actions.length > 0 ? `<p>${actions.map(actionLink).join('')}</p>` : '') +
      button(v.openUrl, html('notificationOpen')) +
      `<hr style="border:none;border-top:1px solid #e6e8f0"><p style="${small}">${html('notificationWhy')}` +
      (v.address ? `<br>${escapeHtml(cleanUserText(v.address))}` : '') +
      `</p><p style="${small}"><a href="${escapeHtml(v.unsubscribeUrl)}">${html('notificationUnsubscribe')}</a>` +
      ` · <a href="${escapeHtml(v.manageUrl)}">${html('notificationManage')}</a></p>` +
      `</div></body></html>`,
  };
}
