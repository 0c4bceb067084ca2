/**
 * How an area puts its pages in the app without editing a central table: each feature has one
 * `features/<area>/<area>-routes.tsx` exporting `areaRoutes` (an AreaRoutes), and app/ collects every such file
 * (`import.meta.glob` in app/areas.ts). Pages stay lazy (`page()`), so a declaration costs the sign-in page a few
 * hundred bytes, not the page's code.
 *
 * This lives in lib/ because both sides need it: the features declare, the app collects, and features never
 * import app/.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import type { PartnerPermission } from '@portal/contracts/partner-roles';
import type { AreaMessages } from '../i18n/i18n';
import type { DashboardCardDeclaration } from './dashboard-cards';

/** Sidebar groups, in the order they show; a group shows only when it has an entry (named in the shared catalogue). */
export const NAVIGATION_GROUPS = ['Overview', 'My Referrals', 'Earnings', 'Programme', 'Account'] as const;
export type NavigationGroup = (typeof NAVIGATION_GROUPS)[number];

export interface NavigationEntry {
  group: NavigationGroup;
  /** A key of the area's catalogue (`AreaRoutes.messages`): the entry reads in the reader's language. */
  label: string;
  /** The route's path; the entry is highlighted on it and on the pages below it. */
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean | 'true' | 'false' }>;
  /**
   * Its place within the group, lower first. Entries without one follow, in the order of their areas' folder
   * names: give one whenever the product cares about the order.
   */
  order?: number;
  /** The permission the member's role needs (packages/contracts/src/partner-roles.ts); shown to everyone when absent. */
  permission?: PartnerPermission;
}

/**
 * What a page's route tells the app shell (react-router's `handle`). `title` names the page: the document title
 * ("Bookings · Partner Portal", one per page so a tab, the history and a screen reader tell pages apart) and what
 * is announced when the page opens. Like the navigation labels, it is a key of the area's catalogue (`messages`);
 * an area without a catalogue yet gives the English text itself.
 */
export interface RouteHandle {
  title: string;
  /** Set by the app when it collects the routes (app/routes.tsx): the catalogue `title` is a key of. */
  namespace?: string;
  /**
   * The permission the member's role needs to open the page (packages/contracts/src/partner-roles.ts). Without it the
   * route guard sends them to the dashboard; the server refuses the page's data anyway (403).
   */
  permission?: PartnerPermission;
}

/** A route an area declares: it must name its page (`handle.title`). */
export type AreaRoute = RouteObject & { handle: RouteHandle };

/** The handle of a route, when it has one with a title (react-router types `handle` as unknown). */
export function routeHandle(handle: unknown): RouteHandle | null {
  if (typeof handle !== 'object' || handle === null) return null;
  const { title, namespace, permission } = handle as Partial<RouteHandle>;
  return typeof title === 'string' ? { title, namespace, permission } : null;
}

/** What one area declares. Paths are relative to `/` ('bookings', or `index: true` for `/`). */
export interface AreaRoutes {
  /**
   * The area's texts (`defineMessages` in the area's folder). Required with `navigation`, whose labels are its keys;
   * importing it here is also what declares the catalogue before any page of the area renders.
   */
  messages?: AreaMessages;
  /** Open to anyone (spec §2's public routes). */
  public?: AreaRoute[];
  /** Need a signed-in user; shown inside the base layout (sidebar, header). Most pages belong here. */
  signedIn?: AreaRoute[];
  /** Need a signed-in user but show without the base layout. */
  signedInWithoutLayout?: AreaRoute[];
  /** The area's sidebar entries; each must lead to a route (router.test.tsx checks). */
  navigation?: NavigationEntry[];
  /**
   * Notices shown above every page of the base layout (an agreement awaiting an owner's signature): each renders
   * nothing when it has nothing to say, and decides itself whom it concerns.
   */
  notices?: (ComponentType | LazyExoticComponent<ComponentType>)[];
  /** The area's cards on the dashboard (lib/dashboard-cards.tsx): the page lays out every area's in their order. */
  dashboardCards?: DashboardCardDeclaration[];
}

/** `lazy` for a route whose page is the named export `name` of the module `load` imports. */
export function page<Module extends Record<string, unknown>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** `load`, resolved once the area's English catalogue is in as well (i18n.ts, `LazyEnglish`). */
export function withMessages<Loaded>(load: () => Promise<Loaded>, { ready }: AreaMessages): () => Promise<Loaded> {
  return ready ? async () => (await Promise.all([load(), ready()]))[0] : load;
}

/**
 * A component of an area drawn outside its pages (a dashboard card, a notice): a lazy chunk, drawn once it and the
 * area's texts are in (`lazyAreaComponent(messages, () => import('./cards/actions-card'), 'ActionsCard')`).
 */
export function lazyAreaComponent<Module extends Record<string, unknown>, Name extends keyof Module & string, Props extends object>(
  messages: AreaMessages,
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(withMessages(async () => ({ default: (await load())[name] as ComponentType<Props> }), messages));
}
