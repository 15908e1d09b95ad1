import type { MailPlurals, MailStrings } from './en';

export const sk: MailStrings = {
  greeting: 'Dobrý deň, {{firstName}},',
  signature: 'Tím {{product}}',
  footer:
    'Tento e-mail ste dostali, pretože s touto adresou bol vytvorený alebo použitý účet. Máte otázky? Napíšte nám na {{supportEmail}}.',
  linkFallback: 'Ak tlačidlo nefunguje, skopírujte tento odkaz do prehliadača:',

  registrationSubject: 'Vitajte v službe {{product}}: potvrďte svoj e-mail',
  registrationIntro:
    'Váš účet je pripravený. Potvrďte svoju e-mailovú adresu a novinky od podnikov, ktoré sledujete, budete dostávať aj e-mailom; upozornenia na vašich zariadeniach potvrdenie nepotrebujú.',
  registrationIntroWithEstablishment:
    'Odteraz sledujete podnik {{establishment}}. Potvrďte svoju e-mailovú adresu a jeho novinky budete dostávať aj e-mailom; upozornenia na vašich zariadeniach potvrdenie nepotrebujú.',
  registrationIntroForClient:
    'Váš podnik {{establishment}} je teraz na {{product}}. Potvrďte svoju e-mailovú adresu, prihláste sa a pošlite svojim sledovateľom prvú novinku.',
  registrationIntroForClientAccount:
    'Váš účet {{product}} na prevádzkovanie podniku je pripravený. Potvrďte svoju e-mailovú adresu a prihláste sa; keď bude váš podnik prepojený s vaším účtom, môžete jeho sledovateľom posielať novinky.',
  registrationIntroForRepresentant:
    'Odteraz ste obchodným zástupcom služby {{product}}. Potvrďte svoju e-mailovú adresu a prihláste sa: v paneli obchodného zástupcu môžete registrovať podniky spolu s ich prevádzkovateľmi a sledovať, ako sa ich prevádzkam darí.',
  registrationIntroForAdmin:
    'Odteraz ste správcom služby {{product}}. Potvrďte svoju e-mailovú adresu a prihláste sa, aby ste mohli spravovať používateľov, podniky a ich sledovateľov.',
  registrationButton: 'Potvrdiť e-mail',
  registrationPassword: 'Vaše heslo na prihlásenie: {{password}}',
  registrationPasswordHint: 'Kedykoľvek ho môžete zmeniť v časti Účet > Zabezpečenie.',
  registrationApp: 'Stiahnite si aplikáciu do telefónu s Androidom: {{androidAppUrl}}',

  verifySubject: 'Potvrďte svoju e-mailovú adresu',
  verifyIntro:
    'Potvrďte, prosím, svoju e-mailovú adresu otvorením odkazu nižšie. Odkaz je platný {{hours}} hod.',
  verifyButton: 'Potvrdiť e-mail',

  resetSubject: 'Nastavte si nové heslo',
  resetIntro:
    'Niekto požiadal o nastavenie nového hesla k vášmu účtu. Ak ste to boli vy, otvorte odkaz nižšie, platí {{validFor}}. Ak nie, tento e-mail ignorujte: vaše heslo zostane nezmenené.',
  resetButton: 'Nastaviť nové heslo',

  adminResetSubject: 'Vaše nové heslo do služby {{product}}',
  adminResetIntro:
    'Správca služby {{product}} nastavil k vášmu účtu nové heslo. Na všetkých zariadeniach ste boli odhlásení: prihláste sa znova heslom uvedeným nižšie.',
  adminResetButton: 'Prihlásiť sa',
  webhookDisabledSubject: 'Váš webhook bol vypnutý',
  webhookDisabledText:
    'Volania vášho webhooku pre {{establishment}} ({{url}}) zlyhávali celý deň, preto sme ho vypli. Udalosti, ktoré sa nepodarilo doručiť, nájdete v histórii volaní. Opravte prijímač, potom webhook znova zapnite a odošlite, čo zmeškal.',
  webhookDisabledButton: 'Otvoriť nastavenia webhooku',

  invitationGreeting: 'Dobrý deň,',
  invitationSubject: '{{inviter}} vás pozýva spravovať podnik {{establishment}} v {{product}}',
  invitationIntro:
    '{{inviter}} vás pozýva spoločne spravovať podnik {{establishment}} v {{product}}: posielajte novinky sledovateľom, odpovedajte na komentáre v mene podniku a sledujte, ako sa mu darí.',
  invitationHowTo:
    'Otvorte odkaz nižšie do {{validFor}}. Ak máte účet s touto adresou, prihláste sa; ak nie, vytvoríte si ho za minútu. Odkaz funguje raz.',
  invitationButton: 'Prijať pozvanie',

  contactSubject: 'Žiadosť o kontakt od {{business}}',
  contactIntro:
    '{{name}} z podniku {{business}} má záujem o službu {{product}}. Odpovedzte na tento e-mail a ozvite sa.',
  contactName: 'Meno',
  contactBusiness: 'Podnik',
  contactEmail: 'E-mail',
  contactPhone: 'Telefón',
  contactNoPhone: 'neuvedený',
  contactLanguage: 'Jazyk',
  contactMessage: 'Správa',
  contactFooter:
    'Odoslané z kontaktného formulára na domovskej stránke {{product}}. Žiadosť nájdete aj v paneli obchodného zástupcu.',

  emailChangedSubject: 'Vaša e-mailová adresa bola zmenená',
  emailChangedIntro:
    'E-mailová adresa vášho účtu {{product}} bola zmenená z tejto adresy na novú. Odteraz vám píšeme na novú adresu a s touto adresou sa už neprihlásite.',
  emailChangedWarning:
    'Ak ste to neboli vy, niekto môže poznať vaše heslo: okamžite nám napíšte na {{supportEmail}}, aby sme mohli váš účet zabezpečiť.',

  notificationOpen: 'Otvoriť',
  notificationWhy:
    'Tento e-mail dostávate, pretože sledujete {{establishment}} a zvolili ste si novinky e-mailom.',
  notificationUnsubscribe: 'Nedostávať e-maily od {{establishment}}',
  notificationManage: 'Vyberte si, ako vás jednotlivé podniky oslovia',
  notificationPdf: 'Otvoriť PDF ({{size}})',
  notificationVideo: 'Pozrieť video ({{size}})',
};

/** Phrases that change with a number, by the plural forms of sk (one, few, many (fractions), other). */
export const skPlurals: MailPlurals = {
  resetValidFor: {
    one: '{{count}} hodinu',
    few: '{{count}} hodiny',
    many: '{{count}} hodiny',
    other: '{{count}} hodín',
  },
  invitationValidFor: {
    one: '{{count}} dňa',
    few: '{{count}} dní',
    many: '{{count}} dňa',
    other: '{{count}} dní',
  },
};
