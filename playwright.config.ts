import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4510);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
const fullChromium = process.env.CHROME_FULL_PATH ?? '/usr/bin/chromium';

// Debian's Chromium headless shell (scripts/install-chromium.sh), never a downloaded browser
// (the machines reach no browser CDN). The shell never grants notifications, so the push
// notification specs run in Debian's whole Chromium (package chromium), in its headless mode.
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const launchOptions = { executablePath: chromium, args };
const fullBrowserSpecs = '**/push-subscription.spec.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The long company flows take 20-30 s on the 2-core CI machine (server workers, PostgreSQL and
  // two browsers on two cores): 60 s leaves room, while a stuck step still fails its own expect.
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // The DNS server the product looks company e-mail domains up on (SSO_DNS_SERVERS below).
  globalSetup: './tests/e2e/support/dns-global-setup.ts',
  // No trace unless asked for (E2E_TRACE=retain-on-failure): recording one for every test
  // cost about a third of the suite's CPU on the 2-core machine. A failure still leaves its
  // screenshot and the page's accessibility snapshot (error-context.md).
  use: { baseURL, launchOptions, trace: (process.env.E2E_TRACE as 'off' | 'retain-on-failure' | 'on' | undefined) ?? 'off', screenshot: 'only-on-failure' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, testIgnore: ['**/*.mobile.spec.ts', fullBrowserSpecs] },
    { name: 'desktop-full-browser', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: fullChromium, args } }, testMatch: fullBrowserSpecs },
    { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions }, testMatch: '**/*.mobile.spec.ts' },
  ],
  webServer: {
    command: 'node dist/main.mjs',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // As an operator stops it: the product drains its workers and stops its embedded
    // PostgreSQL (Playwright's default SIGKILL of the process group would orphan the server).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.data/e2e',
      // A line per request would bury the run's own report: warnings and errors only.
      LOG_LEVEL: 'warn',
      // Short enough to see the version check work within a test.
      VERSION_CHECK_INTERVAL_MS: '1500',
      // Tests make a held move due in the database (the server's own timer still waits for
      // the company's delay): the sweep picks it up within two seconds rather than thirty.
      HELD_WORK_SWEEP_SECONDS: '2',
      // Every test signs up from 127.0.0.1, and a full run makes more than the default 20
      // accounts in an hour; the limit itself is tested against the provider in integration.
      SIGN_UP_LIMIT_PER_HOUR: '1000',
      // Company e-mail domains are proven on the run's own DNS server (tests/e2e/support/dns-global-setup.ts).
      SSO_DNS_SERVERS: `127.0.0.1:${process.env.E2E_DNS_PORT ?? 4553}`,
      // Replies to message mails come back over SMTP on the loopback (tests/e2e/messages.spec.ts).
      MAIL_INBOUND_PORT: String(process.env.E2E_SMTP_PORT ?? 4525),
      MAIL_INBOUND_HOST: '127.0.0.1',
      MAIL_REPLY_DOMAIN: 'replies.talentplace.test',
      // The pseudo-locale crawl's browsers ask for every text marked (tests/e2e/pseudo-locale-crawl.spec.ts); no other browser is changed.
      PSEUDO_LOCALE: 'allow',
    },
  },
});
