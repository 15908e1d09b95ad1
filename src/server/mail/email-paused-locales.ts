import type { Language } from '../../shared/i18n/languages';

/**
 * The notice that a business's email is paused for its spam complaints, to its operators and to
 * the admins, in each language. {{name}} placeholders are filled in by email-paused-mail.ts.
 */
const en = {
  subject: 'Email from {{establishment}} is paused',
  figures:
    'In the last 7 days, followers marked {{complaints}} emails from {{establishment}} as spam, against {{emails}} emails delivered ({{share}}). Above {{limit}}, mail providers start refusing a sender’s email, and every business on {{product}} sends from the same address: so we paused email from {{establishment}}.',
  operatorEffect:
    'Your followers still get your notifications on their phones and in their feed: only email waits. Each follower who complained gets no more email from you.',
  operatorTodo:
    'What to do: send less often, and only what your followers asked for. Then write to {{supportEmail}}: an administrator can let your email go again.',
  operatorButton: 'Open {{establishment}}',
  adminTodo:
    'Its followers still get its notifications on their phones and in their feed. Once the business has answered, you can let its email go again on the Email health page.',
  adminButton: 'Open Email health',
};

export type EmailPausedStrings = typeof en;

const de: EmailPausedStrings = {
  subject: 'E-Mails von {{establishment}} sind pausiert',
  figures:
    'In den letzten 7 Tagen haben Follower {{complaints}} E-Mails von {{establishment}} als Spam markiert, bei {{emails}} zugestellten E-Mails ({{share}}). Über {{limit}} beginnen Mailanbieter, die E-Mails eines Absenders abzulehnen, und alle Betriebe auf {{product}} senden von derselben Adresse: Daher haben wir die E-Mails von {{establishment}} pausiert.',
  operatorEffect:
    'Ihre Follower erhalten Ihre Benachrichtigungen weiterhin auf dem Handy und im Feed: Nur E-Mails warten. Wer sich beschwert hat, erhält keine E-Mails mehr von Ihnen.',
  operatorTodo:
    'Was zu tun ist: Senden Sie seltener und nur das, worum Ihre Follower gebeten haben. Schreiben Sie dann an {{supportEmail}}: Ein Administrator kann Ihre E-Mails wieder freigeben.',
  operatorButton: '{{establishment}} öffnen',
  adminTodo:
    'Die Follower des Betriebs erhalten seine Benachrichtigungen weiterhin auf dem Handy und im Feed. Sobald sich der Betrieb gemeldet hat, können Sie seine E-Mails auf der Seite „E-Mail-Zustand“ wieder freigeben.',
  adminButton: 'E-Mail-Zustand öffnen',
};

const at: EmailPausedStrings = { ...de };

const sk: EmailPausedStrings = {
  subject: 'E-maily od {{establishment}} sú pozastavené',
  figures:
    'Za posledných 7 dní sledovatelia označili {{complaints}} e-mailov od {{establishment}} ako spam, pri {{emails}} doručených e-mailoch ({{share}}). Nad {{limit}} začnú poskytovatelia pošty odmietať e-maily odosielateľa a všetky prevádzky v {{product}} posielajú z tej istej adresy: preto sme e-maily od {{establishment}} pozastavili.',
  operatorEffect:
    'Vaši sledovatelia naďalej dostávajú vaše upozornenia na telefón a do feedu: čakajú len e-maily. Kto sa sťažoval, od vás už e-maily nedostane.',
  operatorTodo:
    'Čo robiť: posielajte menej často a len to, o čo vaši sledovatelia žiadali. Potom napíšte na {{supportEmail}}: správca môže vaše e-maily znova povoliť.',
  operatorButton: 'Otvoriť {{establishment}}',
  adminTodo:
    'Jej sledovatelia naďalej dostávajú jej upozornenia na telefón a do feedu. Keď sa prevádzka ozve, jej e-maily môžete znova povoliť na stránke Stav e-mailov.',
  adminButton: 'Otvoriť Stav e-mailov',
};

