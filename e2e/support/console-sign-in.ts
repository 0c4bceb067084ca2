import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { DEMO_OPERATOR_TOTP_SECRET, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { totpCode } from './totp';

const PERIOD_MS = 30_000;

/**
 * The demo operators share one TOTP secret, and the server accepts a time step once per operator, newer than the last
 * (replay protection; one step of drift either way). Specs that sign in the same operator within 30 s would trip it,
 * so the steps used in this run are kept beside the run's database (E2E_DATA_DIR, shared by the runner's workers)
 * and each sign-in takes the next unused one: the current step, else the next (accepted as drift).
 */
const STEPS_FILE = process.env.E2E_DATA_DIR ? path.join(process.env.E2E_DATA_DIR, 'operator-totp-steps.json') : null;
const stepsInMemory: Record<string, number> = {};

function usedSteps(): Record<string, number> {
  if (!STEPS_FILE) return stepsInMemory;
  try {
    return JSON.parse(readFileSync(STEPS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function rememberStep(email: string, step: number): void {
  const steps = { ...usedSteps(), [email]: step };
  if (STEPS_FILE) writeFileSync(STEPS_FILE, JSON.stringify(steps));
  else stepsInMemory[email] = step;
}

/** A code `email` has not used yet in this run, for `secret`. */
export async function unusedOperatorCode(page: Page, email: string, secret = DEMO_OPERATOR_TOTP_SECRET): Promise<string> {
  const last = usedSteps()[email] ?? Number.NEGATIVE_INFINITY;
  let current = Math.floor(Date.now() / PERIOD_MS);
  // A third sign-in within one step: the server accepts no later step until the clock reaches it.
  if (last > current) {
    await page.waitForTimeout((last * PERIOD_MS) - Date.now() + 50);
    current = Math.floor(Date.now() / PERIOD_MS);
  }
  const step = Math.max(current, last + 1);
  rememberStep(email, step);
  return totpCode(secret, step * PERIOD_MS);
}

/** Types the code into the console's six boxes (the form submits itself when the last one is filled). */
export async function typeConsoleCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

/**
 * Opens `start` signed out, which leads to /console/login, and signs in: password, then a code of the demo secret.
 * The console then goes back to `start` (the caller checks the page it expects).
 */
export async function signInToConsole(page: Page, email: string, start = '/console', password = DEMO_PASSWORD): Promise<void> {
  await page.goto(start);
  await expect(page).toHaveURL(/\/console\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the operations console' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  await typeConsoleCode(page, await unusedOperatorCode(page, email));
}
