import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { PushServiceStats } from '../../tests/support/push-service';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type { PushServiceStats };

export interface PushServiceProcess {
  origin: string;
  caFile: string;
  ca: string;
  /** The child's own pid (node itself, not a wrapper), for its CPU time in /proc. */
  pid: number;
  stats(): Promise<PushServiceStats>;
  resetStats(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The local push service (tests/support) in fast mode in a process of its own, so that it does not
 * share an event loop with what is measured. Run as `node --import tsx` so that `pid` is the
 * process doing the work.
 */
export async function startPushServiceProcess(vapidPublicKey: string): Promise<PushServiceProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'tests/support/push-service-process.ts'),
      '--vapid-public-key',
      vapidPublicKey,
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`The push service process exited (${code}) before it listened`)),
    );
  });
  const { origin, caFile } = JSON.parse(first) as { origin: string; caFile: string };
  const ca = readFileSync(caFile, 'utf8');
  const agent = new https.Agent({ ca, keepAlive: false });

  const call = (method: 'GET' | 'POST', pathname: string) =>
    new Promise<string>((resolve, reject) => {
      const request = https.request(`${origin}${pathname}`, { method, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve(body));
      });
      request.on('error', reject);
      request.end();
    });

  return {
    origin,
    caFile,
    ca,
    pid: child.pid!,
    stats: async () => JSON.parse(await call('GET', '/_stats')) as PushServiceStats,
    resetStats: async () => {
      await call('POST', '/_stats/reset');
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
