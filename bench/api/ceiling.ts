/**
 * bench:api's ceilings: bare Fastify routes answering fixed JSON documents (`/ceiling/0` the file
 * named by argv[2], `/ceiling/1` by argv[3]...: the public profile's answer, a feed page's) in a
 * process of its own, as the framework's limit on this machine for answers of that size. Each
 * serializes its object on each request, as the app does; no logging, no hooks.
 * Prints `PORT <n>` once it listens.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
for (const [i, file] of process.argv.slice(2).entries()) {
  const body = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  app.get(`/ceiling/${i}`, async () => body);
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
