/**
 * How fast a customer's phone on a slow network shows a business's public page (issue 4).
 * Starts the real app (built web app, fresh PGlite, real API), creates a business, then loads
 * /{publicId} in Debian's Chromium with a slow 3G profile (400 ms RTT, 400 kbit/s), three times
 * as shipped (brotli/gzip) and three times with compression refused (the baseline), and prints
 * bytes transferred, script files and the time until the business's name is on screen.
 *
 *   npm run bench:public-page          (needs `npm run build:web` first and /usr/bin/chromium)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createAdmin } from '../src/server/modules/account/admin-bootstrap';

const RUNS = 3;
const port = 3960;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-public-page-'));
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: 'memory://',
  LOG_LEVEL: 'warn',
});
const { app, ctx } = await buildApp(config);
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}`;

await createAdmin(ctx.db, { email: 'bench@bench.test', password: 'bench-password' });
const call = async (url: string, body: unknown, token?: string) =>
  (
    await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
  ).json() as Promise<Record<string, never>>;
const { accessToken } = await call('/api/account/login', {
  email: 'bench@bench.test',
  password: 'bench-password',
});
const { establishment } = await call(
  '/api/establishments',
  {
    name: 'Café Benchmark',
    email: 'cafe@bench.test',
    phone: '+421 900 000 000',
    address1: 'Hlavná 1',
    city: 'Bratislava',
    state: 'BA',
    zip: '81101',
    country: 'Slovakia',
    businessId: '1',
    taxId: '2',
    vatNumber: '3',
  },
  accessToken,
);
const publicId = (establishment as unknown as { publicId: string }).publicId;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** One cold load on a fresh phone-sized context; compression refused when `identity`. */
async function load(identity: boolean) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'accept-encoding': 'identity' } });
  let bytes = 0;
  let scripts = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts++;
  });
  const started = performance.now();
  await page.goto(`${base}/${publicId}`);
  await page.getByRole('heading', { name: 'Café Benchmark' }).waitFor({ timeout: 120_000 });
  const ms = performance.now() - started;
  await context.close();
  return { ms, kb: bytes / 1024, scripts };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const results: Record<'shipped' | 'baseline', { ms: number; kb: number; scripts: number }[]> = {
  shipped: [],
  baseline: [],
};
for (let i = 0; i < RUNS; i++) {
  results.baseline.push(await load(true));
  results.shipped.push(await load(false));
}
await browser.close();
await app.close();
await rm(dataDir, { recursive: true, force: true });

for (const [name, runs] of Object.entries(results)) {
  console.log(
    `${name.padEnd(9)} name on screen ${Math.round(median(runs.map((r) => r.ms)))} ms (median of ${RUNS}), ` +
      `${Math.round(median(runs.map((r) => r.kb)))} KB transferred, ${runs[0]!.scripts} script files`,
  );
}
const ratio = median(results.baseline.map((r) => r.ms)) / median(results.shipped.map((r) => r.ms));
console.log(`ratio: shipped is ${ratio.toFixed(2)}x faster than the uncompressed baseline on slow 3G`);
