import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAILBOX_PORT = PORT + 1;

// Debian's Chromium (apt-get install chromium); Playwright never downloads a browser here.
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
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
    baseURL: `http://127.0.0.1:${PORT}`,
    // A click or a page load that cannot happen fails in seconds, not at the 60 s test timeout.
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } },
    },
  ],
  webServer: {
    // WEB_DIST_DIR: build and serve the web app there, so runs side by side don't rebuild each other's.
    command: process.env.WEB_DIST_DIR
      ? `npx vite build --outDir ${JSON.stringify(process.env.WEB_DIST_DIR)} --emptyOutDir && tsx tests/e2e/support/e2e-server.ts`
      : 'npm run build:web && tsx tests/e2e/support/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/config`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
