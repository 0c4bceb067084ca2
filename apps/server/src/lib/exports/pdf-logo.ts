import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from '../server-files.ts';

const WEB_APP = path.resolve(SERVER_DIR, '../web');

/**
 * Where `/build/logos/…` files are looked for: the SPA's dist folder (the one plugins/spa.ts serves; lib/ may not
 * import a plugin, so the path is resolved here too), then its public folder, where logos live before a build.
 */
export const LOGO_DIRECTORIES = [path.join(WEB_APP, 'dist'), path.join(WEB_APP, 'public')];

const LOGO_PATH = /^\/build\/(logos\/[A-Za-z0-9][A-Za-z0-9._-]*)$/;
const RASTER = ['.png', '.jpg', '.jpeg'];
const MAX_LOGO_BYTES = 2_000_000;

export type Logo = { kind: 'raster'; data: Buffer } | { kind: 'svg'; source: string };

/**
 * An organisation's logo: `/build/logos/<file>`, one of the SPA's assets. A PNG or JPEG is drawn as is; for an
 * SVG, a PNG/JPEG of the same name wins when there is one, else the SVG is drawn by lib/svg-to-pdf (the simple
 * shapes, paths and text logos use). Null when there is none, or the path is anything else (it never leaves
 * the directories).
 */
export function findLogo(logo: string | null, directories: readonly string[]): Logo | null {
  const match = logo ? LOGO_PATH.exec(logo) : null;
  if (!match) return null;
  const relative = match[1]!;
  const extension = path.extname(relative).toLowerCase();
  const stem = relative.slice(0, relative.length - extension.length);
  const candidates = RASTER.includes(extension) ? [relative] : [...RASTER.map((raster) => `${stem}${raster}`), ...(extension === '.svg' ? [relative] : [])];
  for (const name of candidates) {
    for (const directory of directories) {
      const file = path.resolve(directory, name);
      if (!file.startsWith(path.resolve(directory) + path.sep)) continue;
      if (!existsSync(file) || statSync(file).size > MAX_LOGO_BYTES) continue;
      return name.endsWith('.svg') ? { kind: 'svg', source: readFileSync(file, 'utf8') } : { kind: 'raster', data: readFileSync(file) };
    }
  }
  return null;
}
