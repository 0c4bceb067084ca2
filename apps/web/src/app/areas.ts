/**
 * Every area's declaration (`features/<area>/<area>-routes.tsx`, exporting `areaRoutes`), found at build time:
 * adding an area adds its file and edits nothing here, in routes.tsx or in navigation.ts. The declarations are
 * small and loaded eagerly; the pages they name stay lazy chunks.
 */
import type { AreaRoutes } from '../lib/area-routes';

const declarations = import.meta.glob<AreaRoutes | undefined>('../features/*/*-routes.tsx', {
  eager: true,
  import: 'areaRoutes',
});

/** The declarations, in the order of their file paths (so by area folder name); a file without `areaRoutes` throws. */
export function collectAreas(modules: Record<string, AreaRoutes | undefined>): AreaRoutes[] {
  return Object.keys(modules)
    .sort()
    .map((file) => {
      const area = modules[file];
      if (!area) throw new Error(`${file} must export \`areaRoutes\` (see lib/area-routes.ts).`);
      return area;
    });
}

export const AREAS: readonly AreaRoutes[] = collectAreas(declarations);
