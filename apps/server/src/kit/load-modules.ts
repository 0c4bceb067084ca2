import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { orderModules, type PortalModule } from './portal-module.ts';

/** Where the areas live: apps/server/src/modules/<area>/module.ts. */
export const MODULES_DIR = fileURLToPath(new URL('../modules/', import.meta.url));

/**
 * Every `modules/<area>/module.ts`, imported and ordered (orderModules). A folder without that file is not an
 * area (a helper folder), and is skipped.
 */
export async function loadModules(directory = MODULES_DIR): Promise<PortalModule[]> {
  const files = readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ folder: entry.name, file: path.join(directory, entry.name, 'module.ts') }))
    .filter(({ file }) => existsSync(file));
  const modules = await Promise.all(
    files.map(async ({ folder, file }) => {
      const loaded = (await import(pathToFileURL(file).href)) as { default?: PortalModule };
      if (!loaded.default?.register) throw new Error(`${file} must default-export defineModule({ name, register }).`);
      // The name is how other modules' `after` find it, and how a reader finds its folder.
      if (loaded.default.name !== folder) throw new Error(`${file} must be named '${folder}', after its folder, not '${loaded.default.name}'.`);
      return loaded.default;
    }),
  );
  return orderModules(modules);
}
