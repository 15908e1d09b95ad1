import { z } from 'zod';

export interface UrlFieldMessages {
  /** Not a URL, or not of an allowed scheme. */
  invalid: string;
  /** A user name or password in it. */
  credentials: string;
}

// WHATWG URL is in both runtimes, browsers and Node, but in neither lib shared code is typed with.
interface ParsedUrl {
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  readonly href: string;
}
declare const URL: new (input: string) => ParsedUrl;

function parse(value: string): ParsedUrl | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * A URL someone gives us for others to open or for us to call, read the way browsers and our HTTP
 * client read it (WHATWG `URL`): so `https:/u:p@host` and `https:\\u:p@host` show the user name and
 * password they carry, and `https:\\www.bank.example@evil.example/` shows it opens evil.example.
 * Refused with a user name or password (a secret shown to others, or a host hidden behind one);
 * the answer is the parsed URL (`href`), so what is stored is what gets opened.
 * `protocols` as `URL.protocol` gives them: `['https:']`; `allowEmpty`: '' stays '' (an optional field).
 */
export const urlField = (protocols: readonly string[], messages: UrlFieldMessages, allowEmpty = false) =>
  z.string().transform((value, ctx) => {
    if (allowEmpty && value === '') return value;
    const url = parse(value);
    if (!url || !protocols.includes(url.protocol) || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: messages.invalid });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: messages.credentials });
      return z.NEVER;
    }
    return url.href;
  });
