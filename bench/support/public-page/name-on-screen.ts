import { type Browser, chromium } from '@playwright/test';
import { throttling } from 'lighthouse/core/config/constants.js';

/** Lighthouse's mobile network and CPU, as DevTools applies them (its "devtools" throttling figures). */
const slow4G = throttling.mobileSlow4G;
const kbpsToBytesPerSecond = (kbps: number) => Math.floor((kbps * 1024) / 8);

export const launchPlaywright = () =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** Lighthouse's emulated phone (moto g power), whose pictures from `srcset` may be other sizes. */
const lighthousePhone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };

/**
 * Loads `url` unthrottled on both phones, scrolled to the end, so that the server has made whatever
 * it makes on a first request (picture copies) before anything is measured.
 */
export async function warmUp(browser: Browser, url: string) {
  for (const device of [phone, lighthousePhone]) {
    const context = await browser.newContext(device);
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
    } finally {
      await context.close();
    }
  }
}

/** Runs in the page before its own scripts: notes when the heading with the name is first visible. */
const watchFor = (name: string) => `
  const check = () => {
    const heading = [...document.querySelectorAll('h1')].find((h1) =>
      h1.textContent.includes(${JSON.stringify(name)}) &&
      h1.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      h1.getBoundingClientRect().top < window.innerHeight);
    if (heading) window.__nameOnScreen = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);`;

/**
 * Milliseconds from navigation start until an `h1` containing `name` is visible in the viewport, on a
 * fresh 390x844 phone context (cold cache) with slow 4G and 4x CPU slowdown.
 */
export async function nameOnScreen(browser: Browser, url: string, name: string) {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: slow4G.requestLatencyMs,
      downloadThroughput: kbpsToBytesPerSecond(slow4G.downloadThroughputKbps),
      uploadThroughput: kbpsToBytesPerSecond(slow4G.uploadThroughputKbps),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow4G.cpuSlowdownMultiplier });
    await page.addInitScript(watchFor(name));
    await page.goto(url, { waitUntil: 'commit' });
    // A function, not a string: the page's CSP forbids eval.
    const handle = await page.waitForFunction(
      () => (globalThis as { __nameOnScreen?: number }).__nameOnScreen,
      undefined,
      { timeout: 60_000 },
    );
    return (await handle.jsonValue())!;
  } finally {
    await context.close();
  }
}
