import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language, LOCALE_OF } from '../../shared/i18n/languages';
import { contactRequestMail } from './contact-request-mail';
import { MAIL_LOCALES, PRODUCT_NAME } from './templates';

const REQUEST = {
  name: 'Jana Nováková',
  business: 'Kaviareň "Lipa" & syn',
  email: 'jana@lipa.test',
  phone: '',
  message: 'Dobrý deň,\r\n\r\n\r\n\r\nchceme posielať menu.',
  language: 'sk',
};

/** "Slovak" as each reader says it: the visitor's language is named in the mail's language. */
const SLOVAK_IN: Record<Language, string> = {
  en: 'Slovak',
  sk: 'slovenčina',
  se: 'slovakiska',
  hu: 'szlovák',
  cz: 'slovenština',
  at: 'Slowakisch',
  de: 'Slowakisch',
  no: 'slovakisk',
};

describe.each(LANGUAGES)('the contact request email in %s', (lang) => {
  const s = MAIL_LOCALES[lang];
  const mail = contactRequestMail(lang, REQUEST);

  it('fills every placeholder and names the business in the subject', () => {
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\{\{|\}\}/);
      expect(part).not.toContain('undefined');
    }
    expect(mail.subject).toBe(s.contactSubject.replace('{{business}}', REQUEST.business));
    expect(mail.text).toContain(
      s.contactIntro
        .replace('{{name}}', REQUEST.name)
        .replace('{{business}}', REQUEST.business)
        .replace('{{product}}', PRODUCT_NAME),
    );
    expect(mail.html).toContain(`<html lang="${LOCALE_OF[lang]}">`);
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('lists the fields, says when no phone was given, and keeps the message on its lines', () => {
    expect(mail.text).toContain(`${s.contactEmail}: jana@lipa.test`);
    expect(mail.text).toContain(`${s.contactPhone}: ${s.contactNoPhone}`);
    expect(mail.text).toContain(`${s.contactLanguage}: ${SLOVAK_IN[lang]}`);
    // At most one empty line in a row.
    expect(mail.text).toContain(`${s.contactMessage}:\nDobrý deň,\n\nchceme posielať menu.`);
    expect(mail.html).toContain('Kaviareň &quot;Lipa&quot; &amp; syn');
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });
});
