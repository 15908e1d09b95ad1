/** How the API fuzz test reports what it found: requests and logged causes, shortened. */
import type { FuzzRequest } from './requests';

export interface Finding {
  count: number;
  request: string;
  answer: string;
  cause: string;
  stack: string;
}

export const shorten = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;
export const describeRequest = (r: FuzzRequest) => {
  const body =
    r.payload === undefined
      ? ''
      : `\n    body (${r.headers['content-type'] ?? 'no content type'}): ${JSON.stringify(shorten(r.payload.toString('latin1')))}`;
  return `${r.method} ${shorten(r.url, 200)} as ${r.actor}${body}`;
};
/** The cause of a logged error, with what varies between requests (values, ids) left out. */
export const causeOf = (err: { message?: string; stack?: string } | undefined) => {
  if (!err) return { cause: 'nothing logged', stack: '' };
  const caused = /caused by: (.*)/.exec(err.stack ?? '')?.[1];
  const message = caused ?? err.message?.split('\n').at(-1) ?? '';
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => line.includes('/src/server/'))
    .slice(0, 4)
    .map((line) => line.trim());
  return {
    cause: message.replace(/"[^"]*"/g, '"…"').replace(/[0-9a-f-]{36}/g, '…'),
    stack: [shorten(err.stack?.split('\n')[0] ?? '', 160), ...frames].join('\n      '),
  };
};
