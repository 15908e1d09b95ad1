import i18next from 'i18next';
import { LANGUAGES, type Language, LOCALE_OF } from '../../shared/i18n/languages';
import type { Role } from '../../shared/permissions';
import { at, atPlurals } from './locales/at';
import { cz, czPlurals } from './locales/cz';
import { de, dePlurals } from './locales/de';
import { en, enPlurals, type MailPlurals, type MailStrings } from './locales/en';
import { hu, huPlurals } from './locales/hu';
import { no, noPlurals } from './locales/no';
import { se, sePlurals } from './locales/se';
import { sk, skPlurals } from './locales/sk';
import type { OutgoingMail } from './transport';

export const MAIL_LOCALES: Record<Language, MailStrings> = { en, sk, se, hu, cz, at, de, no };

export const MAIL_PLURALS: Record<Language, MailPlurals> = {
  en: enPlurals,
  sk: skPlurals,
  se: sePlurals,
  hu: huPlurals,
  cz: czPlurals,
  at: atPlurals,
  de: dePlurals,
  no: noPlurals,
};

/**
 * i18next picks a phrase's plural form by the language's rules (Intl.PluralRules under its BCP 47
 * locale: "cz" is cs-CZ), from keys `<phrase>_<form>`, and fills in `{{count}}`.
 */
const plurals = i18next.createInstance();
void plurals.init({
  initAsync: false,
  lng: LOCALE_OF.en,
  fallbackLng: false,
  ns: ['mail'],
  defaultNS: 'mail',
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    LANGUAGES.map((lang) => [
      LOCALE_OF[lang],
      {
        mail: Object.fromEntries(
          Object.entries(MAIL_PLURALS[lang]).flatMap(([phrase, forms]) =>
            Object.entries(forms).map(([form, text]) => [`${phrase}_${form}`, text]),
          ),
        ),
      },
    ]),
  ),
});

/** A phrase with a number in the language's plural form: "1 hour", "2 hours"; sk "1 hodinu", "2 hodiny", "5 hodín". */
export const pluralPhrase = (lang: Language, phrase: keyof MailPlurals, count: number): string =>
  plurals.t(phrase, { count, lng: LOCALE_OF[lang] });

export const PRODUCT_NAME = 'Broadcast';

/** The values a template's `{{name}}` placeholders take. */
export type Vars = Record<string, string | number | boolean | undefined>;

/** Text as HTML: `&`, `<`, `>` and quotes as entities. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// C0/C1 controls (newlines and tabs included), zero-width characters, bidirectional overrides and
// isolates, line and paragraph separators: they can fake line breaks or reorder what the reader sees.
export const INVISIBLE = /[\p{Cc}\u00AD\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]+/gu;
// A dot between letters or digits, in any of the forms IDNA reads as a dot: what makes "evil.example"
// a host name. Replaced by "[.]", the usual way to write a link that nothing will make clickable.
const HOST_DOT = /(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu;
// "scheme://": a link even without a dot ("http://localhost").
const SCHEME = /([\p{L}\p{N}+.-]+):(?=[\\/]{2})/gu;

/**
 * Text that people typed (a first name, a business's name) as it may appear in an email: on one
 * line, without invisible characters, and without anything a mail client would turn into a link, so
 * whoever registered an address cannot make our email carry a link of their choosing to its owner.
 * "http://evil.example/x" becomes "http[:]//evil[.]example/x"; a name with an initial and a space
 * ("J. Smith") is left alone.
 */
export function cleanUserText(value: string): string {
  return value
    .replace(INVISIBLE, ' ')
    .replace(SCHEME, '$1[:]')
    .replace(HOST_DOT, '[.]')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The variables that hold text people typed; everything else is ours (links, the password, numbers). */
const USER_TEXT = new Set(['firstName', 'establishment', 'inviter']);

/** The variables that are our links inside a sentence: in the HTML part, a link one can tap. */
const LINK_VARS = new Set(['androidAppUrl']);

/** A URL as a link in the HTML part, showing the address itself. */
const htmlLink = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;

/** A template with its `{{name}}` placeholders filled, each value encoded (people's text cleaned first). */
export const fill = (
  template: string,
  vars: Vars,
  encode: (s: string) => string,
  link?: (url: string) => string,
) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = String(vars[key] ?? '');
    if (link && LINK_VARS.has(key)) return link(value);
    return encode(USER_TEXT.has(key) ? cleanUserText(value) : value);
  });

/**
 * The start of every email's HTML part: its language as a BCP 47 tag, and a viewport, so a phone's
 * mail app shows it at the phone's width instead of a shrunken desktop page.
 */
export const htmlStart = (lang: Language) =>
  `<!doctype html><html lang="${LOCALE_OF[lang]}"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head>`;

interface Block {
  /** A paragraph of text, or a call-to-action link. */
  text?: keyof MailStrings;
  button?: { label: keyof MailStrings; url: string };
}

