#!/usr/bin/env node
/**
 * `node scripts/bundle-budget.mjs [dist]`: the web app's weight budgets, checked on a build (issue 32, item 8). For each
 * page it follows the build's manifests from the HTML entry and the page's own lazy modules through their static
 * imports (what the browser must fetch before the page can show: the entry, the route's chunk and everything either
 * imports, modulepreloaded or not), and sums the JavaScript's brotli-compressed bytes, compressed here with node:zlib at
 * the quality the build's own .br copies use. Byte counts of files, never timings: the same build gives the same
 * figures on any machine, so `npm test` can hold the budgets (scripts/test.sh runs it after the build).
 *
 * What a page loads lazily once drawn (a chart below the fold, an export's writer, the Arabic catalogue) is not
 * counted: that is the point of loading it lazily. `npm run bench -- --only bundle` measures the same pages in Chromium
 * (bench/bundle-size.ts), counting what the browser fetched, for the whole picture. Exit status 1 when a page is over
 * its budget, 2 when the build is missing or a page's module is not in it (renamed: update PAGES below).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv.slice(2).find((argument) => !argument.startsWith('--')) ?? process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist'));

/**
 * KB = 1,024 bytes of JavaScript, brotli-compressed, on a cold load (issue 13's and issue 32's targets). A page not yet
 * within its budget has `heldAtKb`: the check holds it there (it may not grow) and says it is over, until it is cut;
 * then the field goes.
 */
export const PAGES = [
  {
    path: '/login',
    manifest: 'manifest.json',
    entry: 'index.html',
    modules: ['src/features/auth/routes/login-page.tsx'],
    budgetKb: 200,
  },
  {
    path: '/',
    manifest: 'manifest.json',
    entry: 'index.html',
    // The signed-in frame, the dashboard and the cards it draws for a member who may see them all.
    // An area's English catalogue comes with its pages (i18n.ts, LazyEnglish): the cards' areas' catalogues count too.
    modules: ['src/app/layout/app-layout.tsx', 'src/features/dashboard/routes/dashboard-page.tsx', /^src\/features\/dashboard\/cards\/.*-card\.tsx$/, 'src/features/dashboard/dashboard-messages.ts', 'src/features/agreements/components/action-needed-banner.tsx', 'src/features/agreements/agreements-messages.ts'],
    budgetKb: 300,
  },
  {
    path: '/bookings',
    manifest: 'manifest.json',
    entry: 'index.html',
    modules: ['src/app/layout/app-layout.tsx', 'src/features/bookings/routes/bookings-page.tsx', 'src/features/bookings/bookings-messages.ts', 'src/features/agreements/components/action-needed-banner.tsx', 'src/features/agreements/agreements-messages.ts'],
    budgetKb: 300,
  },
  {
    // The public network (issue 36): its map is drawn lazily, once the list is on screen.
    path: '/medical-network',
    manifest: 'manifest.json',
    entry: 'index.html',
    modules: ['src/features/network/routes/network-page.tsx', 'src/features/network/network-messages.ts'],
    budgetKb: 250,
  },
  {
    path: '/console/login',
    manifest: 'console-manifest.json',
    entry: 'console.html',
    modules: ['src/console/sign-in/sign-in-page.tsx'],
    budgetKb: 200,
  },
];

const compressedSizes = new Map();
function brotliBytes(file) {
  if (!compressedSizes.has(file)) {
    const content = readFileSync(path.join(dist, file));
    const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
    compressedSizes.set(file, brotliCompressSync(content, { params }).length);
  }
  return compressedSizes.get(file);
}

/** The JavaScript files a page needs: its entry and modules, and everything they import statically. */
export function filesOfPage(manifest, page) {
  const keys = Object.keys(manifest);
  const roots = [page.entry, ...page.modules.flatMap((module) => (typeof module === 'string' ? [module] : keys.filter((key) => module.test(key))))];
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw Object.assign(new Error(`${page.path}: "${key}" is not in the build's manifest (a page's module was renamed or moved: update PAGES in scripts/bundle-budget.mjs)`), { code: 'MISSING' });
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...files];
}

function main() {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  let over = 0;
  console.log(`JavaScript a page needs before it shows, brotli-compressed (${path.relative(ROOT, dist) || dist}):`);
  for (const page of PAGES) {
    const manifestPath = path.join(dist, '.vite', page.manifest);
    if (!existsSync(manifestPath)) {
      console.error(`No build at ${dist} (.vite/${page.manifest} is missing): run \`npm run build\` first.`);
      process.exit(2);
    }
    let files;
    try {
      files = filesOfPage(JSON.parse(readFileSync(manifestPath, 'utf8')), page);
    } catch (error) {
      if (error.code !== 'MISSING') throw error;
      console.error(error.message);
      process.exit(2);
    }
    const sizes = files.map((file) => [file, brotliBytes(file)]).sort((a, b) => b[1] - a[1]);
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
    const withinBudget = total <= page.budgetKb * 1024;
    const ok = withinBudget || (page.heldAtKb !== undefined && total <= page.heldAtKb * 1024);
    if (!ok) over += 1;
    const verdict = withinBudget ? 'ok' : ok ? `over budget, held at ${page.heldAtKb} KB` : 'OVER';
    console.log(`  ${page.path.padEnd(15)} ${kb(total).padStart(9)} in ${String(files.length).padStart(2)} files   budget ${page.budgetKb} KB   ${verdict}`);
    if (!ok || process.argv.includes('--verbose')) {
      for (const [file, bytes] of sizes.slice(0, 8)) console.log(`      ${kb(bytes).padStart(9)}  ${path.basename(file)}`);
    }
  }
  if (over > 0) {
    console.error(`\n${over} page${over === 1 ? ' is' : 's are'} over budget: load what is drawn later lazily (docs/decisions.md, "Web weight").`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
