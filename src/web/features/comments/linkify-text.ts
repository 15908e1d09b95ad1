import { find } from 'linkifyjs';

/** A piece of a comment's text: as written, or a link to open. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** The address to open for a found link: only http(s), as the browser would read it; null for anything else. */
function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Split plain text into text and http(s) links (linkifyjs finds them, "www.x.org" included), so the
 * web app renders links as elements it builds itself, never as HTML from the text.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of find(text, 'url')) {
    const href = safeHref(match.href);
    if (!href) continue;
    if (match.start > at) parts.push({ kind: 'text', text: text.slice(at, match.start) });
    parts.push({ kind: 'link', text: match.value, href });
    at = match.end;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
