import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** What one Lighthouse run says about a page. */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
  /** Accessibility audits that did not pass. */
  failedA11y: string[];
  /** The heaviest requests, for reading what the bytes are. */
  heaviest: { url: string; bytes: number }[];
}

interface NetworkRequestItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** Debian's Chromium, headless, for Lighthouse (one browser for every run; Lighthouse empties its cache). */
export const launchChrome = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });

/** One Lighthouse run with its default (mobile, simulated slow 4G + 4x CPU) settings. */
export async function runLighthouse(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // Taken after the load is recorded, for the HTML report only: saves seconds a run.
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]!;
  const items = ((audit('network-requests').details as { items?: NetworkRequestItem[] })?.items ??
    []) as NetworkRequestItem[];
  const bytes = (list: NetworkRequestItem[]) => list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const score = (id: 'performance' | 'accessibility') => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcpMs: audit('first-contentful-paint').numericValue ?? Number.NaN,
    lcpMs: audit('largest-contentful-paint').numericValue ?? Number.NaN,
    tbtMs: audit('total-blocking-time').numericValue ?? Number.NaN,
    cls: audit('cumulative-layout-shift').numericValue ?? Number.NaN,
    jsBytes: bytes(items.filter((item) => item.resourceType === 'Script')),
    totalBytes: bytes(items),
    requests: items.length,
    failedA11y: (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]!.score! < 1)
      .map((ref) => ref.id),
    heaviest: [...items]
      .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
      .slice(0, 4)
      .map((item) => ({ url: item.url, bytes: item.transferSize ?? 0 })),
  };
}
