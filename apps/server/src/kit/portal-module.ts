import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { MessageTranslations } from '@portal/contracts/message-translations';
import type { FileStore } from '../lib/storage/file-store.ts';

/**
 * What a demo seed may use besides the database: the file store, for demo rows that point at a file (a signed PDF),
 * and APP_KEY, for demo rows sealed at rest (payment details).
 */
export interface DemoSeedServices {
  storage: FileStore;
  appKey: string;
}

/**
 * One area of the API: what `modules/<area>/module.ts` default-exports. buildApp finds every module by that file
 * name and registers them in the order `after` asks for, so a new area never edits app.ts (docs/recipe-new-area.md).
 */
export interface PortalModule {
  /** The area's folder name, e.g. 'earnings'. */
  name: string;
  /**
   * Modules this one builds on: registered before it (for decorations it uses at registration) and seeded before
   * it (for rows its demo data refers to, e.g. 'bookings' for commissions). None when it needs neither.
   */
  after?: readonly string[];
  /**
   * Registers the area's routes (and, through fastify-plugin, any decoration other modules use). Runs after every
   * shared plugin: sessions, CSRF, the auth guard, the mailer, realtime and OpenAPI.
   */
  register: FastifyPluginAsync;
  /**
   * The translations of the messages the area answers with (lib/messages.ts `translationsOf`), which `app.translate`
   * and the error handler use for a request in another language than English.
   */
  messages?: MessageTranslations;
  /**
   * Adds the area's demo data (`npm start` on an empty database, never in production), after the demo accounts
   * and after the modules in `after`. Real-looking names and figures: the demo is what people judge the portal by.
   */
  seedDemo?: (pool: pg.Pool, services: DemoSeedServices) => Promise<void>;
}

export function defineModule(module: PortalModule): PortalModule {
  return module;
}

/**
 * Orders modules so each comes after those it names in `after` (then by name, so the order never depends on the
 * file system's). Throws on an unknown name or a cycle: a mistake to see at start, not at the first request.
 */
export function orderModules(modules: readonly PortalModule[]): PortalModule[] {
  const byName = new Map<string, PortalModule>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new Error(`Two modules are named '${module.name}'.`);
    byName.set(module.name, module);
  }
  const ordered: PortalModule[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (module: PortalModule, path: string[]) => {
    const seen = state.get(module.name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw new Error(`Modules depend on each other in a cycle: ${[...path, module.name].join(' → ')}.`);
    state.set(module.name, 'visiting');
    for (const name of [...(module.after ?? [])].sort()) {
      const dependency = byName.get(name);
      if (!dependency) throw new Error(`Module '${module.name}' comes after '${name}', which does not exist.`);
      visit(dependency, [...path, module.name]);
    }
    state.set(module.name, 'done');
    ordered.push(module);
  };
  for (const module of [...modules].sort((a, b) => a.name.localeCompare(b.name))) visit(module, []);
  return ordered;
}
