import type { Language } from '../../shared/i18n/languages';

/**
 * The email telling a follower that the business answered their message, in each language
 * (operators hear of followers' messages through the operator notices). {{name}} placeholders are
 * filled in by message-mail.ts.
 */
const en = {
  toFollowerSubject: '{{establishment}} answered your message',
  toFollowerIntro: '{{establishment}} wrote to you:',
  toFollowerButton: 'Open the conversation',
};

export type MessageMailStrings = typeof en;

const de: MessageMailStrings = {
  toFollowerSubject: '{{establishment}} hat auf Ihre Nachricht geantwortet',
  toFollowerIntro: '{{establishment}} hat Ihnen geschrieben:',
  toFollowerButton: 'Unterhaltung öffnen',
};

const sk: MessageMailStrings = {
  toFollowerSubject: '{{establishment}} odpovedal(a) na vašu správu',
  toFollowerIntro: '{{establishment}} vám napísal(a):',
  toFollowerButton: 'Otvoriť konverzáciu',
};

const cz: MessageMailStrings = {
  toFollowerSubject: '{{establishment}} odpověděl(a) na vaši zprávu',
  toFollowerIntro: '{{establishment}} vám napsal(a):',
  toFollowerButton: 'Otevřít konverzaci',
};

const hu: MessageMailStrings = {
  toFollowerSubject: 'A(z) {{establishment}} válaszolt az üzenetére',
  toFollowerIntro: 'A(z) {{establishment}} ezt írta Önnek:',
  toFollowerButton: 'Beszélgetés megnyitása',
};

const se: MessageMailStrings = {
  toFollowerSubject: '{{establishment}} har svarat på ditt meddelande',
  toFollowerIntro: '{{establishment}} skrev till dig:',
  toFollowerButton: 'Öppna konversationen',
};

const no: MessageMailStrings = {
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
