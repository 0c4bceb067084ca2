import { appendFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/**
 * axe-core inside the browser tests (issue #13): every spec calls `expectAccessible(page, 'what is shown')` on each
 * page and state it visits. It runs axe's default rules (WCAG 2.0–2.2 A/AA and best practices) in the colour
 * scheme the page shows, then its colour rules in the other one (prefers-color-scheme emulated: the portal follows
 * the system unless the user chose), and fails on any critical or serious violation. Moderate and minor ones are listed in the test's
 * attachments but do not fail it.
 *
 * Fix what it finds in the shared component, not here. An exclusion needs a written reason next to it: pass it as
 * `{ exclude: [{ selector, reason }] }`.
 */
export interface AccessibilityOptions {
  /** Parts of the page axe skips, each with why (a third-party frame, a known upstream bug with its link…). */
  exclude?: { selector: string; reason: string }[];
  /** Check only the scheme the page shows (a state that cannot survive a scheme change, e.g. a transient toast). */
  schemes?: 'current' | 'both';
}

type Scheme = 'light' | 'dark';

const FAILING_IMPACTS = new Set(['critical', 'serious']);

/** The scheme Mantine applied to the page (it sets the attribute on <html> from the system or the user's choice). */
async function appliedScheme(page: Page): Promise<Scheme> {
  const value = await page.locator('html').getAttribute('data-mantine-color-scheme');
  return value === 'dark' ? 'dark' : 'light';
}

function describe(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}\n      ${node.html.slice(0, 160)}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} node(s))\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * The rules whose answer depends on the colour scheme: only colours change between light and dark, so the other
 * scheme is checked with these alone (the structure, names and roles were checked in the first one). Half of the
 * browser tests' time went to axe before; this is most of what it saved.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function analyze(page: Page, state: string, scheme: Scheme, options: AccessibilityOptions & { coloursOnly?: boolean }): Promise<Result[]> {
  await settleTransitions(page);
  // Legacy mode runs axe in the page itself. The default opens a second page per analysis to gather the results of
  // cross-origin frames, which the portal does not have; that page cost as much as the analysis.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (options.coloursOnly) builder = builder.withRules(COLOUR_RULES);
  for (const { selector } of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const label = `axe: ${state} (${scheme})`;
  await test.info().attach(label, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  // A record of every finding, for an audit across the whole run (A11Y_REPORT=path.jsonl).
  const report = process.env.A11Y_REPORT;
  if (report) {
    for (const violation of results.violations) {
      appendFileSync(
        report,
        `${JSON.stringify({ state, scheme, url: page.url(), rule: violation.id, impact: violation.impact, nodes: violation.nodes.length, targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')), html: violation.nodes.slice(0, 3).map((node) => node.html.slice(0, 160)) })}\n`,
      );
    }
  }
  return results.violations;
}

/**
 * Waits for the page's finite CSS transitions and animations to end (a table fading back in after a refresh, a
 * colour scheme switching): axe computes contrast from the colours of the moment, and a row half-way through its
 * 150 ms fade reads as too faint. Endless ones (a spinner, the busy bar) are left running.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs axe on what `page` shows now, in light and in dark, and fails on critical or serious violations. `state`
 * names what is on screen ('bookings, facility filter open'), for the failure message and the attachments.
 */
export async function expectAccessible(page: Page, state: string, options: AccessibilityOptions = {}): Promise<void> {
  await test.step(`axe: ${state}`, async () => {
    const first = await appliedScheme(page);
    const schemes: Scheme[] = options.schemes === 'current' ? [first] : [first, first === 'light' ? 'dark' : 'light'];
    const failures: string[] = [];
    for (const scheme of schemes) {
      if (scheme !== (await appliedScheme(page))) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator('html'), `the page follows prefers-color-scheme: ${scheme}`).toHaveAttribute(
          'data-mantine-color-scheme',
          scheme,
        );
      }
      const coloursOnly = scheme !== first;
      const serious = (await analyze(page, state, scheme, { ...options, coloursOnly })).filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
      if (serious.length > 0) failures.push(`${state}, ${scheme}:\n${describe(serious)}`);
    }
    // Leave the page in the scheme it had, so the test carries on as it was.
    if (schemes.length > 1) {
      await page.emulateMedia({ colorScheme: first });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', first);
    }
    // Soft: the test goes on to its next states, so one run lists every finding, and still fails at its end.
    expect.soft(failures, `critical or serious axe violations:\n${failures.join('\n')}`).toEqual([]);
  });
}
