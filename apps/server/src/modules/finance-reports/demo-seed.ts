import type pg from 'pg';
import { DEMO_AGENTS } from '../../db/seeds/demo-identities.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import type { DemoSeedServices } from '../../kit/portal-module.ts';
import { createFinanceReports } from './finance-reports.ts';

/**
 * Harbor's finance reports, as the monthly run and its members would have left them: the statements of the last three
 * months and last year for each of its currencies, written as the job writes them (files, hashes), the October AED
 * one asked for again (a version 2). Nobody is told (they are history).
 */
export async function seedDemoFinanceReports(pool: pg.Pool, services: Pick<DemoSeedServices, 'storage'>): Promise<void> {
  const existing = await pool.query('SELECT 1 FROM finance_reports LIMIT 1');
  if (existing.rowCount) return;
  const reports = createFinanceReports({ jobs: { send: async () => null }, storage: services.storage, notifications: { notify: async () => [] } });
  const { rows: agents } = await pool.query<{ id: number }>('SELECT id FROM referral_agents WHERE name = $1', [DEMO_AGENTS.main]);
  const agentId = agents[0]?.id;
  if (agentId === undefined) return;
  const { rows: currencies } = await pool.query<{ currency: string }>('SELECT DISTINCT currency FROM commission_lines WHERE referral_agent_id = $1 ORDER BY 1', [agentId]);
  const today = new Date();
  const months = [3, 2, 1].map((back) => utcDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1))).slice(0, 7));
  const periods: { kind: 'monthly' | 'yearly'; period: string }[] = [{ kind: 'yearly', period: String(today.getUTCFullYear() - 1) }, ...months.map((period) => ({ kind: 'monthly' as const, period }))];
  for (const { kind, period } of periods) {
    for (const { currency } of currencies) {
      const versions = kind === 'monthly' && period === months[1] && currency === 'AED' ? 2 : 1;
      for (let version = 1; version <= versions; version += 1) {
        const { rows } = await pool.query<{ id: string }>(
          `INSERT INTO finance_reports (referral_agent_id, kind, period, currency, version, created_at) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
          [agentId, kind, period, currency, version],
        );
        await reports.write(pool, Number(rows[0]!.id));
      }
    }
  }
}

