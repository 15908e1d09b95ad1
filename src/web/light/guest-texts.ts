import texts from 'virtual:guest-follow-texts';

/** The words of "Get notifications" on the light page, in the page's language (common.json's guestFollow). */
export interface GuestTexts {
  button: string;
  asking: string;
  on: string;
  blocked: string;
  dismissed: string;
  unsupported: string;
  ios: string;
  failed: string;
  deviceHasAccount: string;
  limited: string;
  signIn: string;
  withEmail: string;
}

/** The texts in `language`, else in English. */
export function guestTexts(language: string): GuestTexts {
  return texts[language] ?? texts.en!;
}
