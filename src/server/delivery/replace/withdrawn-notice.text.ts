import { isLanguage, type Language } from '../../../shared/i18n/languages';

/**
 * What a phone shows where a withdrawn notification was, in the follower's language:
 * browsers want a visible notification for every push, so where no window of the app is open the
 * service worker replaces the withdrawn one with this line, quietly, instead of the browser's own
 * "This site has been updated in the background".
 */
const TEXTS: Record<Language, string> = {
  en: 'This message was withdrawn.',
  sk: 'Táto správa bola stiahnutá.',
  se: 'Det här meddelandet har dragits tillbaka.',
  hu: 'Ezt az üzenetet visszavonták.',
  cz: 'Tato zpráva byla stažena.',
  at: 'Diese Nachricht wurde zurückgezogen.',
  de: 'Diese Nachricht wurde zurückgezogen.',
  no: 'Denne meldingen er trukket tilbake.',
};

/** The withdrawal's line in the language (English for one we do not know). */
export function withdrawnNoticeText(language: string): string {
  return TEXTS[isLanguage(language) ? language : 'en'];
}
