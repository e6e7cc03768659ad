// End-to-end tests in Debian's Chromium (no browser download) against the built app served by the
// real server on a throwaway PGlite database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = mkdtempSync(join(tmpdir(), 'coin-e2e-'));
// Where the server writes the one-time admin password on its first start. Set in the environment so
// the test workers (which load this file again) read the same path (e2e/admin.spec.ts).
process.env.E2E_ADMIN_PASSWORD_FILE ??= join(dataDir, 'admin-password.txt');
const adminPasswordFile = process.env.E2E_ADMIN_PASSWORD_FILE;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time against the one server (each file's tests stay in order). The console spec
  // runs alone first: it replaces the admin's one-time password in the browser, which the other specs
  // then sign in with (e2e/support/admin-console.ts), so nothing races for the first sign-in.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'console-first', testMatch: 'admin.spec.ts' },
    { name: 'all', testIgnore: 'admin.spec.ts', dependencies: ['console-first'] },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    // As a user who asked the system for less motion: antd's dropdowns and dialogs then open without
    // their zoom and slide animations (components/antd-scope.tsx), so a click never lands on a menu
    // that is still growing into place.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // tsx must run from the server folder so its tsconfig (the @/ alias) applies.
    command: 'npx tsx src/main.ts',
    cwd: '../server',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_OUTBOX_API: 'true',
      LOG_LEVEL: 'warn',
      CODE_RESEND_SECONDS: '0',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
      // Every spec's browser is one client address (127.0.0.1), and two workers send up to ~640 API
      // requests in a minute (counted on 2026-11-28: 298-636 per minute), around the default limit of
      // 600: a run where a page's coin list came back "could not be loaded" is the likely result. The
      // limit itself is tested on the server (apps/server/test/security.test.ts).
      RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
      RATE_LIMIT_CODE_PER_MINUTE: '1000',
      // The first start's one-time admin password, for the console specs (e2e/admin.spec.ts).
      ADMIN_PASSWORD_FILE: adminPasswordFile,
      // New operators may approve at once, so one run can show a second approval in the browser; the
      // cooling-off itself is covered by the server tests (docs/admin-console.md "Who may approve").
      OPERATOR_COOLING_OFF_HOURS: '0',
      // A simulated block a second (3 s by default): a demo deposit of USDT (6 confirmations) is credited
      // in about 6 s instead of 18, which about twenty specs wait for; still slow enough for the wallet
      // spec to see a deposit confirming before the push credits it.
      CHAIN_SIM_BLOCK_MS: '1000',
    },
  },
});
