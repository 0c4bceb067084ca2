/**
 * The dashboard's one mechanism for cards (docs/dashboard.md, "Adding a card"): an area declares its cards in its
 * `areaRoutes.dashboardCards`; the app collects them (app/layout/app-layout.tsx) and the dashboard page lays out those
 * the member's role may see, in their order, each loading on its own. A card reads its figures with
 * `useDashboardCard(id, range)` and is refreshed live when a notification of a type it names arrives.
 *
 * In lib/ because both sides need it: the features declare and draw, the app collects, and features never import
 * app/ or each other.
 */
import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_SCHEMAS, RANGED_DASHBOARD_CARDS, dashboardCardUrl, type DashboardCardData, type DashboardCardId, type DashboardRangeQuery } from '@portal/contracts/dashboard';
import type { PartnerPermission } from '@portal/contracts/partner-roles';
import { http } from './http';

/** What a card is given: the range the dashboard's URL names (the server resolves it). */
export interface DashboardCardProps {
  range: DashboardRangeQuery;
}

export interface DashboardCardDeclaration {
  /** Unique on the dashboard. */
  id: string;
  /** Its place, lower first (the figures 10, the chart 20, the lists 30 and on: leave room between areas). */
  order: number;
  /** Its width on a wide screen: the whole row, or half of it (always the whole row on a phone). */
  span: 'full' | 'half';
  /** The permission the member's role needs; the card is not drawn (and not asked for) without it. */
  permission?: PartnerPermission;
  /** Notification types whose arrival means the card's figures changed: it reloads then, and on a reconnection. */
  refreshOn: readonly string[];
  /** The first element of the query keys the card reads (its URLs): what a refresh reloads. */
  queryKeys: readonly string[];
  component: ComponentType<DashboardCardProps> | LazyExoticComponent<ComponentType<DashboardCardProps>>;
}

export const DashboardCardsContext = createContext<readonly DashboardCardDeclaration[]>([]);

/** Every area's cards, as the app collected them. */
export function useDashboardCards(): readonly DashboardCardDeclaration[] {
  return useContext(DashboardCardsContext);
}

/** Only what the server reads: an empty custom bound is not sent. */
export function rangeParams(range: DashboardRangeQuery): Record<string, string> {
  return range.range === 'custom' ? { range: 'custom', ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) } : { range: range.range };
}

/**
 * A server-computed card's figures for the range (`GET /api/dashboard/cards/<id>`), parsed with its contract. A card
 * whose figures do not depend on the range (RANGED_DASHBOARD_CARDS leaves it out: the actions, due now) is asked
 * without it, so choosing a range does not ask it again.
 */
export function useDashboardCard<Id extends DashboardCardId>(id: Id, range?: DashboardRangeQuery) {
  const params = range && RANGED_DASHBOARD_CARDS.includes(id) ? rangeParams(range) : {};
  const url = dashboardCardUrl(id);
  return useQuery({
    queryKey: [url, params],
    queryFn: ({ signal }) => http.get(url, { schema: DASHBOARD_CARD_SCHEMAS[id], query: params, signal }) as Promise<DashboardCardData<Id>>,
    // A new range keeps the old figures on screen (dimmed by the card) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
