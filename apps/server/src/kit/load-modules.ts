import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { orderModules, type PortalModule } from './portal-module.ts';

/** Where the areas live: apps/server/src/modules/<area>/module.ts. */
export const MODULES_DIR = fileURLToPath(new URL('../modules/', import.meta.url));

type LoadedModule = { default?: PortalModule };

/** The compiled server's areas (useBundledModules), by folder. */
let bundledModules: Record<string, LoadedModule> | undefined;

/**
 * The compiled server (scripts/build-server.mjs) is one file and has no modules folder to read: its entry imports
 * every `modules/<area>/module.ts` the build found, and hands them over here, by folder, before the server starts.
 * @public (called by the build's generated entry, which knip does not see)
 */
export function useBundledModules(modules: Record<string, LoadedModule>): void {
  bundledModules = modules;
}

/**
 * Every `modules/<area>/module.ts`, imported and ordered (orderModules). A folder without that file is not an
 * area (a helper folder), and is skipped.
 */
export async function loadModules(directory = MODULES_DIR): Promise<PortalModule[]> {
  if (bundledModules && directory === MODULES_DIR) {
    return orderModules(Object.entries(bundledModules).map(([folder, loaded]) => checked(folder, `modules/${folder}/module.ts`, loaded)));
  }
  const files = readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ folder: entry.name, file: path.join(directory, entry.name, 'module.ts') }))
    .filter(({ file }) => existsSync(file));
  const modules = await Promise.all(
    files.map(async ({ folder, file }) => checked(folder, file, (await import(pathToFileURL(file).href)) as LoadedModule)),
  );
  return orderModules(modules);
}

function checked(folder: string, file: string, loaded: LoadedModule): PortalModule {
  if (!loaded.default?.register) throw new Error(`${file} must default-export defineModule({ name, register }).`);
  // The name is how other modules' `after` find it, and how a reader finds its folder.
  if (loaded.default.name !== folder) throw new Error(`${file} must be named '${folder}', after its folder, not '${loaded.default.name}'.`);
  return loaded.default;
}
