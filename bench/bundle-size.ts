import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/db/seeds/demo-identities.ts';
import { freePort } from '../apps/server/src/test/server-process.ts';

/**
 * What a browser really downloads on a cold load of /login, / and /bookings (issue #13, "Performance"): each page is
 * opened in headless Chromium with an empty cache, served by the portal itself (the built SPA, its precompressed
 * assets, demo data on a scratch embedded database), and the encoded (compressed) body bytes of every JavaScript
 * and CSS file the page fetched are summed, from the browser's Resource Timing entries (`encodedBodySize`). So it
 * counts what the router, the lazy routes and their preloads actually fetch, in the encoding Chromium negotiated,
 * not what an import graph says they should. The figures are deterministic: the same build gives the same files and
 * bytes (the page is measured once it shows its heading and the network has been idle for 500 ms).
 *
 * Beside the encoding Chromium got (brotli), the same files are also summed as gzip (their `.gz` copies) and
 * uncompressed, for a client that accepts only gzip and for the issue's "before" figures. Response headers are not
 * counted (a few hundred bytes a file).
 *
 * Run alone: `npx tsx bench/bundle-size.ts` (builds nothing: `npm run build` first), or against a portal already
 * running: `npx tsx bench/bundle-size.ts --url http://127.0.0.1:3000` (it must have the demo accounts).
 */

export interface PageTarget {
  js: number | null;
  css: number | null;
}

/** The issue's targets, in KB (1 KB = 1,024 bytes) transferred compressed on a cold load. */
export const BUNDLE_TARGETS_KB: Record<string, PageTarget> = {
  '/login': { js: 200, css: 40 },
  '/': { js: 300, css: null },
  '/bookings': { js: 300, css: null },
};

export interface LoadedFile {
  file: string;
  kind: 'js' | 'css';
  /** as transferred (Content-Encoding as negotiated) */
  encodedBytes: number;
  encoding: string;
  gzipBytes: number;
  rawBytes: number;
}

export interface PageWeight {
  path: string;
  /** the encoding Chromium asked for (its Accept-Encoding) */
  acceptEncoding: string;
  files: LoadedFile[];
  js: { files: number; encodedBytes: number; gzipBytes: number; rawBytes: number };
  css: { files: number; encodedBytes: number; gzipBytes: number; rawBytes: number };
  /** Bytes of the operations console's own files the page fetched (issue 14: none, ever). */
  consoleBytes: number;
  target: PageTarget;
}

