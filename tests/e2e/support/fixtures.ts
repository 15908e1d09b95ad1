import { test as base } from '@playwright/test';
import { CONSENT_COOKIE } from '../../../src/web/lib/storage-keys';
import { APP_URL, serverPort } from './ports';

export { expect } from '@playwright/test';

/**
 * The suite's `test`: on this worker's own e2e server (support/ports.ts), with cookie consent
 * already given, so the banner does not cover the pages a test is about. A test of the banner
 * itself sets `consentGiven: false`.
 */
export const test = base.extend<{ consentGiven: boolean }, { ownServer: undefined }>({
  baseURL: APP_URL,
  // The address above is read from the worker's environment when the specs load: make sure it is
  // the server Playwright started for this worker, not another worker's.
  ownServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures asked for from this pattern.
    async ({}, use, workerInfo) => {
      const expected = `http://127.0.0.1:${serverPort(workerInfo.parallelIndex)}`;
      if (APP_URL !== expected)
        throw new Error(`worker ${workerInfo.parallelIndex} uses ${APP_URL}, not ${expected}`);
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  consentGiven: [true, { option: true }],
  context: async ({ context, consentGiven, baseURL }, use) => {
    if (consentGiven) {
      await context.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL! }]);
    }
    await use(context);
  },
});