/** Lay out blocks as plain text and as simple, inline-styled HTML that mail clients render alike. */
function compose(
  lang: Language,
  subject: keyof MailStrings,
  blocks: Block[],
  vars: Vars,
  greeting: keyof MailStrings = 'greeting',
): Omit<OutgoingMail, 'to'> {
  const s = MAIL_LOCALES[lang];
  const all: Vars = { product: PRODUCT_NAME, ...vars };
  const plain = (key: keyof MailStrings) => fill(s[key], all, (x) => x);
  const html = (key: keyof MailStrings) => fill(s[key], all, escapeHtml, htmlLink);

  const textParts = [plain(greeting)];
  const htmlParts = [`<p>${html(greeting)}</p>`];
  for (const block of blocks) {
    if (block.text) {
      textParts.push(plain(block.text));
      htmlParts.push(`<p>${html(block.text)}</p>`);
    }
    if (block.button) {
      const url = escapeHtml(block.button.url);
      textParts.push(`${plain(block.button.label)}: ${block.button.url}`);
      htmlParts.push(
        `<p><a href="${url}" style="display:inline-block;padding:12px 20px;background:#5048e5;color:#ffffff;` +
          `border-radius:8px;text-decoration:none;font-weight:600">${html(block.button.label)}</a></p>` +
          `<p style="font-size:13px;color:#65748b">${html('linkFallback')}<br><a href="${url}">${url}</a></p>`,
      );
    }
  }
  textParts.push(plain('signature'), '--', plain('footer'));
  htmlParts.push(`<p>${html('signature')}</p>`);
  return {
    subject: plain(subject),
    text: textParts.join('\n\n'),
    html:
      `${htmlStart(lang)}<body style="margin:0;background:#f4f5f7">` +
      `<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Roboto,Helvetica,Arial,sans-serif;` +
      `font-size:15px;line-height:1.5;color:#121828;background:#ffffff">${htmlParts.join('')}` +
      `<hr style="border:none;border-top:1px solid #e6e8f0"><p style="font-size:12px;color:#65748b">${html('footer')}</p>` +
      `</div></body></html>`,
  };
}

/** The welcome's first paragraph for an account of each role that joins without an establishment. */
const INTRO_OF_ROLE: Record<Role, keyof MailStrings> = {
  customer: 'registrationIntro',
  client: 'registrationIntroForClientAccount',
  representant: 'registrationIntroForRepresentant',
  admin: 'registrationIntroForAdmin',
};

/** The registration email: verification link, the generated password and the Android app link (spec section 1). */
export const registrationMail = (
  lang: Language,
  v: {
    firstName: string;
    verifyUrl: string;
    password: string;
    androidAppUrl: string;
    establishment?: string;
    /** The recipient operates the establishment (a client signed up by a representative). */
    operates?: boolean;
    /** The account's role: without an establishment, the introduction speaks to it. */
    role?: Role;
    supportEmail: string;
  },
) =>
  compose(
    lang,
    'registrationSubject',
    [
      {
        text: v.operates
          ? 'registrationIntroForClient'
          : v.establishment
            ? 'registrationIntroWithEstablishment'
            : INTRO_OF_ROLE[v.role ?? 'customer'],
      },
      { button: { label: 'registrationButton', url: v.verifyUrl } },
      { text: 'registrationPassword' },
      { text: 'registrationPasswordHint' },
      { text: 'registrationApp' },
    ],
    v,
  );

/** A fresh verification link. */
export const verifyMail = (
  lang: Language,
  v: { firstName: string; verifyUrl: string; hours: number; supportEmail: string },
) =>
  compose(
    lang,
    'verifySubject',
    [{ text: 'verifyIntro' }, { button: { label: 'verifyButton', url: v.verifyUrl } }],
    v,
  );

/** A link to /newpassword/{token}, valid for `hours` ("1 hour", "2 hours": the language's plural forms). */
export const resetMail = (
  lang: Language,
  v: { firstName: string; resetUrl: string; hours: number; supportEmail: string },
) =>
  compose(
    lang,
    'resetSubject',
    [{ text: 'resetIntro' }, { button: { label: 'resetButton', url: v.resetUrl } }],
    { ...v, validFor: pluralPhrase(lang, 'resetValidFor', v.hours) },
  );

/** To the old address after an email change: what happened, and whom to write if it was not them. */
export const emailChangedMail = (lang: Language, v: { firstName: string; supportEmail: string }) =>
  compose(lang, 'emailChangedSubject', [{ text: 'emailChangedIntro' }, { text: 'emailChangedWarning' }], v);

/** An admin reset the password: the new one, and a way to sign in (every session has ended). */
export const passwordResetByAdminMail = (
  lang: Language,
  v: { firstName: string; password: string; loginUrl: string; supportEmail: string },
) =>
  compose(
    lang,
    'adminResetSubject',
    [
      { text: 'adminResetIntro' },
      { text: 'registrationPassword' },
      { text: 'registrationPasswordHint' },
      { button: { label: 'adminResetButton', url: v.loginUrl } },
    ],
    v,
  );

/** A webhook was turned off after a day of failed calls: its operators learn why and where to fix it. */
export const webhookDisabledMail = (
  lang: Language,
  v: { firstName: string; establishment: string; url: string; settingsUrl: string },
) =>
  compose(
    lang,
    'webhookDisabledSubject',
    [{ text: 'webhookDisabledText' }, { button: { label: 'webhookDisabledButton', url: v.settingsUrl } }],
    v,
  );

/**
 * An invitation to operate a business: who invites, to which business, the link and how
 * long it works. Greets by name when the address has an account, plainly otherwise.
 */
export const operatorInvitationMail = (
  lang: Language,
  v: {
    firstName: string | null;
    inviter: string;
    establishment: string;
    acceptUrl: string;
    days: number;
    supportEmail: string;
  },
) =>
  compose(
    lang,
    'invitationSubject',
    [
      { text: 'invitationIntro' },
      { button: { label: 'invitationButton', url: v.acceptUrl } },
      { text: 'invitationHowTo' },
    ],
    { ...v, firstName: v.firstName ?? '', validFor: pluralPhrase(lang, 'invitationValidFor', v.days) },
    v.firstName ? 'greeting' : 'invitationGreeting',
  );
