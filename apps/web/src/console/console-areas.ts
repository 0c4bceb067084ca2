/**
 * The console's pages, declared by their areas: each `console/<area>/<area>-console.tsx` exports `consoleArea` (its
 * catalogue, routes and sidebar entries), found at build time as the portal's areas are (app/areas.ts). Adding a
 * console page adds its folder and edits nothing here, in console-routes.tsx, in the sidebar or in a shared
 * catalogue. Each route names the permission of the role map its endpoints declare: the route table wraps the page
 * in RequirePermission with it, and the sidebar shows the entry only to the roles that hold it.
 */
import type { ComponentType } from 'react';
import type { OperatorPermission } from '@portal/contracts/operator-permissions';
import type { AreaMessages } from '../i18n/i18n';

export interface ConsoleAreaRoute {
  /** Relative to the console's base ('agents', 'agents/:id'). */
  path: string;
  /** A key of the area's catalogue: the document title and what is announced when the page opens. */
  title: string;
  /** What the operator's role must hold to open the page (the server checks it again on every endpoint). */
  permission: OperatorPermission;
  /** The page, a lazy chunk: `page(() => import('./agents-page'), 'AgentsPage')` (lib/area-routes.ts). */
  lazy: () => Promise<{ Component: ComponentType }>;
}

export interface ConsoleAreaNavigationEntry {
  /** A key of the area's catalogue. */
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean | 'true' | 'false' }>;
  /** The permission the page needs: the entry shows only to roles that hold it. */
  permission: OperatorPermission;
  /** Its place in the sidebar, lower first (Overview is 0). */
  order: number;
}

/** A page for someone not signed in (beside the sign-in page), such as an invitation's link. */
export type ConsoleAreaPublicRoute = Omit<ConsoleAreaRoute, 'permission'>;

export interface ConsoleArea {
  /** The area's texts (`defineMessages('console-<area>', …)` in its folder); titles and labels are its keys. */
  messages: AreaMessages;
  routes: ConsoleAreaRoute[];
  /** Pages outside the signed-in frame, open to anyone (their endpoints are public console routes). Rare. */
  publicRoutes?: ConsoleAreaPublicRoute[];
  navigation?: ConsoleAreaNavigationEntry[];
}

const declarations = import.meta.glob<ConsoleArea | undefined>('./*/*-console.tsx', { eager: true, import: 'consoleArea' });

/** The declarations in the order of their file paths; a file without `consoleArea` throws. */
export function collectConsoleAreas(modules: Record<string, ConsoleArea | undefined>): ConsoleArea[] {
  return Object.keys(modules)
    .sort()
    .map((file) => {
      const area = modules[file];
      if (!area) throw new Error(`${file} must export \`consoleArea\` (see console/console-areas.ts).`);
      return area;
    });
}

export const CONSOLE_AREAS: readonly ConsoleArea[] = collectConsoleAreas(declarations);
