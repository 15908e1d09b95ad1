import type { MailPlurals, MailStrings } from './en';

export const at: MailStrings = {
  greeting: 'Hallo {{firstName}},',
  signature: 'Ihr {{product}}-Team',
  footer:
    'Sie erhalten dieses E-Mail, weil mit dieser Adresse ein Konto angelegt oder verwendet wurde. Haben Sie Fragen? Schreiben Sie uns an {{supportEmail}}.',
  linkFallback: 'Sollte der Button nicht funktionieren, kopieren Sie diesen Link in Ihren Browser:',

  registrationSubject: 'Willkommen bei {{product}}: Bitte bestätigen Sie Ihre E-Mail-Adresse',
  registrationIntro:
    'Ihr Konto ist angelegt. Bestätigen Sie Ihre E-Mail-Adresse, um Neuigkeiten der Lokale und Geschäfte, denen Sie folgen, auch per E-Mail zu erhalten; Benachrichtigungen auf Ihren Geräten brauchen keine Bestätigung.',
  registrationIntroWithEstablishment:
    'Sie folgen jetzt {{establishment}}. Bestätigen Sie Ihre E-Mail-Adresse, um die Neuigkeiten dieses Betriebes auch per E-Mail zu erhalten; Benachrichtigungen auf Ihren Geräten brauchen keine Bestätigung.',
  registrationIntroForClient:
    'Ihr Betrieb {{establishment}} ist jetzt auf {{product}}. Bestätigen Sie Ihre E-Mail-Adresse, melden Sie sich an und schicken Sie Ihren Followern die erste Neuigkeit.',
  registrationIntroForClientAccount:
    'Ihr {{product}}-Konto für Ihren Betrieb ist angelegt. Bestätigen Sie Ihre E-Mail-Adresse und melden Sie sich an; sobald Ihr Betrieb mit Ihrem Konto verknüpft ist, können Sie seinen Followern Neuigkeiten schicken.',
  registrationIntroForRepresentant:
    'Sie sind jetzt Vertreter von {{product}}. Bestätigen Sie Ihre E-Mail-Adresse und melden Sie sich an: Im Vertreterbereich registrieren Sie Betriebe samt ihren Betreibern und sehen, wie es diesen Betrieben geht.',
  registrationIntroForAdmin:
    'Sie sind jetzt Administrator von {{product}}. Bestätigen Sie Ihre E-Mail-Adresse und melden Sie sich an, um Benutzer, Betriebe und ihre Follower zu verwalten.',
  registrationButton: 'E-Mail-Adresse bestätigen',
  registrationPassword: 'Ihr Passwort zum Anmelden: {{password}}',
  registrationPasswordHint: 'Sie können es jederzeit unter Konto > Sicherheit ändern.',
  registrationApp: 'Laden Sie die App auf Ihr Android-Handy: {{androidAppUrl}}',

  verifySubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
  verifyIntro:
    'Bitte bestätigen Sie Ihre E-Mail-Adresse, indem Sie den untenstehenden Link öffnen. Der Link ist {{hours}} Stunden lang gültig.',
  verifyButton: 'E-Mail-Adresse bestätigen',

  resetSubject: 'Neues Passwort festlegen',
  resetIntro:
    'Jemand hat ein neues Passwort für Ihr Konto angefordert. Wenn Sie das waren, öffnen Sie den untenstehenden Link innerhalb von {{validFor}}. Falls nicht, ignorieren Sie dieses E-Mail einfach: Ihr Passwort bleibt unverändert.',
  resetButton: 'Neues Passwort festlegen',

  adminResetSubject: 'Ihr neues Passwort für {{product}}',
  adminResetIntro:
    'Ein Administrator von {{product}} hat ein neues Passwort für Ihr Konto festgelegt. Sie wurden auf allen Geräten abgemeldet: Melden Sie sich mit dem unten stehenden Passwort erneut an.',
  adminResetButton: 'Anmelden',
  webhookDisabledSubject: 'Ihr Webhook wurde ausgeschaltet',
  webhookDisabledText:
    'Aufrufe Ihres Webhooks für {{establishment}} ({{url}}) schlagen seit einem Tag fehl, daher haben wir ihn ausgeschaltet. Nicht zugestellte Ereignisse stehen in seinem Aufrufverlauf. Beheben Sie den Fehler beim Empfänger, schalten Sie den Webhook wieder ein und senden Sie Verpasstes erneut.',
  webhookDisabledButton: 'Webhook-Einstellungen öffnen',

  invitationGreeting: 'Hallo,',
  invitationSubject: '{{inviter}} lädt Sie ein, {{establishment}} auf {{product}} zu betreuen',
  invitationIntro:
    '{{inviter}} lädt Sie ein, {{establishment}} auf {{product}} gemeinsam zu betreuen: Neuigkeiten an die Follower schicken, Kommentare im Namen des Betriebs beantworten und sehen, wie es läuft.',
  invitationHowTo:
    'Öffnen Sie den Link unten innerhalb von {{validFor}}. Haben Sie ein Konto mit dieser Adresse, melden Sie sich an; sonst legen Sie in einer Minute eines an. Der Link funktioniert einmal.',
  invitationButton: 'Einladung annehmen',

  contactSubject: 'Kontaktanfrage von {{business}}',
  contactIntro:
    '{{name}} von {{business}} möchte {{product}} nutzen. Antworten Sie auf dieses E-Mail, um sich zu melden.',
  contactName: 'Name',
  contactBusiness: 'Betrieb',
  contactEmail: 'E-Mail',
  contactPhone: 'Telefon',
  contactNoPhone: 'nicht angegeben',
  contactLanguage: 'Sprache',
  contactMessage: 'Nachricht',
  contactFooter:
    'Gesendet über das Kontaktformular auf der Startseite von {{product}}. Die Anfrage steht auch im Vertreterbereich.',

  emailChangedSubject: 'Ihre E-Mail-Adresse wurde geändert',
  emailChangedIntro:
    'Die E-Mail-Adresse Ihres {{product}}-Kontos wurde von dieser Adresse auf eine neue geändert. Ab sofort schreiben wir an die neue Adresse, und mit dieser Adresse können Sie sich nicht mehr anmelden.',
  emailChangedWarning:
    'Falls Sie das nicht waren, kennt möglicherweise jemand Ihr Passwort: Schreiben Sie uns bitte umgehend an {{supportEmail}}, damit wir Ihr Konto absichern können.',

  notificationOpen: 'Öffnen',
  notificationWhy:
    'Sie erhalten diese E-Mail, weil Sie {{establishment}} folgen und Neuigkeiten per E-Mail gewählt haben.',
  notificationUnsubscribe: 'Keine E-Mails mehr von {{establishment}}',
  notificationManage: 'Wählen Sie, wie jedes Geschäft Sie erreicht',
  notificationPdf: 'PDF öffnen ({{size}})',
  notificationVideo: 'Video ansehen ({{size}})',
};

/** Phrases that change with a number, by the plural forms of at (one, other). */
export const atPlurals: MailPlurals = {
  resetValidFor: { one: '{{count}} Stunde', other: '{{count}} Stunden' },
  invitationValidFor: { one: '{{count}} Tag', other: '{{count}} Tagen' },
};
