import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.',
  timeout: 300_000,
  use: { baseURL: 'http://127.0.0.1:3311', launchOptions: { executablePath: '/usr/bin/chromium' } },
});
