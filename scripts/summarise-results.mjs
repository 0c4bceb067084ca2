// Prints one closing line over every test run of scripts/test.sh: "N passed, N failed".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [dir, started] = process.argv.slice(2);
// The Vitest runs of scripts/test.sh, by the name of their JSON report; any other report is listed by its name.
const RUNS = {
  once: 'run once (contracts, web, server)',
  'server-db-embedded': 'API on the embedded database',
  'server-db-postgres': 'API on PostgreSQL',
};
const order = (name) => {
  const index = Object.keys(RUNS).indexOf(name.replace('.json', ''));
  return index < 0 ? Number.MAX_SAFE_INTEGER : index;
};
let passed = 0;
let failed = 0;
let skipped = 0;
const parts = [];
const reports = readdirSync(dir).filter((name) => name.endsWith('.json'));
reports.sort((left, right) => order(left) - order(right) || left.localeCompare(right));
for (const file of reports) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  const name = file.replace('.json', '');
  parts.push(`${RUNS[name] ?? name}: ${report.numPassedTests}`);
}
const e2eFile = 'e2e/artifacts/results.json';
if (existsSync(e2eFile)) {
  const stats = JSON.parse(readFileSync(e2eFile, 'utf8')).stats;
  passed += stats.expected;
  failed += stats.unexpected;
  skipped += stats.skipped;
  parts.push(`e2e: ${stats.expected}`);
}
const stepsFile = path.join(dir, 'steps.txt');
if (existsSync(stepsFile)) {
  // "lint 41" per line, from scripts/test.sh; steps run side by side overlap, so these add up to more than the total.
  const steps = readFileSync(stepsFile, 'utf8').trim().split('\n').map((line) => line.split(' '));
  console.log(`\nseconds per step: ${steps.map(([name, seconds]) => `${name} ${seconds}`).join(', ')}`);
}
const seconds = Math.round(Date.now() / 1000 - Number(started));
console.log(`\nper run: ${parts.join(', ')}; took ${Math.floor(seconds / 60)}m${seconds % 60}s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
