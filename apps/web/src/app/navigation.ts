/**
 * The sidebar, grouped by area. Only pages that exist belong here (a test checks every entry against the route
 * table): when an area lands, its engineer adds ONE line below, next to its ONE line in routes.tsx, e.g.
 *
 *   { group: 'My Referrals', label: 'Bookings', to: '/bookings', icon: IconCalendarEvent },
 *
 * Groups show in the order of NAVIGATION_GROUPS, and only when they have an entry.
 */
import type { ComponentType } from 'react';
import { IconBell, IconCalendarEvent, IconLayoutDashboard } from '@tabler/icons-react';
import { ROUTES } from './paths';

export const NAVIGATION_GROUPS = ['Overview', 'My Referrals'] as const;
export type NavigationGroup = (typeof NAVIGATION_GROUPS)[number];

export interface NavigationEntry {
  group: NavigationGroup;
  label: string;
  /** The route's path; the entry is highlighted on it and on the pages below it. */
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean | 'true' | 'false' }>;
}

export const NAVIGATION: NavigationEntry[] = [
  { group: 'Overview', label: 'Dashboard', to: ROUTES.Dashboard, icon: IconLayoutDashboard },
  { group: 'Overview', label: 'Notifications', to: '/notifications', icon: IconBell },
  { group: 'My Referrals', label: 'Bookings', to: '/bookings', icon: IconCalendarEvent },
];

/** The groups that have entries, in order, each with its entries. */
export function navigationSections(entries: readonly NavigationEntry[] = NAVIGATION) {
  return NAVIGATION_GROUPS.map((group) => ({ group, entries: entries.filter((entry) => entry.group === group) })).filter(
    (section) => section.entries.length > 0,
  );
}

/** `/` is active only on itself; other entries also on their sub-pages (/bookings/12). */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
