// Prints one closing line over every test run of scripts/test.sh: "N passed, N failed".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [dir, started] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const parts = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  parts.push(`${file.replace('.json', '')}: ${report.numPassedTests}`);
}
const e2eFile = 'e2e/artifacts/results.json';
if (existsSync(e2eFile)) {
  const stats = JSON.parse(readFileSync(e2eFile, 'utf8')).stats;
  passed += stats.expected;
  failed += stats.unexpected;
  skipped += stats.skipped;
  parts.push(`e2e: ${stats.expected}`);
}
const seconds = Math.round(Date.now() / 1000 - Number(started));
console.log(`\nper run: ${parts.join(', ')}; took ${Math.floor(seconds / 60)}m${seconds % 60}s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
