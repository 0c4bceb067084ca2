import { COMMISSION_STATUSES, type EarningsMonthly } from '@portal/contracts/earnings';
import type { Queryable } from '../../db/queryable.ts';
import { currenciesOf, monthlyAmounts, type LineScope } from './repository.ts';

/** How many series a facility or service chart shows; the rest are summed as "other" (key 'other'). */
const MAX_SERIES = 6;

/** The last `count` months up to `now`'s, oldest first ('2026-06' … '2026-11'). */
export function monthsUpTo(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * The My earnings chart: one currency (never a sum of several), each month of the range, one series per status
 * (reversed left out: it was never owed) or per facility or service (the largest six, then "other").
 */
export async function monthlyChart(
  db: Queryable,
  scope: LineScope,
  query: { months?: number; group?: 'status' | 'facility' | 'service'; currency?: string },
  now: Date,
): Promise<EarningsMonthly> {
  const months = monthsUpTo(now, query.months ?? 12);
  const group = query.group ?? 'status';
  const currencies = await currenciesOf(db, scope);
  const currency = query.currency ?? currencies[0] ?? null;
  if (currency === null) return { months, currencies, currency, group, series: [] };
  const amounts = await monthlyAmounts(db, scope, { fromDay: `${months[0]}-01`, currency, group });
  const index = new Map(months.map((month, position) => [month, position]));
  const series = new Map<string, { key: string; label: string; amounts_minor: number[]; total: number }>();
  if (group === 'status') {
    for (const status of COMMISSION_STATUSES.filter((status) => status !== 'reversed')) series.set(status, { key: status, label: status, amounts_minor: months.map(() => 0), total: 0 });
  }
  for (const row of amounts) {
    const position = index.get(row.month);
    if (position === undefined) continue;
    const entry = series.get(row.key) ?? series.set(row.key, { key: row.key, label: row.label, amounts_minor: months.map(() => 0), total: 0 }).get(row.key)!;
    entry.amounts_minor[position]! += row.amount_minor;
    entry.total += row.amount_minor;
  }
  let ordered = [...series.values()];
  if (group !== 'status') {
    ordered.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
    if (ordered.length > MAX_SERIES) {
      const rest = ordered.slice(MAX_SERIES - 1);
      const other = { key: 'other', label: 'other', amounts_minor: months.map((_, position) => rest.reduce((sum, entry) => sum + entry.amounts_minor[position]!, 0)), total: 0 };
      ordered = [...ordered.slice(0, MAX_SERIES - 1), other];
    }
  }
  return { months, currencies, currency, group, series: ordered.map(({ key, label, amounts_minor }) => ({ key, label, amounts_minor })) };
}
