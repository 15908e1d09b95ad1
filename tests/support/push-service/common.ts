/** What the parts of the local web push service share: refusals and base64url. */

/** A request the push service refuses, with the status it answers. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const b64url = (buffer: Buffer) => buffer.toString('base64url');
export const fromB64url = (text: string) => Buffer.from(text.replace(/=+$/, ''), 'base64url');
export const normalizeKey = (key: string) => key.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export function reason(status: number): string {
  return (
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      405: 'Method Not Allowed',
      410: 'Gone',
      413: 'Payload Too Large',
      429: 'Too Many Requests',
      500: 'Internal Server Error',
      502: 'Bad Gateway',
      503: 'Service Unavailable',
    }[status] ?? 'Error'
  );
}