export interface BundleReport {
  pages: PageWeight[];
  /** kept for the summary of earlier runs: /login's JavaScript, as transferred */
  loginJsGzipBytes: number;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_WEB_DIST: the build the portal at --url serves, when it is not this checkout's (e.g. an older build, for a before/after).
const DIST = process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface PortalServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The portal on a free port, on a scratch embedded database seeded with the demo accounts (as `npm start` does). */
async function startPortal(): Promise<PortalServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bundle-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the portal exited (${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal did not answer /api/health within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, stop };
}

/** Signs the context in through the API (as the e2e tests' signInThroughApi): the session cookie is the context's. */
async function signIn(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.request.get(`${baseUrl}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie after /sanctum/csrf-cookie');
  const response = await context.request.post(`${baseUrl}/api/login`, {
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': decodeURIComponent(xsrf.value) },
    data: { email: DEMO_EMAILS.partner, password: DEMO_PASSWORD, remember: false },
  });
  if (response.status() !== 200) throw new Error(`sign-in answered ${response.status()}: ${await response.text()}`);
}

/**
 * The operations console's own files (its build's manifest: chunks whose source is under src/console/, and their CSS).
 * Empty for a build without the console.
 */
function consoleFiles(): Set<string> {
  const manifest = path.join(DIST, '.vite/console-manifest.json');
  if (!existsSync(manifest)) return new Set();
  const chunks = Object.values(JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file: string; src?: string; css?: string[] }>);
  return new Set(chunks.filter((chunk) => chunk.src?.startsWith('src/console/')).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
}

function sizeOf(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

async function measurePage(browser: Browser, baseUrl: string, pathname: string): Promise<PageWeight> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    if (pathname !== '/login') await signIn(context, baseUrl);
    const page = await context.newPage();
    let acceptEncoding = '';
    const encodings = new Map<string, string>();
    const seen: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/build/assets/')) return;
      encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? 'identity');
      // The headers the network stack sent (Accept-Encoding is added there, not by the page).
      seen.push(
        response
          .request()
          .allHeaders()
          .then((headers) => {
            acceptEncoding ||= headers['accept-encoding'] ?? '';
          }),
      );
    });
    await page.goto(pathname);
    // The page is there (its h1), and nothing more is being fetched (the lazy route and its preloads are in).
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(seen);
    if (new URL(page.url()).pathname !== pathname) throw new Error(`${pathname} ended on ${page.url()}`);
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        name: entry.name,
        // (the bench's tsconfig has no DOM types)
        encodedBodySize: (entry as unknown as { encodedBodySize: number }).encodedBodySize,
      })),
    );
    const files: LoadedFile[] = [];
    for (const entry of entries) {
      const url = new URL(entry.name);
      const match = /^\/build\/(assets\/.+\.(js|css))$/.exec(url.pathname);
      if (!match) continue;
      const onDisk = path.join(DIST, match[1]!);
      files.push({
        file: match[1]!,
        kind: match[2] as 'js' | 'css',
        encodedBytes: entry.encodedBodySize,
        encoding: encodings.get(url.pathname) ?? 'unknown',
        gzipBytes: sizeOf(`${onDisk}.gz`) || sizeOf(onDisk),
        rawBytes: sizeOf(onDisk),
      });
    }
    const total = (kind: 'js' | 'css') => {
      const ofKind = files.filter((file) => file.kind === kind);
      return {
        files: ofKind.length,
        encodedBytes: ofKind.reduce((sum, file) => sum + file.encodedBytes, 0),
        gzipBytes: ofKind.reduce((sum, file) => sum + file.gzipBytes, 0),
        rawBytes: ofKind.reduce((sum, file) => sum + file.rawBytes, 0),
      };
    };
    const consoleOnly = consoleFiles();
    const consoleBytes = files.filter((file) => consoleOnly.has(file.file)).reduce((sum, file) => sum + file.encodedBytes, 0);
    return { path: pathname, acceptEncoding, files, js: total('js'), css: total('css'), consoleBytes, target: BUNDLE_TARGETS_KB[pathname]! };
  } finally {
    await context.close();
  }
}

/** Loads each page cold in Chromium against a portal it starts (or the one at `baseUrl`) and weighs what came. */
export async function measureBundle(options: { baseUrl?: string } = {}): Promise<BundleReport> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('No build found: run `npm run build` first.');
  if (!existsSync(CHROMIUM)) throw new Error(`The bundle bench needs Chromium at ${CHROMIUM} (sudo apt-get install -y chromium, or set CHROMIUM_PATH).`);
  const server = options.baseUrl ? null : await startPortal();
  const baseUrl = options.baseUrl ?? server!.baseUrl;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const pages: PageWeight[] = [];
    for (const pathname of Object.keys(BUNDLE_TARGETS_KB)) pages.push(await measurePage(browser, baseUrl, pathname));
    return { pages, loginJsGzipBytes: pages[0]!.js.encodedBytes };
  } finally {
    await browser.close();
    await server?.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Whether each page is within its targets (null: no target). */
export function bundleVerdicts(report: BundleReport): { what: string; bytes: number; targetKb: number }[] {
  const rows: { what: string; bytes: number; targetKb: number }[] = [];
  for (const page of report.pages) {
    if (page.target.js !== null) rows.push({ what: `JS transferred by ${page.path}, cold`, bytes: page.js.encodedBytes, targetKb: page.target.js });
    if (page.target.css !== null) rows.push({ what: `CSS transferred by ${page.path}, cold`, bytes: page.css.encodedBytes, targetKb: page.target.css });
    // Issue 14: console code adds 0 bytes to the partner pages.
    rows.push({ what: `Console code transferred by ${page.path}`, bytes: page.consoleBytes, targetKb: 0 });
  }
  return rows;
}

export function printBundleReport(report: BundleReport): void {
  const lines: string[] = [''];
  lines.push('SPA weight: a cold load in Chromium, bytes transferred (encoded bodies; headers not counted)');
  lines.push(`${'page'.padEnd(11)}${'kind'.padEnd(6)}${'files'.padStart(6)}${'transferred'.padStart(13)}${'target'.padStart(11)}  ok   ${'as gzip'.padStart(10)}${'uncompressed'.padStart(14)}`);
  for (const page of report.pages) {
    for (const kind of ['js', 'css'] as const) {
      const figures = page[kind];
      const target = page.target[kind];
      const ok = target === null ? '   ' : figures.encodedBytes <= target * 1024 ? 'yes' : 'NO ';
      lines.push(
        `${page.path.padEnd(11)}${kind.padEnd(6)}${String(figures.files).padStart(6)}${kb(figures.encodedBytes).padStart(13)}` +
          `${(target === null ? '-' : `≤ ${target} KB`).padStart(11)}  ${ok}  ${kb(figures.gzipBytes).padStart(10)}${kb(figures.rawBytes).padStart(14)}`,
      );
    }
  }
  lines.push(`Console code (the operations console's own files) fetched: ${report.pages.map((page) => `${page.path} ${kb(page.consoleBytes)}`).join(', ')} (target 0).`);
  const encodings = new Set(report.pages.flatMap((page) => page.files.map((file) => file.encoding)));
  lines.push(`Chromium sent Accept-Encoding: ${report.pages[0]?.acceptEncoding || '?'}; the assets came as ${[...encodings].join(', ')}.`);
  for (const page of report.pages) {
    const heaviest = [...page.files].sort((a, b) => b.encodedBytes - a.encodedBytes).slice(0, 6);
    lines.push(`  heaviest on ${page.path}: ${heaviest.map((file) => `${path.basename(file.file)} ${kb(file.encodedBytes)}`).join(', ')}`);
  }
  lines.push('');
  process.stdout.write(lines.join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const urlIndex = process.argv.indexOf('--url');
  measureBundle({ baseUrl: urlIndex > 0 ? process.argv[urlIndex + 1] : undefined })
    .then(printBundleReport)
    .catch((error: unknown) => {
      process.stderr.write(`bundle bench failed: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    });
}
