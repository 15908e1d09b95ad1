/**
 * bench:api's ceilings, in a process of their own, for answers of the app's sizes on this machine:
 *   - bare Fastify routes answering fixed JSON documents (`/ceiling/0` the file named by argv[2],
 *     `/ceiling/1` by argv[3]...: the public profile's answer, a feed page's), each serializing its
 *     object on each request, as the app does; no logging, no hooks;
 *   - a bare node:http server answering the same documents' bytes as they are (`/ceiling/0`,
 *     `/ceiling/1`...), with a JSON content type: the most any Node server answers here.
 * Prints `PORT <fastify port> <node:http port>` once both listen.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Fastify from 'fastify';

const files = process.argv.slice(2).map((file) => readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
for (const [i, text] of files.entries()) {
  const body = JSON.parse(text) as unknown;
  app.get(`/ceiling/${i}`, async () => body);
}
await app.listen({ port: 0, host: '127.0.0.1' });

const bodies = new Map(files.map((text, i) => [`/ceiling/${i}`, Buffer.from(text)]));
const bare = createServer((request, response) => {
  const body = bodies.get(request.url ?? '');
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

const portOf = (address: ReturnType<typeof bare.address>) =>
  typeof address === 'object' && address ? address.port : 0;
console.log(`PORT ${portOf(app.server.address())} ${portOf(bare.address())}`);
process.on('SIGTERM', () => {
  bare.close();
  void app.close().then(() => process.exit(0));
});
