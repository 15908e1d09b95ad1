import { z } from 'zod';
import { Msg } from '../messages';
import { urlField } from './url-field';

/**
 * What a notification's button does when tapped: opens a web page (https), calls the business
 * (`tel:`) or starts an email to it (`mailto:`). The kind is read from the stored URL's scheme.
 */
export const BUTTON_KINDS = ['link', 'phone', 'email'] as const;
export type ButtonKind = (typeof BUTTON_KINDS)[number];

export const TEL = 'tel:';
export const MAILTO = 'mailto:';

/** A button's kind from its URL: `tel:` calls, `mailto:` writes, anything else is a web link. */
export function buttonKindOf(url: string): ButtonKind {
  const lower = url.trimStart().toLowerCase();
  if (lower.startsWith(TEL)) return 'phone';
  if (lower.startsWith(MAILTO)) return 'email';
  return 'link';
}

// RFC 3966's visual separators, and spaces, which people type and phones ignore.
const VISUAL_SEPARATORS = /[\s().-]/g;
// E.164: a country code (never 0) and at most 15 digits in all; 7 at least, a short national number.
const INTERNATIONAL = /^\+[1-9]\d{6,14}$/;

const decoded = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/**
 * `tel:` and a number in international form, stored without separators (`tel:+421900123456`): the
 * one form every phone dials wherever its follower is, a tourist's included.
 */
function phoneTarget(rest: string): string | undefined {
  const number = decoded(rest)?.replace(VISUAL_SEPARATORS, '');
  return number && INTERNATIONAL.test(number) ? `${TEL}${number}` : undefined;
}

const isEmail = (address: string) => z.email().safeParse(address).success;

/**
 * `mailto:` and one address, with at most a subject (RFC 6068): no second recipient, copy or
 * body a follower would send without noticing. Stored with the subject percent-encoded (`%20`,
 * never `+`, which mail clients read as a plus).
 */
function emailTarget(rest: string): string | undefined {
  const at = rest.indexOf('?');
  const address = decoded(at === -1 ? rest : rest.slice(0, at))?.trim();
  if (!address || !isEmail(address)) return undefined;
  let subject = '';
  for (const pair of at === -1 ? [] : rest.slice(at + 1).split('&')) {
    if (!pair) continue;
    const [name = '', ...value] = pair.split('=');
    const text = decoded(value.join('='));
    if (name.toLowerCase() !== 'subject' || text === undefined) return undefined;
    subject = text.trim();
  }
  return `${MAILTO}${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

const webLink = urlField(['https:'], {
  invalid: Msg.buttonLinkInvalid,
  credentials: Msg.buttonLinkCredentials,
});

/**
 * A button's target as given (trimmed, present, not too long): an https address read as browsers
 * read it, a phone number or an email address; each refusal says which of them was meant.
 * The answer is the form stored and opened.
 */
export const buttonTargetField = z.string().transform((value, ctx) => {
  const kind = buttonKindOf(value);
  if (kind === 'link') {
    const parsed = webLink.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? Msg.buttonLinkInvalid });
    return z.NEVER;
  }
  const rest = value.trim().slice(kind === 'phone' ? TEL.length : MAILTO.length);
  const target = kind === 'phone' ? phoneTarget(rest) : emailTarget(rest);
  if (target) return target;
  ctx.addIssue({
    code: 'custom',
    message: kind === 'phone' ? Msg.buttonPhoneInvalid : Msg.buttonEmailInvalid,
  });
  return z.NEVER;
});
