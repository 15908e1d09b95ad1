import type { MailStrings } from './en';

export const at: MailStrings = {
  greeting: 'Hallo {{firstName}},',
  signature: 'Ihr {{product}}-Team',
  footer:
    'Sie erhalten dieses E-Mail, weil mit dieser Adresse ein Konto angelegt oder verwendet wurde. Haben Sie Fragen? Schreiben Sie uns an {{supportEmail}}.',
  linkFallback: 'Sollte der Button nicht funktionieren, kopieren Sie diesen Link in Ihren Browser:',

  registrationSubject: 'Willkommen bei {{product}}: Bitte bestätigen Sie Ihre E-Mail-Adresse',
  registrationIntro:
    'Ihr Konto ist angelegt. Bestätigen Sie Ihre E-Mail-Adresse, um Neuigkeiten von den Lokalen und Geschäften zu erhalten, denen Sie folgen.',
  registrationIntroWithEstablishment:
    'Sie folgen jetzt {{establishment}}. Bestätigen Sie Ihre E-Mail-Adresse, um ab sofort die Neuigkeiten dieses Betriebes zu erhalten.',
  registrationIntroForClient:
    'Ihr Betrieb {{establishment}} ist jetzt auf {{product}}. Bestätigen Sie Ihre E-Mail-Adresse, melden Sie sich an und schicken Sie Ihren Followern die erste Neuigkeit.',
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
    'Jemand hat ein neues Passwort für Ihr Konto angefordert. Wenn Sie das waren, öffnen Sie den untenstehenden Link innerhalb von {{hours}} Stunde(n). Falls nicht, ignorieren Sie dieses E-Mail einfach: Ihr Passwort bleibt unverändert.',
  resetButton: 'Neues Passwort festlegen',

  emailChangedSubject: 'Ihre E-Mail-Adresse wurde geändert',
  emailChangedIntro:
    'Die E-Mail-Adresse Ihres {{product}}-Kontos wurde von dieser Adresse auf eine neue geändert. Ab sofort schreiben wir an die neue Adresse, und mit dieser Adresse können Sie sich nicht mehr anmelden.',
  emailChangedWarning:
    'Falls Sie das nicht waren, kennt möglicherweise jemand Ihr Passwort: Schreiben Sie uns bitte umgehend an {{supportEmail}}, damit wir Ihr Konto absichern können.',
};
