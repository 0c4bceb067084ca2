/**
 * The sidebar, grouped by area. Each area lists its entries in its own `features/<area>/<area>-routes.tsx`
 * (`navigation`, next to the routes they lead to; a test checks every entry against the route table), so adding
 * one edits nothing here. Groups show in the order of NAVIGATION_GROUPS, and only when they have an entry.
 */
import { NAVIGATION_GROUPS, type NavigationEntry } from '../lib/area-routes';
import { AREAS } from './areas';

export type { NavigationEntry } from '../lib/area-routes';

/** Entries with an `order` first, lowest first; the others keep the order they came in (the areas' order). */
export function sortNavigation<Entry extends NavigationEntry>(entries: readonly Entry[]): Entry[] {
  const rank = (entry: Entry) => entry.order ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable: equal ranks keep their order.
  return [...entries].sort((a, b) => (rank(a) === rank(b) ? 0 : rank(a) - rank(b)));
}

/** An entry with the namespace of its area's catalogue, where its label is a key. */
export interface PlacedNavigationEntry extends NavigationEntry {
  namespace: string;
}

export const NAVIGATION: PlacedNavigationEntry[] = sortNavigation(
  AREAS.flatMap((area) => (area.navigation ?? []).map((entry) => ({ ...entry, namespace: area.messages?.namespace ?? 'shared' }))),
);

/** The groups that have entries, in order, each with its entries. */
export function navigationSections<Entry extends NavigationEntry = PlacedNavigationEntry>(
  entries: readonly Entry[] = NAVIGATION as unknown as readonly Entry[],
) {
  return NAVIGATION_GROUPS.map((group) => ({ group, entries: entries.filter((entry) => entry.group === group) })).filter(
    (section) => section.entries.length > 0,
  );
}

/** `/` is active only on itself; other entries also on their sub-pages (/bookings/12). */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
