import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Sizes of the built SPA, from Vite's manifest: the JavaScript a visitor of /login downloads (the
 * entry, its static imports and the login page's lazy chunk) and each lazily loaded area.
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleReport {
  loginJsGzipBytes: number;
  loginFiles: string[];
  areas: { source: string; gzipBytes: number }[];
}

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

function gzipSize(file: string): number {
  return gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
}

function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export function measureBundle(): BundleReport {
  const manifestFile = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error('No build found: run `npm run build` first.');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry.');
  const loginKey = Object.keys(manifest).find((key) => /login-page\.tsx$/.test(key));

  const keys = staticClosure(manifest, entryKey);
  if (loginKey) staticClosure(manifest, loginKey, keys);
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const loginJsGzipBytes = files.reduce((sum, file) => sum + gzipSize(file), 0);

  const areas = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([source, chunk]) => ({ source, gzipBytes: gzipSize(chunk.file) }))
    .sort((a, b) => a.source.localeCompare(b.source));
  return { loginJsGzipBytes, loginFiles: files, areas };
}

export function printBundleReport(report: BundleReport): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\nSPA bundle (gzip -9)');
  console.log(`  JavaScript loaded by /login: ${kb(report.loginJsGzipBytes)} (budget 200 KB) in ${report.loginFiles.length} files`);
  console.log('  Lazily loaded areas:');
  for (const area of report.areas) console.log(`    ${area.source.padEnd(60)} ${kb(area.gzipBytes)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printBundleReport(measureBundle());
}
