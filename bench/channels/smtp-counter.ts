/**
 * A real SMTP server (smtp-server) that only counts what it accepts, in a process of its own so
 * its work is not counted as the sender's: prints `{"port": N}` once listening, and answers
 * GET http://127.0.0.1:<port+1>/ with `{"accepted": N, "firstAt": ms, "lastAt": ms}`.
 *
 *   tsx bench/channels/smtp-counter.ts
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

let accepted = 0;
let firstAt: number | null = null;
let lastAt: number | null = null;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      accepted++;
      const now = Date.now();
      firstAt ??= now;
      lastAt = now;
      callback();
    });
    stream.resume();
  },
});
smtp.on('error', () => {});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as { port: number }).port;
const control = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ accepted, firstAt, lastAt }));
});
await new Promise<void>((resolve) => control.listen(port + 1, '127.0.0.1', resolve));
console.log(JSON.stringify({ port }));
process.on('SIGTERM', () => process.exit(0));
