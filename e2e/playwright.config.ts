import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One server for the whole run, on a fresh embedded database with the demo data, like `npm start`.
const port = Number(process.env.E2E_PORT ?? 4173);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
process.env.E2E_BASE_URL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/output',
  fullyParallel: false,
  // Two cores: one browser at a time keeps the server and the browser from starving each other.
  workers: 1,
  retries: 0,
  // A test's whole budget (test.slow() triples it). Two minutes: the sign-in journey took over a minute beside two
  // other clean-clone runs (load 18 on two cores). Only a failing test waits it out.
  timeout: 120_000,
  // How long an expectation waits for the page to get there. A first visit on two cores shared with other runs has taken
  // 12 s from the click (the dashboard after signing in, in a loaded clean-clone run): only a failing test waits longer.
  expect: { timeout: 30_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A click or fill on something that never comes, or a response or download waited for (the default timeout), fails
    // here, naming it, instead of waiting out the whole test's budget (a long journey sets 15 minutes): a renamed label
    // once hung a CI run that long. A minute: beside two other runs a page took over 30 s to load and subscribe.
    actionTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${port}/api/health`,
    // A cold start (migrations, demo data) on two cores shared with other runs has taken two minutes.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
