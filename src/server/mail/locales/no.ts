import type { MailPlurals, MailStrings } from './en';

export const no: MailStrings = {
  greeting: 'Hei {{firstName}},',
  signature: '{{product}}-teamet',
  footer:
    'Du har fått denne e-posten fordi en konto er opprettet eller brukt med denne adressen. Har du spørsmål? Skriv til {{supportEmail}}.',
  linkFallback: 'Hvis knappen ikke fungerer, kan du kopiere denne lenken inn i nettleseren:',

  registrationSubject: 'Velkommen til {{product}}: bekreft e-postadressen din',
  registrationIntro:
    'Kontoen din er klar. Bekreft e-postadressen din for å få nyheter på e-post også fra bedriftene du følger; varsler på enhetene dine trenger ingen bekreftelse.',
  registrationIntroWithEstablishment:
    'Nå følger du {{establishment}}. Bekreft e-postadressen din for å få nyhetene deres på e-post også; varsler på enhetene dine trenger ingen bekreftelse.',
  registrationIntroForClient:
    'Bedriften din {{establishment}} er nå på {{product}}. Bekreft e-postadressen din, logg inn og send din første nyhet til følgerne dine.',
  registrationIntroForClientAccount:
    '{{product}}-kontoen din for å drive en virksomhet er klar. Bekreft e-postadressen din og logg inn; når virksomheten din er koblet til kontoen din, kan du sende nyheter til følgerne dens.',
  registrationIntroForRepresentant:
    'Du er nå representant for {{product}}. Bekreft e-postadressen din og logg inn: i representantpanelet kan du registrere virksomheter sammen med dem som driver dem, og se hvordan det går med dem.',
  registrationIntroForAdmin:
    'Du er nå administrator for {{product}}. Bekreft e-postadressen din og logg inn for å administrere brukere, virksomheter og følgerne deres.',
  registrationButton: 'Bekreft e-postadressen min',
  registrationPassword: 'Passordet ditt for innlogging: {{password}}',
  registrationPasswordHint: 'Du kan endre det når som helst under Konto > Sikkerhet.',
  registrationApp: 'Last ned appen på Android-telefonen din: {{androidAppUrl}}',

  verifySubject: 'Bekreft e-postadressen din',
  verifyIntro: 'Bekreft e-postadressen din ved å åpne lenken nedenfor. Lenken er gyldig i {{hours}} timer.',
  verifyButton: 'Bekreft e-postadressen min',

  resetSubject: 'Velg et nytt passord',
  resetIntro:
    'Noen har bedt om å få velge et nytt passord for kontoen din. Hvis det var deg, åpner du lenken nedenfor innen {{validFor}}. Hvis ikke, kan du se bort fra denne e-posten: passordet ditt forblir uendret.',
  resetButton: 'Velg et nytt passord',

  adminResetSubject: 'Ditt nye passord for {{product}}',
  adminResetIntro:
    'En administrator for {{product}} har satt et nytt passord for kontoen din. Du er logget ut på alle enheter: logg inn igjen med passordet nedenfor.',
  adminResetButton: 'Logg inn',
  webhookDisabledSubject: 'Webhooken din er slått av',
  webhookDisabledText:
    'Kall til webhooken din for {{establishment}} ({{url}}) har mislyktes i et døgn, så vi har slått den av. Hendelser som ikke kunne leveres, står i kallhistorikken. Rett mottakeren, slå deretter webhooken på igjen og send på nytt det den gikk glipp av.',
  webhookDisabledButton: 'Åpne webhook-innstillingene',

  invitationGreeting: 'Hei,',
  invitationSubject: '{{inviter}} inviterer deg til å drive {{establishment}} på {{product}}',
  invitationIntro:
    '{{inviter}} inviterer deg til å drive {{establishment}} på {{product}} sammen: send nyheter til følgerne, svar på kommentarer som bedriften og se hvordan det går.',
  invitationHowTo:
    'Åpne lenken nedenfor innen {{validFor}}. Har du en konto med denne adressen, logger du inn; ellers oppretter du en på et minutt. Lenken virker én gang.',
  invitationButton: 'Godta invitasjonen',

  contactSubject: 'Kontaktforespørsel fra {{business}}',
  contactIntro:
    '{{name}} fra {{business}} vil gjerne bruke {{product}}. Svar på denne e-posten for å ta kontakt.',
  contactName: 'Navn',
  contactBusiness: 'Virksomhet',
  contactEmail: 'E-post',
  contactPhone: 'Telefon',
  contactNoPhone: 'ikke oppgitt',
  contactLanguage: 'Språk',
  contactMessage: 'Melding',
  contactFooter:
    'Sendt fra kontaktskjemaet på startsiden til {{product}}. Forespørselen står også i representantpanelet.',

  emailChangedSubject: 'E-postadressen din er endret',
  emailChangedIntro:
    'E-postadressen for {{product}}-kontoen din er endret fra denne adressen til en ny. Fra nå av skriver vi til den nye adressen, og du kan ikke lenger logge inn med denne adressen.',
  emailChangedWarning:
    'Hvis det ikke var deg, kan noen kjenne passordet ditt: skriv straks til {{supportEmail}} slik at vi kan sikre kontoen din.',

  notificationOpen: 'Åpne',
  notificationWhy: 'Du får denne e-posten fordi du følger {{establishment}} og har valgt nyheter på e-post.',
  notificationUnsubscribe: 'Slutt å få e-post fra {{establishment}}',
  notificationManage: 'Velg hvordan hver bedrift når deg',
  notificationPdf: 'Åpne PDF-en ({{size}})',
  notificationVideo: 'Se videoen ({{size}})',
};

/** Phrases that change with a number, by the plural forms of no (one, other). */
export const noPlurals: MailPlurals = {
  resetValidFor: { one: '{{count}} time', other: '{{count}} timer' },
  invitationValidFor: { one: '{{count}} dag', other: '{{count}} dager' },
};
