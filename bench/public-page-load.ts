/**
 * Does a business's public page, and its register page, meet their budgets on a phone? Starts the
 * app twice in this process (fresh in-memory PGlite and data dir each): the baseline with
 * PUBLIC_PAGE_LIGHT=false (the React web app's page) and the light server-rendered page (the default).
 * Each gets one business with a subheader, contacts, and photo-weight cover, logo and three gallery
 * pictures; each page is loaded once unmeasured (the server makes its picture copies). Then, cold
 * cache, three runs per page and variant, medians reported:
 *  - Lighthouse (npm, default mobile config: simulated slow 4G + 4x CPU) in Debian's Chromium:
 *    performance and accessibility scores, FCP, LCP, TBT, CLS, bytes on the wire (response headers
 *    included) and requests, from its network-requests audit;
 *  - "name on screen": Playwright on a 390x844 phone (3x pixels) with Lighthouse's slow 4G and 4x CPU
 *    applied through DevTools, time from navigation until a visible h1 containing the business's name.
 * Prints a baseline / light table per page, PASS or FAIL per budget for the light page (exit code 0
 * either way: it is a report) and the load average, which moves Lighthouse's TBT and score.
 * KB = 1024 bytes. About 5-6 minutes on 2 cores.
 *
 *   npm run bench:public-page          (needs `npm run build:web` first and /usr/bin/chromium)
 */
import { loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import type { LaunchedChrome } from 'chrome-launcher';
import {
  BUSINESS_NAME,
  type Instance,
  MissingWebBuild,
  makePhotos,
  startInstance,
} from './support/public-page/instance';
import { type LighthouseFigures, launchChrome, runLighthouse } from './support/public-page/lighthouse';
import { launchPlaywright, nameOnScreen, warmUp } from './support/public-page/name-on-screen';

const RUNS = 3;
const VARIANTS = {
  baseline: { port: 3960, env: { PUBLIC_PAGE_LIGHT: 'false' } },
  light: { port: 3961, env: {} },
} as const;
const PAGES = { public: 'Public page', register: 'Register page' } as const;
type Variant = keyof typeof VARIANTS;
type Page = keyof typeof PAGES;
const variants = Object.keys(VARIANTS) as Variant[];
const pages = Object.keys(PAGES) as Page[];

interface Runs {
  lighthouse: LighthouseFigures[];
  nameMs: number[];
}
const runs = {} as Record<Page, Record<Variant, Runs>>;
for (const page of pages) {
  runs[page] = { baseline: { lighthouse: [], nameMs: [] }, light: { lighthouse: [], nameMs: [] } };
}

const loadAtStart = loadavg();
const started = performance.now();
const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;
const progress = (text: string) => process.stdout.write(text);
const instances = {} as Record<Variant, Instance>;
let browser: Browser | undefined;
let chrome: LaunchedChrome | undefined;
try {
  const photos = await makePhotos();
  for (const variant of variants) {
    instances[variant] = await startInstance(VARIANTS[variant].port, VARIANTS[variant].env, photos);
  }
  const urlOf = (variant: Variant, page: Page) => instances[variant].pages[page];
  /** Runs alternate between the variants, so that a slower minute of the machine hits both alike. */
  const eachRun = async (measure: (url: string, page: Page, variant: Variant) => Promise<void>) => {
    const phase = performance.now();
    for (let i = 0; i < RUNS; i++) {
      for (const page of pages) {
        for (const variant of variants) {
          await measure(urlOf(variant, page), page, variant);
          progress('.');
        }
      }
    }
    progress(` ${seconds(phase)}\n`);
  };

  progress('Name on screen (Playwright, slow 4G, 4x CPU) ');
  browser = await launchPlaywright();
  // The public page shows every picture the register page does.
  for (const variant of variants) await warmUp(browser, urlOf(variant, 'public'));
  await eachRun(async (url, page, variant) => {
    runs[page][variant].nameMs.push(await nameOnScreen(browser!, url, BUSINESS_NAME));
  });
  await browser.close();
  browser = undefined;

  progress('Lighthouse (mobile, simulated slow 4G, 4x CPU) ');
  chrome = await launchChrome();
  await eachRun(async (url, page, variant) => {
    runs[page][variant].lighthouse.push(await runLighthouse(url, chrome!.port));
  });
  progress('\n');
  report();
} catch (error) {
  if (!(error instanceof MissingWebBuild)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await browser?.close();
  chrome?.kill();
  for (const instance of Object.values(instances)) await instance.close();
}

function report() {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const lh =
    (key: keyof LighthouseFigures, scale = 1) =>
    (r: Runs) =>
      median(r.lighthouse.map((l) => l[key] as number)) * scale;
  const KB = 1 / 1024;
  const metrics = {
    performance: ['Lighthouse performance', lh('performance'), 0],
    accessibility: ['Lighthouse accessibility', lh('accessibility'), 0],
    fcp: ['First Contentful Paint (ms)', lh('fcpMs'), 0],
    lcp: ['Largest Contentful Paint (ms)', lh('lcpMs'), 0],
    tbt: ['Total Blocking Time (ms)', lh('tbtMs'), 0],
    cls: ['Cumulative Layout Shift', lh('cls'), 3],
    js: ['JavaScript transferred (KB)', lh('jsBytes', KB), 1],
    total: ['Total transferred (KB)', lh('totalBytes', KB), 1],
    requests: ['Requests', lh('requests'), 0],
    name: ['Name on screen, slow 4G (ms)', (r: Runs) => median(r.nameMs), 0],
  } satisfies Record<string, [label: string, of: (r: Runs) => number, digits: number]>;
  const cell = (value: number, digits: number) => value.toFixed(digits).padStart(10);
  const shortUrl = (url: string) =>
    (url.startsWith('http') ? new URL(url).pathname : url).replace(
      /[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/,
      '…',
    );

  for (const page of pages) {
    const title = `${PAGES[page]} ${new URL(instances.light.pages[page]).pathname}`;
    console.log(`${title.padEnd(34)}${'baseline'.padStart(10)}${'light'.padStart(10)}   light/baseline`);
    for (const [label, of, digits] of Object.values(metrics)) {
      const [base, light] = [of(runs[page].baseline), of(runs[page].light)];
      const ratio = base === 0 ? '' : `${(light / base).toFixed(2)}x`;
      console.log(`  ${label.padEnd(32)}${cell(base, digits)}${cell(light, digits)}   ${ratio}`);
    }
    for (const variant of variants) {
      const failed = [...new Set(runs[page][variant].lighthouse.flatMap((l) => l.failedA11y))];
      if (failed.length) console.log(`  accessibility audits failing (${variant}): ${failed.join(', ')}`);
      const heaviest = runs[page][variant].lighthouse[0]!.heaviest;
      const list = heaviest.map((h) => `${shortUrl(h.url)} ${(h.bytes * KB).toFixed(1)}`).join(', ');
      console.log(`  heaviest (${variant}, KB): ${list}`);
    }
    console.log();
  }

  console.log(`Budgets, light page (median of ${RUNS} runs):`);
  for (const page of pages) {
    const figure = (key: keyof typeof metrics) => metrics[key][1](runs[page].light);
    const budgets: [label: string, value: string, ok: boolean, limit: string][] = [
      ['JavaScript transferred', `${figure('js').toFixed(1)} KB`, figure('js') <= 60, '<= 60 KB'],
      ['Total transferred', `${figure('total').toFixed(1)} KB`, figure('total') <= 150, '<= 150 KB'],
      ['Lighthouse performance', `${figure('performance')}`, figure('performance') >= 90, '>= 90'],
      ['Lighthouse accessibility', `${figure('accessibility')}`, figure('accessibility') === 100, '= 100'],
      ['Name on screen, slow 4G', `${Math.round(figure('name'))} ms`, figure('name') < 3000, '< 3000 ms'],
    ];
    for (const [label, value, ok, limit] of budgets) {
      console.log(
        `  ${ok ? 'PASS' : 'FAIL'}  ${PAGES[page].padEnd(14)} ${label.padEnd(26)} ${value.padStart(9)}  ${limit}`,
      );
    }
  }
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
  console.log(`\nLoad average (1, 5, 15 min): ${load(loadAtStart)} at start, ${load(loadavg())} at end.`);
  console.log(`Took ${seconds(started)}.`);
}
