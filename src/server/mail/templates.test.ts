import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language, LOCALE_OF } from '../../shared/i18n/languages';
import { en, type MailStrings } from './locales/en';
import { notificationMail } from './notification-mail';
import {
  cleanUserText,
  emailChangedMail,
  MAIL_LOCALES,
  MAIL_PLURALS,
  PRODUCT_NAME,
  pluralPhrase,
  registrationMail,
  resetMail,
  verifyMail,
} from './templates';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const OTHERS = LANGUAGES.filter((lang) => lang !== 'en');
const KEYS = Object.keys(en).sort() as Array<keyof MailStrings>;

const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** A value long enough that an identical English text means it was not translated. */
const isSentence = (value: string) => value.replace(/\{\{\w+\}\}/g, '').trim().length > 20;

describe('mail locales', () => {
  it('has one locale file per spec language, each registered in MAIL_LOCALES', () => {
    const files = readdirSync(localesDir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(files).toEqual([...LANGUAGES].sort());
    expect(Object.keys(MAIL_LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each(OTHERS)('%s', (lang) => {
    const strings = MAIL_LOCALES[lang] as Record<string, unknown>;

    it('has exactly the keys of en.ts', () => {
      expect(Object.keys(strings).sort()).toEqual(KEYS);
    });

    it.each(KEYS)('%s: a non-empty string with the same {{placeholders}} as English', (key) => {
      const value = strings[key];
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
      expect(placeholders(value as string)).toEqual(placeholders(en[key]));
    });

    it('translates every sentence (no long value is the English text)', () => {
      const untranslated = KEYS.filter((key) => isSentence(en[key]) && strings[key] === en[key]);
      expect(untranslated).toEqual([]);
    });
  });

  it('uses only placeholders the templates fill', () => {
    const filled = [
      'firstName',
      'product',
      'supportEmail',
      'establishment',
      'password',
      'androidAppUrl',
      'hours',
      'validFor',
      'name',
      'business',
      'url',
      'inviter',
      'size',
    ];
    for (const lang of LANGUAGES)
      for (const key of KEYS)
        for (const name of placeholders(MAIL_LOCALES[lang][key])) expect(filled).toContain(name);
  });
});

const VERIFY_URL = 'https://app.example.com/verify/tok123?lang=de&src=mail';
const RESET_URL = 'https://app.example.com/newpassword/reset456?a=1&b=2';
const ANDROID_URL = 'https://play.example.com/store/apps/details?id=com.example.broadcast';
const PASSWORD = 'Xk7pQ2mZrT9w';
const SUPPORT = 'help@example.com';

/** What an href or a text node holds in HTML for a URL with query parameters. */
const inHtml = (url: string) => url.replaceAll('&', '&amp;');

/** Whatever the language, a rendered mail fills every placeholder and has a text and an HTML part. */
function expectWellFormed(mail: { subject: string; text: string; html: string }, lang: Language) {
  for (const part of [mail.subject, mail.text, mail.html]) {
    expect(part).not.toMatch(/\{\{|\}\}/);
    expect(part).not.toContain('undefined');
  }
  expect(mail.subject.trim()).not.toBe('');
  // Mail clients read the BCP 47 tag, not the app's code ("cz" is no language to them).
  expect(mail.html).toContain(`<html lang="${LOCALE_OF[lang]}">`);
  // A phone's mail app lays it out at the phone's width.
  expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(mail.text).toContain('Ada');
  expect(mail.html).toContain('Ada');
  expect(mail.text).toContain(SUPPORT);
  expect(mail.html).toContain(SUPPORT);
  expect(mail.text).not.toMatch(/<[a-z]/i);
}

describe.each(LANGUAGES)('mails in %s', (lang) => {
  const s = MAIL_LOCALES[lang];

  it('registrationMail carries the verification link, the password and the app link', () => {
    const mail = registrationMail(lang, {
      firstName: 'Ada',
      verifyUrl: VERIFY_URL,
      password: PASSWORD,
      androidAppUrl: ANDROID_URL,
      supportEmail: SUPPORT,
    });
    expectWellFormed(mail, lang);
    expect(mail.subject).toBe(s.registrationSubject.replace('{{product}}', PRODUCT_NAME));
    for (const value of [VERIFY_URL, PASSWORD, ANDROID_URL]) expect(mail.text).toContain(value);
    for (const value of [inHtml(VERIFY_URL), PASSWORD, inHtml(ANDROID_URL)])
      expect(mail.html).toContain(value);
    expect(mail.html).toContain(`href="${inHtml(VERIFY_URL)}"`);
    // The Android app's address is a link in the HTML part, not plain text.
    expect(mail.html).toContain(`<a href="${inHtml(ANDROID_URL)}">${inHtml(ANDROID_URL)}</a>`);
    // Not following an establishment: the general introduction.
    expect(mail.text).toContain(s.registrationIntro);
  });

  it('registrationMail names the followed establishment when there is one', () => {
    const mail = registrationMail(lang, {
      firstName: 'Ada',
      verifyUrl: VERIFY_URL,
      password: PASSWORD,
      androidAppUrl: ANDROID_URL,
      establishment: 'Café Central',
      supportEmail: SUPPORT,
    });
    expectWellFormed(mail, lang);
    expect(mail.text).toContain('Café Central');
    expect(mail.html).toContain('Café Central');
    expect(mail.text).not.toContain(s.registrationIntro);
  });

  it('verifyMail carries the verification link and its validity', () => {
    const mail = verifyMail(lang, {
      firstName: 'Ada',
      verifyUrl: VERIFY_URL,
      hours: 48,
      supportEmail: SUPPORT,
    });
    expectWellFormed(mail, lang);
    expect(mail.subject).toBe(s.verifySubject);
    expect(mail.text).toContain(VERIFY_URL);
    expect(mail.html).toContain(`href="${inHtml(VERIFY_URL)}"`);
    expect(mail.text).toContain('48');
    expect(mail.html).toContain('48');
  });

  it('emailChangedMail tells what happened and whom to write, with no link', () => {
    const mail = emailChangedMail(lang, { firstName: 'Ada', supportEmail: SUPPORT });
    expectWellFormed(mail, lang);
    expect(mail.subject).toBe(s.emailChangedSubject);
    expect(mail.text).toContain(s.emailChangedIntro.replace('{{product}}', PRODUCT_NAME));
    expect(mail.text).toContain(s.emailChangedWarning.replace('{{supportEmail}}', SUPPORT));
    expect(mail.text).not.toMatch(/https?:\/\//);
    expect(mail.html).not.toContain('<a ');
  });

  it('resetMail carries the reset link and its validity', () => {
    const mail = resetMail(lang, { firstName: 'Ada', resetUrl: RESET_URL, hours: 2, supportEmail: SUPPORT });
    expectWellFormed(mail, lang);
    expect(mail.subject).toBe(s.resetSubject);
    expect(mail.text).toContain(RESET_URL);
    expect(mail.html).toContain(`href="${inHtml(RESET_URL)}"`);
    expect(mail.text).toContain(s.resetIntro.replace('{{validFor}}', pluralPhrase(lang, 'resetValidFor', 2)));
    expect(mail.text).not.toContain('(s)');
    expect(mail.text).not.toContain('(n)');
  });

  it.each([
    ['representant', 'registrationIntroForRepresentant'],
    ['admin', 'registrationIntroForAdmin'],
    ['client', 'registrationIntroForClientAccount'],
    ['customer', 'registrationIntro'],
  ] as const)('registrationMail speaks to a %s', (role, key) => {
    const mail = registrationMail(lang, {
      firstName: 'Ada',
      verifyUrl: VERIFY_URL,
      password: PASSWORD,
      androidAppUrl: ANDROID_URL,
      role,
      supportEmail: SUPPORT,
    });
    expectWellFormed(mail, lang);
    expect(mail.text).toContain(s[key].replace('{{product}}', PRODUCT_NAME));
  });
});

describe("plural forms of the mails (i18next, by each language's rules)", () => {
  it.each(LANGUAGES)('%s has exactly the forms its plural rules use, each with {{count}}', (lang) => {
    const categories = new Intl.PluralRules(LOCALE_OF[lang]).resolvedOptions().pluralCategories;
    for (const forms of Object.values(MAIL_PLURALS[lang])) {
      expect(Object.keys(forms).sort()).toEqual([...categories].sort());
      for (const text of Object.values(forms)) expect(placeholders(text)).toEqual(['count']);
    }
  });

  it.each([
    ['en', ['1 hour', '2 hours', '5 hours']],
    ['sk', ['1 hodinu', '2 hodiny', '5 hodín']],
    ['cz', ['1 hodinu', '2 hodiny', '5 hodin']],
    ['de', ['1 Stunde', '2 Stunden', '5 Stunden']],
    ['at', ['1 Stunde', '2 Stunden', '5 Stunden']],
    ['se', ['1 timme', '2 timmar', '5 timmar']],
    ['no', ['1 time', '2 timer', '5 timer']],
    // Hungarian keeps the noun singular after a numeral.
    ['hu', ['1 órán', '2 órán', '5 órán']],
  ] as const)('the reset email says 1, 2 and 5 hours in %s', (lang, expected) => {
    const texts = [1, 2, 5].map(
      (hours) =>
        resetMail(lang, { firstName: 'Ada', resetUrl: RESET_URL, hours, supportEmail: SUPPORT }).text,
    );
    texts.forEach((text, i) => {
      expect(text).toContain(expected[i]);
    });
  });

  it('writes the Slovak and Czech sentences with the right form', () => {
    const sk = (hours: number) =>
      resetMail('sk', { firstName: 'Ada', resetUrl: RESET_URL, hours, supportEmail: SUPPORT }).text;
    expect(sk(1)).toContain('otvorte odkaz nižšie, platí 1 hodinu.');
    expect(sk(3)).toContain('platí 3 hodiny.');
    expect(sk(24)).toContain('platí 24 hodín.');
    const cz = resetMail('cz', { firstName: 'Ada', resetUrl: RESET_URL, hours: 4, supportEmail: SUPPORT });
    expect(cz.text).toContain('platí 4 hodiny.');
  });
});

describe("a business's notification email", () => {
  it.each(LANGUAGES)('(%s) has the viewport of a phone in its HTML part', (lang) => {
    const mail = notificationMail(lang, {
      establishment: 'Café Central',
      address: 'Main Street 1, Vienna',
      text: 'Happy hour at 17:00',
      title: null,
      actions: [],
      pictureUrl: null,
      openUrl: 'https://app.example.com/p/1',
      unsubscribeUrl: 'https://app.example.com/u/1',
      manageUrl: 'https://app.example.com/m',
    });
    expect(mail.html).toMatch(
      /^<!doctype html><html lang="[^"]+"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><\/head><body/,
    );
  });

  it("carries the business's title as subject and its buttons as links, escaped", () => {
    const mail = notificationMail('de', {
      establishment: 'Café Central',
      address: '',
      text: 'Happy hour at 17:00',
      title: 'Friday <b>happy</b> hour',
      actions: [{ label: 'Book a table', url: 'https://book.example.com/?a=1&b=2' }],
      pictureUrl: null,
      openUrl: 'https://app.example.com/p/1',
      unsubscribeUrl: 'https://app.example.com/u/1',
      manageUrl: 'https://app.example.com/m',
    });
    expect(mail.subject).toBe('Friday <b>happy</b> hour');
    expect(mail.html).toContain('Friday &lt;b&gt;happy&lt;/b&gt; hour');
    expect(mail.html).toContain('href="https://book.example.com/?a=1&amp;b=2"');
    expect(mail.html).toContain('>Book a table</a>');
    expect(mail.text).toContain('Book a table: https://book.example.com/?a=1&b=2');
  });

  it("links a post's PDF with its size in the reader's language, from its first page too", () => {
    const pdf = { kind: 'pdf' as const, url: 'https://app.example.com/file/post/m.pdf', bytes: 1_234_567 };
    const mail = (lang: Language, attachment: typeof pdf) =>
      notificationMail(lang, {
        establishment: 'Café Central',
        address: '',
        text: 'The Friday menu',
        title: null,
        actions: [],
        pictureUrl: 'https://app.example.com/image/post/m.jpeg',
        attachment,
        openUrl: 'https://app.example.com/p/1',
        unsubscribeUrl: 'https://app.example.com/u/1',
        manageUrl: 'https://app.example.com/m',
      });
    const english = mail('en', pdf);
    expect(english.text).toContain('Open the PDF (1.2 MB): https://app.example.com/file/post/m.pdf');
    expect(english.html).toContain(
      '<a href="https://app.example.com/file/post/m.pdf"><img src="https://app.example.com/image/post/m.jpeg"',
    );
    expect(english.html).toContain('>Open the PDF (1.2 MB)</a>');
    expect(mail('sk', pdf).text).toContain('Otvoriť PDF (1,2 MB): https://app.example.com/file/post/m.pdf');
    expect(mail('de', { ...pdf, bytes: 84_000 }).text).toContain('PDF öffnen (84 kB)');
    expect(mail('en', { ...pdf, kind: 'video' as never, bytes: null as never }).text).toContain(
      'Watch the video: https://app.example.com/file/post/m.pdf',
    );
  });
});

describe('HTML escaping', () => {
  const firstName = '<script>alert(1)</script>';

  it.each(LANGUAGES)('escapes the first name in html and keeps it raw in text (%s)', (lang) => {
    const mails = [
      registrationMail(lang, {
        firstName,
        verifyUrl: VERIFY_URL,
        password: PASSWORD,
        androidAppUrl: ANDROID_URL,
        supportEmail: SUPPORT,
      }),
      verifyMail(lang, { firstName, verifyUrl: VERIFY_URL, hours: 48, supportEmail: SUPPORT }),
      resetMail(lang, { firstName, resetUrl: RESET_URL, hours: 2, supportEmail: SUPPORT }),
    ];
    for (const mail of mails) {
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script');
      expect(mail.text).toContain(firstName);
    }
  });

  it('escapes quotes and ampersands in names and in link attributes', () => {
    const mail = registrationMail('en', {
      firstName: 'Ada',
      verifyUrl: 'https://app.example.com/verify/x?a=1&b="><img src=x onerror=alert(1)>',
      password: `p&'"<>`,
      androidAppUrl: ANDROID_URL,
      establishment: `Tom & Jerry's "Bar"`,
      supportEmail: SUPPORT,
    });
    expect(mail.html).toContain('Tom &amp; Jerry&#39;s &quot;Bar&quot;');
    expect(mail.html).toContain('p&amp;&#39;&quot;&lt;&gt;');
    expect(mail.html).toContain('href="https://app.example.com/verify/x?a=1&amp;b=&quot;&gt;&lt;img');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain(`Tom & Jerry's "Bar"`);
    expect(mail.text).toContain(`p&'"<>`);
  });

  it('does not expand a placeholder written inside a value', () => {
    const mail = verifyMail('en', {
      firstName: '{{supportEmail}}',
      verifyUrl: VERIFY_URL,
      hours: 1,
      supportEmail: SUPPORT,
    });
    expect(mail.text).toContain('Hello {{supportEmail}},');
  });
});

describe('text people typed', () => {
  it.each([
    ['http://evil.example/x', 'http[:]//evil[.]example/x'],
    ['evil.example', 'evil[.]example'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['HTTPS:\\\\evil', 'HTTPS[:]\\\\evil'],
    ['javascript://x', 'javascript[:]//x'],
    ['evil\u3002example', 'evil[.]example'],
    ['evil\uFF0Eexample', 'evil[.]example'],
    ['10.0.0.1', '10[.]0[.]0[.]1'],
    ['mallory@evil.example', 'mallory@evil[.]example'],
    ['Ada\r\nBcc: x@y', 'Ada Bcc: x@y'],
    ['Ada\u202Eexe.txt', 'Ada exe[.]txt'],
    ['A\u200Bd\u0000a', 'A d a'],
    ['  Ada   Lovelace ', 'Ada Lovelace'],
    ['J. R. Smith', 'J. R. Smith'],
    ['Zoë', 'Zoë'],
    ["Tom & Jerry's", "Tom & Jerry's"],
  ])('%j is written %j', (input, output) => {
    expect(cleanUserText(input)).toBe(output);
  });

  it.each(LANGUAGES)('never becomes a link in a mail, in text or HTML (%s)', (lang) => {
    const mail = registrationMail(lang, {
      firstName: 'http://evil.example/x',
      verifyUrl: VERIFY_URL,
      password: PASSWORD,
      androidAppUrl: ANDROID_URL,
      establishment: 'Visit\nwww.evil.example',
      supportEmail: SUPPORT,
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('http://evil');
      expect(part).toContain('http[:]//evil[.]example/x');
    }
    // Our own links are untouched.
    expect(mail.text).toContain(VERIFY_URL);
    expect(mail.text).toContain('Visit www[.]evil[.]example');
  });
});
