import type { MailStrings } from './en';

export const de: MailStrings = {
  greeting: 'Hallo {{firstName}},',
  signature: 'Ihr {{product}}-Team',
  footer:
    'Sie erhalten diese E-Mail, weil mit dieser Adresse ein Konto erstellt oder verwendet wurde. Haben Sie Fragen? Schreiben Sie uns an {{supportEmail}}.',
  linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',

  registrationSubject: 'Willkommen bei {{product}}: Bitte bestätigen Sie Ihre E-Mail-Adresse',
  registrationIntro:
    'Ihr Konto ist eingerichtet. Bestätigen Sie Ihre E-Mail-Adresse, um Neuigkeiten von den Betrieben zu erhalten, denen Sie folgen.',
  registrationIntroWithEstablishment:
    'Sie folgen jetzt {{establishment}}. Bestätigen Sie Ihre E-Mail-Adresse, um die Neuigkeiten dieses Betriebs zu erhalten.',
  registrationIntroForClient:
    'Ihr Betrieb {{establishment}} ist jetzt auf {{product}}. Bestätigen Sie Ihre E-Mail-Adresse, melden Sie sich an und senden Sie Ihren Followern die erste Neuigkeit.',
  registrationButton: 'E-Mail-Adresse bestätigen',
  registrationPassword: 'Ihr Passwort für die Anmeldung: {{password}}',
  registrationPasswordHint: 'Sie können es jederzeit unter Konto > Sicherheit ändern.',
  registrationApp: 'Holen Sie sich die App für Ihr Android-Smartphone: {{androidAppUrl}}',

  verifySubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
  verifyIntro:
    'Bitte bestätigen Sie Ihre E-Mail-Adresse, indem Sie den folgenden Link öffnen. Der Link ist {{hours}} Stunden gültig.',
  verifyButton: 'E-Mail-Adresse bestätigen',

  resetSubject: 'Neues Passwort festlegen',
  resetIntro:
    'Jemand hat ein neues Passwort für Ihr Konto angefordert. Wenn Sie das waren, öffnen Sie den folgenden Link innerhalb von {{hours}} Stunde(n). Falls nicht, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  resetButton: 'Neues Passwort festlegen',

  emailChangedSubject: 'Ihre E-Mail-Adresse wurde geändert',
  emailChangedIntro:
    'Die E-Mail-Adresse Ihres {{product}}-Kontos wurde von dieser Adresse auf eine neue geändert. Ab sofort schreiben wir an die neue Adresse, und mit dieser Adresse können Sie sich nicht mehr anmelden.',
  emailChangedWarning:
    'Wenn Sie das nicht waren, kennt möglicherweise jemand Ihr Passwort: Schreiben Sie uns sofort an {{supportEmail}}, damit wir Ihr Konto sichern können.',
};
