import type { MailStrings } from './en';

export const no: MailStrings = {
  greeting: 'Hei {{firstName}},',
  signature: '{{product}}-teamet',
  footer:
    'Du har fått denne e-posten fordi en konto er opprettet eller brukt med denne adressen. Har du spørsmål? Skriv til {{supportEmail}}.',
  linkFallback: 'Hvis knappen ikke fungerer, kan du kopiere denne lenken inn i nettleseren:',

  registrationSubject: 'Velkommen til {{product}}: bekreft e-postadressen din',
  registrationIntro:
    'Kontoen din er klar. Bekreft e-postadressen din for å begynne å få nyheter fra bedriftene du følger.',
  registrationIntroWithEstablishment:
    'Nå følger du {{establishment}}. Bekreft e-postadressen din for å begynne å få nyhetene deres.',
  registrationIntroForClient:
    'Bedriften din {{establishment}} er nå på {{product}}. Bekreft e-postadressen din, logg inn og send din første nyhet til følgerne dine.',
  registrationButton: 'Bekreft e-postadressen min',
  registrationPassword: 'Passordet ditt for innlogging: {{password}}',
  registrationPasswordHint: 'Du kan endre det når som helst under Konto > Sikkerhet.',
  registrationApp: 'Last ned appen på Android-telefonen din: {{androidAppUrl}}',

  verifySubject: 'Bekreft e-postadressen din',
  verifyIntro: 'Bekreft e-postadressen din ved å åpne lenken nedenfor. Lenken er gyldig i {{hours}} timer.',
  verifyButton: 'Bekreft e-postadressen min',

  resetSubject: 'Velg et nytt passord',
  resetIntro:
    'Noen har bedt om å få velge et nytt passord for kontoen din. Hvis det var deg, åpner du lenken nedenfor innen {{hours}} time(r). Hvis ikke, kan du se bort fra denne e-posten: passordet ditt forblir uendret.',
  resetButton: 'Velg et nytt passord',

  emailChangedSubject: 'E-postadressen din er endret',
  emailChangedIntro:
    'E-postadressen for {{product}}-kontoen din er endret fra denne adressen til en ny. Fra nå av skriver vi til den nye adressen, og du kan ikke lenger logge inn med denne adressen.',
  emailChangedWarning:
    'Hvis det ikke var deg, kan noen kjenne passordet ditt: skriv straks til {{supportEmail}} slik at vi kan sikre kontoen din.',
};
