import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The review screenshots (docs/screenshots/, issue 34): not a test, so outside the test run. Same server and browser
 * as the browser tests: `npm run build -w apps/web && npx playwright test -c e2e/screenshots.config.ts`.
 */
export default defineConfig({ ...base, testDir: './screenshots' });
