import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

import { serverPort } from './tests/e2e/support/ports';

// Workers run spec files side by side, each on its own e2e server (tests/e2e/support/ports.ts).
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

// Debian's Chromium (apt-get install chromium); Playwright never downloads a browser here.
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Debian's headless shell (apt-get install chromium-headless-shell) runs a spec in about a sixth
// less time and a third less CPU, but shows no notification from a service worker and denies the
// notification permission: the specs that need either (FULL_BROWSER_SPECS) run in the full
// browser. Without the shell installed, every spec does.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const shellPath = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : executablePath);
const FULL_BROWSER_SPECS = /\/(push|push-repair|push-permission|first-minute|guest-merge)\.spec\.ts$/;
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // JavaScript runs in V8's interpreter and baseline compiler only: a test's page lives seconds, and
  // optimising its hot functions in the background cost more CPU than it saved (docs/decisions.md).
  '--js-flags=--no-opt --no-maglev',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // A file's tests run in order in one worker; files are shared out between the workers.
  fullyParallel: false,
  workers: WORKERS,
  // One retry in CI, reported as "flaky": a shared 2-core runner once made a menu click land
  // mid-animation (settings.spec language picker). Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // Bounds for a hung test, not a measure of speed: a journey of a dozen screens took 66 s with a
  // second CPU load beside it (comments.spec), and must then still pass.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  // The JSON report is what `npm run test:timings` reads.
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    ['json', { outputFile: 'test-results/e2e-report.json' }],
  ],
  use: {
    // baseURL is each worker's own server: set by the suite's fixtures (tests/e2e/support/fixtures.ts).
    // A click or a page load that cannot happen fails in seconds, not at the 60 s test timeout.
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    // A trace only for a retried test (CI retries once): recording one for every test doubled the
    // suite's CPU time. To trace a local failure: npx playwright test --trace retain-on-failure.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: FULL_BROWSER_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: shellPath, args: chromiumArgs } },
    },
    {
      name: 'desktop-push',
      testMatch: FULL_BROWSER_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } },
    },
  ],
  // One server per worker, started one after the other: the first builds the web app (WEB_DIST_DIR:
  // there, so runs side by side don't rebuild each other's), the others serve the same build.
  // E2E_WEB_BUILT=1: the build of this tree is already there (CI's production step has just made it).
  webServer: Array.from({ length: WORKERS }, (_, index) => {
    const port = serverPort(index);
    const build = process.env.WEB_DIST_DIR
      ? `npx vite build --outDir ${JSON.stringify(process.env.WEB_DIST_DIR)} --emptyOutDir`
      : 'npm run build:web';
    const buildsFirst = index === 0 && process.env.E2E_WEB_BUILT !== '1';
    return {
      command: `${buildsFirst ? `${build} && ` : ''}tsx tests/e2e/support/e2e-server.ts`,
      url: `http://127.0.0.1:${port}/api/config`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: { E2E_PORT: String(port) },
      // A stop the server sees (e2e-server.ts drops its PostgreSQL database); without it, SIGKILL.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    };
  }),
});
