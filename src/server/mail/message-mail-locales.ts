import type { Language } from '../../shared/i18n/languages';

/**
 * The email telling of a new message in a private conversation, in each language: to an operator
 * (a follower asked the business) or to the follower (the business answered). {{name}}
 * placeholders are filled in by message-mail.ts.
 */
const en = {
  toBusinessSubject: 'New message for {{establishment}} from {{from}}',
  toBusinessIntro: '{{from}} wrote to {{establishment}}:',
  toBusinessButton: 'Answer in the inbox',
  toFollowerSubject: '{{establishment}} answered your message',
  toFollowerIntro: '{{establishment}} wrote to you:',
  toFollowerButton: 'Open the conversation',
};

export type MessageMailStrings = typeof en;

const de: MessageMailStrings = {
  toBusinessSubject: 'Neue Nachricht für {{establishment}} von {{from}}',
  toBusinessIntro: '{{from}} hat {{establishment}} geschrieben:',
  toBusinessButton: 'Im Posteingang antworten',
  toFollowerSubject: '{{establishment}} hat auf Ihre Nachricht geantwortet',
  toFollowerIntro: '{{establishment}} hat Ihnen geschrieben:',
  toFollowerButton: 'Unterhaltung öffnen',
};

const sk: MessageMailStrings = {
  toBusinessSubject: 'Nová správa pre {{establishment}} od {{from}}',
  toBusinessIntro: '{{from}} napísal(a) {{establishment}}:',
  toBusinessButton: 'Odpovedať v schránke',
  toFollowerSubject: '{{establishment}} odpovedal(a) na vašu správu',
  toFollowerIntro: '{{establishment}} vám napísal(a):',
  toFollowerButton: 'Otvoriť konverzáciu',
};

const cz: MessageMailStrings = {
  toBusinessSubject: 'Nová zpráva pro {{establishment}} od {{from}}',
  toBusinessIntro: '{{from}} napsal(a) {{establishment}}:',
  toBusinessButton: 'Odpovědět ve schránce',
  toFollowerSubject: '{{establishment}} odpověděl(a) na vaši zprávu',
  toFollowerIntro: '{{establishment}} vám napsal(a):',
  toFollowerButton: 'Otevřít konverzaci',
};

const hu: MessageMailStrings = {
  toBusinessSubject: 'Új üzenet a(z) {{establishment}} számára: {{from}}',
  toBusinessIntro: '{{from}} ezt írta a(z) {{establishment}} számára:',
  toBusinessButton: 'Válasz a postafiókban',
  toFollowerSubject: 'A(z) {{establishment}} válaszolt az üzenetére',
  toFollowerIntro: 'A(z) {{establishment}} ezt írta Önnek:',
  toFollowerButton: 'Beszélgetés megnyitása',
};

const se: MessageMailStrings = {
  toBusinessSubject: 'Nytt meddelande till {{establishment}} från {{from}}',
  toBusinessIntro: '{{from}} skrev till {{establishment}}:',
  toBusinessButton: 'Svara i inkorgen',
  toFollowerSubject: '{{establishment}} har svarat på ditt meddelande',
  toFollowerIntro: '{{establishment}} skrev till dig:',
  toFollowerButton: 'Öppna konversationen',
};

const no: MessageMailStrings = {
  toBusinessSubject: 'Ny melding til {{establishment}} fra {{from}}',
  toBusinessIntro: '{{from}} skrev til {{establishment}}:',
  toBusinessButton: 'Svar i innboksen',
  toFollowerSubject: '{{establishment}} har svart på meldingen din',
  toFollowerIntro: '{{establishment}} skrev til deg:',
  toFollowerButton: 'Åpne samtalen',
};

export const MESSAGE_MAIL_LOCALES: Record<Language, MessageMailStrings> = {
  en,
  de,
  at: de,
  sk,
  cz,
  hu,
  se,
  no,
};
