import type { Language } from '../../shared/i18n/languages';

/**
 * The emails of talking back, in each language: a reply to someone's comment, and an operator's
 * notice of what came in for a business (one item, or a digest). {{name}} placeholders are filled
 * in by comment-reply-mail.ts and operator-notice-mail.ts.
 */
const en = {
  replySubject: '{{author}} replied to your comment',
  replyIntro: '{{author}} replied to your comment on a post of {{establishment}}:',
  replyButton: 'See the reply',
  noticeSubjectOne: 'New at {{establishment}}: {{what}}',
  noticeSubjectMany: 'New at {{establishment}}: {{count}} comments and messages',
  noticeIntro: 'This came in for {{establishment}}:',
  comment: 'Comment on “{{context}}”',
  message: 'Message from {{context}}',
  noticeButton: 'Open {{establishment}}',
  noticeWhy:
    'You get this email because you operate {{establishment}} and none of your devices has notifications on. Choose how often on your account page: {{settingsUrl}}',
};

export type TalkBackStrings = typeof en;

const de: TalkBackStrings = {
  replySubject: '{{author}} hat auf Ihren Kommentar geantwortet',
  replyIntro: '{{author}} hat auf Ihren Kommentar zu einem Beitrag von {{establishment}} geantwortet:',
  replyButton: 'Antwort ansehen',
  noticeSubjectOne: 'Neu bei {{establishment}}: {{what}}',
  noticeSubjectMany: 'Neu bei {{establishment}}: {{count}} Kommentare und Nachrichten',
  noticeIntro: 'Das ist für {{establishment}} eingegangen:',
  comment: 'Kommentar zu „{{context}}“',
  message: 'Nachricht von {{context}}',
  noticeButton: '{{establishment}} öffnen',
  noticeWhy:
    'Sie erhalten diese E-Mail, weil Sie {{establishment}} führen und keines Ihrer Geräte Benachrichtigungen aktiviert hat. Wie oft, wählen Sie auf Ihrer Kontoseite: {{settingsUrl}}',
};

const hu: TalkBackStrings = {
  replySubject: '{{author}} válaszolt a hozzászólására',
  replyIntro: '{{author}} válaszolt a(z) {{establishment}} egyik bejegyzéséhez írt hozzászólására:',
  replyButton: 'A válasz megtekintése',
  noticeSubjectOne: 'Új itt: {{establishment}}: {{what}}',
  noticeSubjectMany: 'Új itt: {{establishment}}: {{count}} hozzászólás és üzenet',
  noticeIntro: 'Ez érkezett ide: {{establishment}}:',
  comment: 'Hozzászólás ehhez: „{{context}}”',
  message: 'Üzenet tőle: {{context}}',
  noticeButton: '{{establishment}} megnyitása',
  noticeWhy:
    'Azért kapja ezt az e-mailt, mert Ön kezeli ezt: {{establishment}}, és egyik eszközén sincsenek bekapcsolva az értesítések. Hogy milyen gyakran, azt a fiókja oldalán választhatja ki: {{settingsUrl}}',
};

const cz: TalkBackStrings = {
  replySubject: '{{author}} odpověděl(a) na váš komentář',
  replyIntro: '{{author}} odpověděl(a) na váš komentář k příspěvku podniku {{establishment}}:',
  replyButton: 'Zobrazit odpověď',
  noticeSubjectOne: 'Nové u {{establishment}}: {{what}}',
  noticeSubjectMany: 'Nové u {{establishment}}: {{count}} komentářů a zpráv',
  noticeIntro: 'Pro {{establishment}} přišlo:',
  comment: 'Komentář k „{{context}}“',
  message: 'Zpráva od: {{context}}',
  noticeButton: 'Otevřít {{establishment}}',
  noticeWhy:
    'Tento e-mail dostáváte, protože spravujete {{establishment}} a žádné z vašich zařízení nemá zapnutá oznámení. Jak často, zvolíte na stránce účtu: {{settingsUrl}}',
};

const sk: TalkBackStrings = {
  replySubject: '{{author}} odpovedal(a) na váš komentár',
  replyIntro: '{{author}} odpovedal(a) na váš komentár k príspevku podniku {{establishment}}:',
  replyButton: 'Zobraziť odpoveď',
  noticeSubjectOne: 'Nové v {{establishment}}: {{what}}',
  noticeSubjectMany: 'Nové v {{establishment}}: {{count}} komentárov a správ',
  noticeIntro: 'Pre {{establishment}} prišlo:',
  comment: 'Komentár k „{{context}}“',
  message: 'Správa od: {{context}}',
  noticeButton: 'Otvoriť {{establishment}}',
  noticeWhy:
    'Tento e-mail dostávate, pretože spravujete {{establishment}} a žiadne z vašich zariadení nemá zapnuté upozornenia. Ako často, zvolíte na stránke účtu: {{settingsUrl}}',
};

const se: TalkBackStrings = {
  replySubject: '{{author}} svarade på din kommentar',
  replyIntro: '{{author}} svarade på din kommentar till ett inlägg från {{establishment}}:',
  replyButton: 'Se svaret',
  noticeSubjectOne: 'Nytt hos {{establishment}}: {{what}}',
  noticeSubjectMany: 'Nytt hos {{establishment}}: {{count}} kommentarer och meddelanden',
  noticeIntro: 'Det här har kommit in till {{establishment}}:',
  comment: 'Kommentar till ”{{context}}”',
  message: 'Meddelande från {{context}}',
  noticeButton: 'Öppna {{establishment}}',
  noticeWhy:
    'Du får det här mejlet eftersom du driver {{establishment}} och ingen av dina enheter har aviseringar på. Välj hur ofta på din kontosida: {{settingsUrl}}',
};

const no: TalkBackStrings = {
  replySubject: '{{author}} svarte på kommentaren din',
  replyIntro: '{{author}} svarte på kommentaren din til et innlegg fra {{establishment}}:',
  replyButton: 'Se svaret',
  noticeSubjectOne: 'Nytt hos {{establishment}}: {{what}}',
  noticeSubjectMany: 'Nytt hos {{establishment}}: {{count}} kommentarer og meldinger',
  noticeIntro: 'Dette har kommet inn til {{establishment}}:',
  comment: 'Kommentar til «{{context}}»',
  message: 'Melding fra {{context}}',
  noticeButton: 'Åpne {{establishment}}',
  noticeWhy:
    'Du får denne e-posten fordi du driver {{establishment}} og ingen av enhetene dine har varsler på. Velg hvor ofte på kontosiden din: {{settingsUrl}}',
};

export const TALK_BACK_LOCALES: Record<Language, TalkBackStrings> = { en, de, at: de, hu, cz, sk, se, no };
