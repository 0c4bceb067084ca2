/**
 * How an area puts its pages in the app without editing a central table: each feature has one
 * `features/<area>/<area>-routes.tsx` exporting `areaRoutes` (an AreaRoutes), and app/ collects every such file
 * (`import.meta.glob` in app/areas.ts). Pages stay lazy (`page()`), so a declaration costs the sign-in page a few
 * hundred bytes, not the page's code.
 *
 * This lives in lib/ because both sides need it: the features declare, the app collects, and features never
 * import app/.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** Sidebar groups, in the order they show; a group shows only when it has an entry. */
export const NAVIGATION_GROUPS = ['Overview', 'My Referrals'] as const;
export type NavigationGroup = (typeof NAVIGATION_GROUPS)[number];

export interface NavigationEntry {
  group: NavigationGroup;
  label: string;
  /** The route's path; the entry is highlighted on it and on the pages below it. */
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean | 'true' | 'false' }>;
  /**
   * Its place within the group, lower first. Entries without one follow, in the order of their areas' folder
   * names: give one whenever the product cares about the order.
   */
  order?: number;
}

/** What one area declares. Paths are relative to `/` ('bookings', or `index: true` for `/`). */
export interface AreaRoutes {
  /** Open to anyone (spec §2's public routes). */
  public?: RouteObject[];
  /** Need a signed-in user; shown inside the base layout (sidebar, header). Most pages belong here. */
  signedIn?: RouteObject[];
  /** Need a signed-in user but show without the base layout (/update-password). */
  signedInWithoutLayout?: RouteObject[];
  /** The area's sidebar entries; each must lead to a route (router.test.tsx checks). */
  navigation?: NavigationEntry[];
}

/** `lazy` for a route whose page is the named export `name` of the module `load` imports. */
export function page<Module extends Record<string, unknown>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] as ComponentType });
}