const cz: EmailPausedStrings = {
  subject: 'E-maily od {{establishment}} jsou pozastaveny',
  figures:
    'Za posledních 7 dní sledující označili {{complaints}} e-mailů od {{establishment}} jako spam, při {{emails}} doručených e-mailech ({{share}}). Nad {{limit}} začnou poskytovatelé pošty odmítat e-maily odesílatele a všechny provozovny v {{product}} posílají ze stejné adresy: proto jsme e-maily od {{establishment}} pozastavili.',
  operatorEffect:
    'Vaši sledující dál dostávají vaše upozornění na telefon a do feedu: čekají jen e-maily. Kdo si stěžoval, od vás už e-maily nedostane.',
  operatorTodo:
    'Co dělat: posílejte méně často a jen to, o co vaši sledující žádali. Pak napište na {{supportEmail}}: správce může vaše e-maily znovu povolit.',
  operatorButton: 'Otevřít {{establishment}}',
  adminTodo:
    'Její sledující dál dostávají její upozornění na telefon a do feedu. Až se provozovna ozve, můžete její e-maily znovu povolit na stránce Stav e-mailů.',
  adminButton: 'Otevřít Stav e-mailů',
};

const hu: EmailPausedStrings = {
  subject: 'A(z) {{establishment}} e-mailjei szünetelnek',
  figures:
    'Az elmúlt 7 napban a követők {{complaints}} e-mailt jelöltek spamnek a(z) {{establishment}} üzenetei közül, {{emails}} kézbesített e-mailből ({{share}}). {{limit}} felett a levelezőszolgáltatók elkezdik visszautasítani a feladó leveleit, és a(z) {{product}} minden üzlete ugyanarról a címről küld: ezért szüneteltettük a(z) {{establishment}} e-mailjeit.',
  operatorEffect:
    'Követői továbbra is megkapják értesítéseit a telefonjukon és a hírfolyamban: csak az e-mailek várnak. Aki panaszt tett, nem kap több e-mailt Öntől.',
  operatorTodo:
    'Teendők: küldjön ritkábban, és csak azt, amit követői kértek. Ezután írjon a(z) {{supportEmail}} címre: egy adminisztrátor újra engedélyezheti az e-mailjeit.',
  operatorButton: '{{establishment}} megnyitása',
  adminTodo:
    'Az üzlet követői továbbra is megkapják az értesítéseit a telefonjukon és a hírfolyamban. Ha az üzlet jelentkezett, az e-mailjeit az E-mail állapota oldalon engedélyezheti újra.',
  adminButton: 'E-mail állapota megnyitása',
};

const se: EmailPausedStrings = {
  subject: 'E-post från {{establishment}} är pausad',
  figures:
    'De senaste 7 dagarna markerade följare {{complaints}} e-postmeddelanden från {{establishment}} som skräppost, av {{emails}} levererade ({{share}}). Över {{limit}} börjar e-postleverantörer avvisa en avsändares e-post, och alla verksamheter på {{product}} skickar från samma adress: därför har vi pausat e-posten från {{establishment}}.',
  operatorEffect:
    'Dina följare får fortfarande dina aviseringar i mobilen och i flödet: bara e-posten väntar. Den som klagade får ingen mer e-post från dig.',
  operatorTodo:
    'Vad du kan göra: skicka mer sällan, och bara det dina följare bett om. Skriv sedan till {{supportEmail}}: en administratör kan släppa på din e-post igen.',
  operatorButton: 'Öppna {{establishment}}',
  adminTodo:
    'Verksamhetens följare får fortfarande dess aviseringar i mobilen och i flödet. När verksamheten har svarat kan du släppa på dess e-post igen på sidan E-posthälsa.',
  adminButton: 'Öppna E-posthälsa',
};

const no: EmailPausedStrings = {
  subject: 'E-post fra {{establishment}} er satt på pause',
  figures:
    'De siste 7 dagene markerte følgere {{complaints}} e-poster fra {{establishment}} som søppelpost, av {{emails}} leverte ({{share}}). Over {{limit}} begynner e-postleverandører å avvise en avsenders e-post, og alle virksomheter på {{product}} sender fra samme adresse: derfor har vi satt e-posten fra {{establishment}} på pause.',
  operatorEffect:
    'Følgerne dine får fortsatt varslene dine på mobilen og i feeden: bare e-posten venter. Den som klaget, får ikke mer e-post fra deg.',
  operatorTodo:
    'Hva du kan gjøre: send sjeldnere, og bare det følgerne dine har bedt om. Skriv deretter til {{supportEmail}}: en administrator kan slippe e-posten din løs igjen.',
  operatorButton: 'Åpne {{establishment}}',
  adminTodo:
    'Virksomhetens følgere får fortsatt varslene på mobilen og i feeden. Når virksomheten har svart, kan du slippe e-posten løs igjen på siden E-posthelse.',
  adminButton: 'Åpne E-posthelse',
};

export const EMAIL_PAUSED_LOCALES: Record<Language, EmailPausedStrings> = { en, sk, se, hu, cz, at, de, no };
