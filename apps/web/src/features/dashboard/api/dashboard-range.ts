import { useCallback, useMemo } from 'react';
import { dashboardRangeQuerySchema, type DashboardRangeKind, type DashboardRangeQuery } from '@portal/contracts/dashboard';
import { useUrlListParams } from '../../../lib/use-url-list-params';

/**
 * The dashboard's range, kept in the URL so a reload or a shared link shows the same figures: nothing for the
 * default (the last 30 days), `?range=90d`, `?range=ytd` or `?range=custom&from=2026-11-01&to=2026-11-30`. Read
 * through the contract the server validates with, so a hand-edited link the server would refuse (a custom range
 * without its end, one longer than the limit) falls back to the default rather than failing every card.
 */
export function useDashboardRange() {
  // No debounce: every change is one deliberate click (a segment, the widget's Apply).
  const { params, set } = useUrlListParams(dashboardRangeQuerySchema, { debounceMs: 0 });
  const range = useMemo<DashboardRangeQuery>(
    () => (params.range === 'custom' ? { range: 'custom', from: params.from, to: params.to } : { range: params.range }),
    [params.range, params.from, params.to],
  );
  const choose = useCallback((kind: Exclude<DashboardRangeKind, 'custom'>) => set({ range: kind, from: null, to: null }), [set]);
  const chooseCustom = useCallback((from: string, to: string) => set({ range: 'custom', from, to }), [set]);
  return { range, choose, chooseCustom };
}

/** Whether the server would take this custom range: the contract's own rules (order, at most the longest span). */
export function customRangeAccepted(from: string, to: string): boolean {
  return dashboardRangeQuerySchema.safeParse({ range: 'custom', from, to }).success;
}
