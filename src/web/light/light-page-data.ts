/** What the server puts in the page's `#lp-data` for the script (light-page.ts renders it). */
export interface LightPageData {
  page: 'profile' | 'register';
  id: string;
  publicId: string;
  language: string;
  /** The full web app's entry script and style sheets. */
  app: { scripts: string[]; styles: string[] };
  texts: { linkCopied: string; copyFailed: string; shareText: string };
  /** The register page: the server's messages and error codes in the page's language. */
  messages?: { byText: Record<string, string>; byCode: Record<string, string> };
  /** The profile page of an active business: what "Get notifications" says, in the page's language. */
  guest?: GuestTexts;
}

/** common.json's `guestFollow` texts the script shows (the button and the links are in the HTML). */
export interface GuestTexts {
  asking: string;
  /** With the business's name in it already. */
  on: string;
  blocked: string;
  dismissed: string;
  unsupported: string;
  ios: string;
  failed: string;
  deviceHasAccount: string;
  limited: string;
  signIn: string;
}
