import type { MailPlurals, MailStrings } from './en';

export const cz: MailStrings = {
  greeting: 'Dobrý den, {{firstName}},',
  signature: 'Tým {{product}}',
  footer:
    'Tento e-mail jste obdrželi, protože s touto adresou byl vytvořen nebo použit účet. Máte dotazy? Napište nám na {{supportEmail}}.',
  linkFallback: 'Pokud tlačítko nefunguje, zkopírujte tento odkaz do prohlížeče:',

  registrationSubject: 'Vítejte ve službě {{product}}: potvrďte svůj e-mail',
  registrationIntro:
    'Váš účet je připraven. Potvrďte svou e-mailovou adresu a novinky od podniků, které sledujete, budete dostávat i e-mailem; oznámení na vašich zařízeních potvrzení nepotřebují.',
  registrationIntroWithEstablishment:
    'Nyní sledujete podnik {{establishment}}. Potvrďte svou e-mailovou adresu a jeho novinky budete dostávat i e-mailem; oznámení na vašich zařízeních potvrzení nepotřebují.',
  registrationIntroForClient:
    'Váš podnik {{establishment}} je nyní na {{product}}. Potvrďte svou e-mailovou adresu, přihlaste se a pošlete svým sledujícím první novinku.',
  registrationIntroForClientAccount:
    'Váš účet {{product}} pro provozování podniku je připraven. Potvrďte svou e-mailovou adresu a přihlaste se; jakmile bude váš podnik propojen s vaším účtem, můžete jeho sledujícím posílat novinky.',
  registrationIntroForRepresentant:
    'Nyní jste obchodním zástupcem služby {{product}}. Potvrďte svou e-mailovou adresu a přihlaste se: v panelu zástupce můžete registrovat podniky spolu s jejich provozovateli a sledovat, jak se jejich provozovnám daří.',
  registrationIntroForAdmin:
    'Nyní jste správcem služby {{product}}. Potvrďte svou e-mailovou adresu a přihlaste se, abyste mohli spravovat uživatele, podniky a jejich sledující.',
  registrationButton: 'Potvrdit e-mail',
  registrationPassword: 'Vaše heslo pro přihlášení: {{password}}',
  registrationPasswordHint: 'Kdykoli ho můžete změnit v sekci Účet > Zabezpečení.',
  registrationApp: 'Stáhněte si aplikaci do telefonu s Androidem: {{androidAppUrl}}',

  verifySubject: 'Potvrďte svou e-mailovou adresu',
  verifyIntro: 'Potvrďte prosím svou e-mailovou adresu otevřením odkazu níže. Odkaz je platný {{hours}} hod.',
  verifyButton: 'Potvrdit e-mail',

  resetSubject: 'Nastavte si nové heslo',
  resetIntro:
    'Někdo požádal o nastavení nového hesla k vašemu účtu. Pokud jste to byli vy, otevřete odkaz níže, platí {{validFor}}. Pokud ne, tento e-mail ignorujte: vaše heslo zůstane beze změny.',
  resetButton: 'Nastavit nové heslo',

  adminResetSubject: 'Vaše nové heslo ke službě {{product}}',
  adminResetIntro:
    'Správce služby {{product}} nastavil k vašemu účtu nové heslo. Na všech zařízeních jste byli odhlášeni: přihlaste se znovu heslem uvedeným níže.',
  adminResetButton: 'Přihlásit se',
  webhookDisabledSubject: 'Váš webhook byl vypnut',
  webhookDisabledText:
    'Volání vašeho webhooku pro {{establishment}} ({{url}}) selhávala celý den, proto jsme ho vypnuli. Události, které se nepodařilo doručit, najdete v historii volání. Opravte příjemce, pak webhook znovu zapněte a odešlete, co zmeškal.',
  webhookDisabledButton: 'Otevřít nastavení webhooku',

  invitationGreeting: 'Dobrý den,',
  invitationSubject: '{{inviter}} vás zve ke správě podniku {{establishment}} v {{product}}',
  invitationIntro:
    '{{inviter}} vás zve ke společné správě podniku {{establishment}} v {{product}}: posílejte novinky sledujícím, odpovídejte na komentáře jménem podniku a sledujte, jak se mu daří.',
  invitationHowTo:
    'Otevřete odkaz níže do {{validFor}}. Máte-li účet s touto adresou, přihlaste se; jinak si ho za minutu vytvoříte. Odkaz funguje jednou.',
  invitationButton: 'Přijmout pozvánku',

  contactSubject: 'Žádost o kontakt od {{business}}',
  contactIntro:
    '{{name}} z podniku {{business}} má zájem o službu {{product}}. Odpovězte na tento e-mail a ozvěte se.',
  contactName: 'Jméno',
  contactBusiness: 'Podnik',
  contactEmail: 'E-mail',
  contactPhone: 'Telefon',
  contactNoPhone: 'neuvedeno',
  contactLanguage: 'Jazyk',
  contactMessage: 'Zpráva',
  contactFooter:
    'Odesláno z kontaktního formuláře na domovské stránce {{product}}. Žádost najdete také v panelu zástupce.',

  emailChangedSubject: 'Vaše e-mailová adresa byla změněna',
  emailChangedIntro:
    'E-mailová adresa vašeho účtu {{product}} byla změněna z této adresy na novou. Od teď vám píšeme na novou adresu a s touto adresou se už nepřihlásíte.',
  emailChangedWarning:
    'Pokud jste to nebyli vy, někdo možná zná vaše heslo: okamžitě nám napište na {{supportEmail}}, abychom mohli váš účet zabezpečit.',

  notificationOpen: 'Otevřít',
  notificationWhy:
    'Tento e-mail dostáváte, protože sledujete {{establishment}} a zvolili jste si novinky e-mailem.',
  notificationUnsubscribe: 'Nedostávat e-maily od {{establishment}}',
  notificationManage: 'Vyberte si, jak vás jednotlivé podniky oslovují',
  notificationPdf: 'Otevřít PDF ({{size}})',
  notificationVideo: 'Přehrát video ({{size}})',
};

/** Phrases that change with a number, by the plural forms of cz (one, few, many (fractions), other). */
export const czPlurals: MailPlurals = {
  resetValidFor: {
    one: '{{count}} hodinu',
    few: '{{count}} hodiny',
    many: '{{count}} hodiny',
    other: '{{count}} hodin',
  },
  invitationValidFor: {
    one: '{{count}} dne',
    few: '{{count}} dnů',
    many: '{{count}} dne',
    other: '{{count}} dnů',
  },
};
