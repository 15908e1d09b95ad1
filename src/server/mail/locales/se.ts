import type { MailPlurals, MailStrings } from './en';

export const se: MailStrings = {
  greeting: 'Hej {{firstName}},',
  signature: '{{product}}-teamet',
  footer:
    'Du får det här e-postmeddelandet eftersom ett konto har skapats eller använts med den här adressen. Har du frågor? Skriv till {{supportEmail}}.',
  linkFallback: 'Om knappen inte fungerar kan du kopiera den här länken till din webbläsare:',

  registrationSubject: 'Välkommen till {{product}}: bekräfta din e-postadress',
  registrationIntro:
    'Ditt konto är klart. Bekräfta din e-postadress för att även få nyheter via e-post från de företag du följer; notiser på dina enheter behöver ingen bekräftelse.',
  registrationIntroWithEstablishment:
    'Nu följer du {{establishment}}. Bekräfta din e-postadress för att även få deras nyheter via e-post; notiser på dina enheter behöver ingen bekräftelse.',
  registrationIntroForClient:
    'Ditt företag {{establishment}} finns nu på {{product}}. Bekräfta din e-postadress, logga in och skicka din första nyhet till dina följare.',
  registrationIntroForClientAccount:
    'Ditt {{product}}-konto för att driva en verksamhet är klart. Bekräfta din e-postadress och logga in; när din verksamhet har kopplats till ditt konto kan du skicka nyheter till dess följare.',
  registrationIntroForRepresentant:
    'Du är nu representant för {{product}}. Bekräfta din e-postadress och logga in: i representantpanelen kan du registrera verksamheter tillsammans med dem som driver dem och se hur det går för dem.',
  registrationIntroForAdmin:
    'Du är nu administratör för {{product}}. Bekräfta din e-postadress och logga in för att hantera användare, verksamheter och deras följare.',
  registrationButton: 'Bekräfta min e-postadress',
  registrationPassword: 'Ditt lösenord för inloggning: {{password}}',
  registrationPasswordHint: 'Du kan ändra det när som helst under Konto > Säkerhet.',
  registrationApp: 'Hämta appen till din Android-telefon: {{androidAppUrl}}',

  verifySubject: 'Bekräfta din e-postadress',
  verifyIntro: 'Bekräfta din e-postadress genom att öppna länken nedan. Länken är giltig i {{hours}} timmar.',
  verifyButton: 'Bekräfta min e-postadress',

  resetSubject: 'Välj ett nytt lösenord',
  resetIntro:
    'Någon har bett om att få välja ett nytt lösenord för ditt konto. Om det var du, öppna länken nedan inom {{validFor}}. Om inte kan du bortse från det här e-postmeddelandet: ditt lösenord förblir oförändrat.',
  resetButton: 'Välj ett nytt lösenord',

  adminResetSubject: 'Ditt nya lösenord för {{product}}',
  adminResetIntro:
    'En administratör för {{product}} har angett ett nytt lösenord för ditt konto. Du har loggats ut på alla enheter: logga in igen med lösenordet nedan.',
  adminResetButton: 'Logga in',
  webhookDisabledSubject: 'Din webhook har stängts av',
  webhookDisabledText:
    'Anrop till din webhook för {{establishment}} ({{url}}) har misslyckats i ett dygn, så vi har stängt av den. Händelser som inte kunde levereras finns i anropshistoriken. Åtgärda mottagaren, slå sedan på webhooken igen och skicka om det den missade.',
  webhookDisabledButton: 'Öppna webhookinställningarna',

  invitationGreeting: 'Hej,',
  invitationSubject: '{{inviter}} bjuder in dig att driva {{establishment}} på {{product}}',
  invitationIntro:
    '{{inviter}} bjuder in dig att driva {{establishment}} på {{product}} tillsammans: skicka nyheter till följarna, svara på kommentarer som företaget och se hur det går.',
  invitationHowTo:
    'Öppna länken nedan inom {{validFor}}. Har du ett konto med den här adressen loggar du in; annars skapar du ett på en minut. Länken fungerar en gång.',
  invitationButton: 'Anta inbjudan',

  contactSubject: 'Kontaktförfrågan från {{business}}',
  contactIntro:
    '{{name}} från {{business}} vill använda {{product}}. Svara på det här e-postmeddelandet för att höra av dig.',
  contactName: 'Namn',
  contactBusiness: 'Verksamhet',
  contactEmail: 'E-post',
  contactPhone: 'Telefon',
  contactNoPhone: 'inte angivet',
  contactLanguage: 'Språk',
  contactMessage: 'Meddelande',
  contactFooter:
    'Skickat från kontaktformuläret på startsidan för {{product}}. Förfrågan finns också i representantpanelen.',

  emailChangedSubject: 'Din e-postadress har ändrats',
  emailChangedIntro:
    'E-postadressen för ditt {{product}}-konto har ändrats från den här adressen till en ny. Från och med nu skriver vi till den nya adressen, och du kan inte längre logga in med den här adressen.',
  emailChangedWarning:
    'Om det inte var du kan någon känna till ditt lösenord: skriv genast till {{supportEmail}} så att vi kan skydda ditt konto.',

  notificationOpen: 'Öppna',
  notificationWhy:
    'Du får det här mejlet eftersom du följer {{establishment}} och valt att få nyheter via e-post.',
  notificationUnsubscribe: 'Sluta få mejl från {{establishment}}',
  notificationManage: 'Välj hur varje företag når dig',
  notificationPdf: 'Öppna PDF-filen ({{size}})',
  notificationVideo: 'Se videon ({{size}})',
};

/** Phrases that change with a number, by the plural forms of se (one, other). */
export const sePlurals: MailPlurals = {
  resetValidFor: { one: '{{count}} timme', other: '{{count}} timmar' },
  invitationValidFor: { one: '{{count}} dag', other: '{{count}} dagar' },
};
