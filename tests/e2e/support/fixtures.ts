import { test as base } from '@playwright/test';
import { CONSENT_COOKIE } from '../../../src/web/lib/storage-keys';

export { expect } from '@playwright/test';

/**
 * The suite's `test`: cookie consent is already given, so the banner does not cover the pages a
 * test is about. A test of the banner itself sets `consentGiven: false`.
 */
export const test = base.extend<{ consentGiven: boolean }>({
  consentGiven: [true, { option: true }],
  context: async ({ context, consentGiven, baseURL }, use) => {
    if (consentGiven) {
      await context.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL! }]);
    }
    await use(context);
  },
});
