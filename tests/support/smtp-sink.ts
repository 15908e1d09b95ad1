import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The sender's address and display name. */
  from: { address: string; name: string };
  /** Every header, by lower-case name (the last one of a name). */
  headers: Record<string, string>;
  /** The Reply-To addresses, when the message has them. */
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text part. */
  links: string[];
  /**
   * The message exactly as the sink received it after DATA (headers and body), for signature
   * checks; not enumerable, so JSON and equality checks of a message leave it out.
   */
  raw: Buffer;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

/** A real SMTP server on loopback that keeps what it receives, for tests to read. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  /** Addresses refused at RCPT TO, with the SMTP code (550: no such mailbox, a hard bounce). */
  const refused = new Map<string, number>();
  /** An outage (outage()): 'refuse' (the port closed) or the code every connection is answered with. */
  let down: 'refuse' | number | null = null;
  const unavailable = () =>
    Object.assign(new Error(`${down} service not available, try again later`), { responseCode: down });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      callback(typeof down === 'number' ? unavailable() : undefined);
    },
    onMailFrom(_address, _session, callback) {
      callback(typeof down === 'number' ? unavailable() : undefined);
    },
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase());
      if (!code) return callback();
      const error = Object.assign(new Error(`${code} mailbox unavailable`), { responseCode: code });
      callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      })
        .then(async (raw) => ({ raw, mail: await simpleParser(raw) }))
        .then(({ raw, mail }: { raw: Buffer; mail: ParsedMail }) => {
          const text = mail.text ?? '';
          const from = (mail.from?.value ?? [])[0];
          const parsed: Omit<ReceivedMail, 'raw'> = {
            to: addresses(mail.to),
            from: { address: from?.address ?? '', name: from?.name ?? '' },
            // As sent (mailparser groups List-* headers into one structure): the raw lines, unfolded.
            headers: Object.fromEntries(
              mail.headerLines.map(({ key, line }) => [
                key.toLowerCase(),
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
            replyTo: addresses(mail.replyTo),
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
          };
          // Not enumerable: the e2e mailbox serves these objects as JSON, and equality checks compare them.
          received.push(
            Object.defineProperty(parsed, 'raw', { value: raw, enumerable: false }) as ReceivedMail,
          );
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed mid-conversation (the crash tests kill the app) resets its connection: that is
  // the client's doing, not the sink's failure, and unheard it would end the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** From now on, refuse mail to this address at RCPT TO with this code (550: a hard bounce; 4xx: try later). */
    refuse(address: string, code = 550) {
      refused.set(address.toLowerCase(), code);
    },
    accept(address: string) {
      refused.delete(address.toLowerCase());
    },
    /**
     * From now on, a mail server outage: 'refuse' closes the port (connections refused) and 421 (or
     * another code) answers every new connection and every MAIL FROM with it. Open connections are
     * closed either way, as a server going down closes them. `back()` ends it.
     */
    async outage(mode: 'refuse' | number) {
      down = mode;
      const open = (server as unknown as { connections: Set<{ close(): void }> }).connections;
      for (const connection of open) connection.close();
      if (mode === 'refuse') await new Promise<void>((resolve) => server.server.close(() => resolve()));
    },
    /** The outage is over: the port listens again (the same one) and connections are answered. */
    async back() {
      const wasRefusing = down === 'refuse';
      down = null;
      if (wasRefusing) await new Promise<void>((resolve) => server.server.listen(port, '127.0.0.1', resolve));
    },
    /** Wait for a message to this address (and matching `where`), up to `timeoutMs`. */
    async waitFor(to: string, where: (m: ReceivedMail) => boolean = () => true, timeoutMs = 15_000) {
      const find = () => received.find((m) => m.to.includes(to.toLowerCase()) && where(m));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find();
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No email to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
