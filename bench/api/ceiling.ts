/**
 * bench:api's ceiling: a bare Fastify route answering a fixed JSON document (the public profile's
 * answer, read from the file named by argv[2]) in a process of its own, as the framework's limit on
 * this machine. It serializes the object on each request, as the app does; no logging, no hooks.
 * Prints `PORT <n>` once it listens.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/ceiling', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
