import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import type { Ledger } from '../apps/server/src/modules/commission-ledger/public.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPartner } from '../apps/server/src/test/factories.ts';
import type { BenchDatabase } from './bookings-bench.ts';

/**
 * Pricing bench (issue 31, item 9): 10,000 bookings completed at once (the hourly sweep's case after a bulk import,
 * or the CLI's), priced by the real app's ledger (`app.ledger.sweep`: set-based batches of 1,000, each booking
 * resolved on its own pricing day with tier history, lines written with one INSERT a batch, partners told). Timed from
 * the call to its return; every booking must have its line. Target: under 60 s, on each database.
 *
 * The data: 100 agents (half of them Gold since 2024, with tier history), 20 facilities billing in AED, JPY, KWD and
 * EUR (0, 2 and 3 decimals) with a 10 % row each and a 12 % row for Gold, 5 services, and 10,000 completed bookings
 * created over the last 300 days. A fresh database each run: `portal_bench_pricing` on PostgreSQL (127.0.0.1:5432,
 * dropped and created), an in-memory PGlite for the embedded one.
 *
 * Run alone: `npx tsx bench/pricing-bench.ts [postgres|embedded|both]`, or `npm run bench -- --only pricing`.
 */

export const PRICING_TARGET_SECONDS = 60;
const COMPLETIONS = 10_000;
const AGENTS = 100;
const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const POSTGRES_PRICING_URL = 'postgres://postgres@127.0.0.1:5432/portal_bench_pricing';

export interface PricingBenchResult {
  database: BenchDatabase;
  completions: number;
  lines: number;
  seconds: number;
  perSecond: number;
  targetSeconds: number;
}

async function freshDatabase(database: BenchDatabase): Promise<Database> {
  if (database === 'embedded') return openDatabase({ embeddedDataDir: 'memory://' });
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS portal_bench_pricing WITH (FORCE)');
  await admin.query('CREATE DATABASE portal_bench_pricing');
  await admin.end();
  return openDatabase({ url: POSTGRES_PRICING_URL });
}

/** The programme and 10,000 completed bookings without their lines, written set-based. */
async function seed(pool: pg.Pool): Promise<void> {
  const agents: number[] = [];
  for (let index = 0; index < AGENTS; index += 1) agents.push((await createPartner(pool, { email: `pricing-bench-${index}@example.test` })).referralAgentId);
  const gold = (await pool.query<{ id: number }>(`INSERT INTO partner_tiers (slug, name, name_ar, rank) VALUES ('bench-gold', 'Gold', 'ذهبي', 50) RETURNING id`)).rows[0]!.id;
  const silver = (await pool.query<{ id: number }>(`INSERT INTO partner_tiers (slug, name, name_ar, rank) VALUES ('bench-silver', 'Silver', 'فضي', 49) RETURNING id`)).rows[0]!.id;
  await pool.query(
    `INSERT INTO agent_tiers (referral_agent_id, tier_id, since) SELECT a, CASE WHEN n % 2 = 0 THEN $2::int ELSE $3::int END, '2024-01-01' FROM unnest($1::int[]) WITH ORDINALITY AS t(a, n)`,
    [agents, gold, silver],
  );
  await pool.query(
    `INSERT INTO agent_tier_history (referral_agent_id, from_tier_id, to_tier_id, kind, automatic, effective_at)
     SELECT a, NULL, $3::int, 'initial', true, '2023-01-01'::timestamptz FROM unnest($1::int[]) AS a
     UNION ALL
     SELECT a, $3::int, $2::int, 'promotion', true, '2024-01-01'::timestamptz FROM unnest($1::int[]) WITH ORDINALITY AS t(a, n) WHERE n % 2 = 0`,
    [agents, gold, silver],
  );
  await pool.query(
    `INSERT INTO facilities (name, slug, country, city, currency)
     SELECT 'Pricing Bench Clinic ' || n, 'pricing-bench-' || n, 'AE', 'Dubai', (ARRAY['AED', 'JPY', 'KWD', 'EUR'])[1 + n % 4] FROM generate_series(1, 20) AS n`,
  );
  await pool.query(`INSERT INTO facility_locations (facility_id, name, city, country) SELECT id, 'Main campus', 'Dubai', 'AE' FROM facilities WHERE slug LIKE 'pricing-bench-%'`);
  await pool.query(`INSERT INTO services (name) SELECT 'Pricing Bench Service ' || n FROM generate_series(1, 5) AS n`);
  await pool.query(
    `INSERT INTO facility_service_details (facility_id, service_id, price, currency)
     SELECT f.id, s.id, 100, f.currency FROM facilities f CROSS JOIN services s WHERE f.slug LIKE 'pricing-bench-%' AND s.name LIKE 'Pricing Bench Service %'`,
  );
  await pool.query(
    `INSERT INTO commission_rates (facility_id, tier_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
     SELECT f.id, t.tier, 'percentage', CASE WHEN t.tier IS NULL THEN 1000 ELSE 1200 END, f.currency, 'The treatment price', 'سعر العلاج', 30, '2020-01-01'
       FROM facilities f CROSS JOIN (VALUES (NULL::int), ($1::int)) AS t(tier) WHERE f.slug LIKE 'pricing-bench-%'`,
    [gold],
  );
  await pool.query(`INSERT INTO clients (referral_agent_id, name) SELECT a, 'Bench Patient ' || a FROM unnest($1::int[]) AS a`, [agents]);
  await pool.query(
    `WITH details AS (SELECT row_number() OVER (ORDER BY d.id) - 1 AS slot, d.id, d.facility_id, d.currency FROM facility_service_details d JOIN facilities f ON f.id = d.facility_id WHERE f.slug LIKE 'pricing-bench-%'),
          planned AS (
            SELECT n, ($1::int[])[1 + n % $2] AS agent, date_trunc('hour', now()) - make_interval(days => 1 + n % 300) AS treated
              FROM generate_series(1, $3::int) AS n)
     INSERT INTO bookings (ticket_id, date_time, created_at, client_id, facility_id, facility_service_detail_id, status, invoice_status, amount, currency, referral_agent_id)
     SELECT 'PB' || p.n, p.treated, p.treated - interval '12 days', c.id, d.facility_id, d.id,
            'completed', 'paid', CASE d.currency WHEN 'JPY' THEN 150000 WHEN 'KWD' THEN 125.5 ELSE 1500.5 END, d.currency, p.agent
       FROM planned p JOIN details d ON d.slot = p.n % 100 JOIN clients c ON c.referral_agent_id = p.agent`,
    [agents, AGENTS, COMPLETIONS],
  );
  await pool.query(
    `INSERT INTO booking_status_history (booking_id, from_status, to_status, actor_type, actor_id)
     SELECT id, 'confirmed', 'completed', 'system', NULL FROM bookings WHERE ticket_id LIKE 'PB%'`,
  );
}

export async function runPricingBench(options: { database: BenchDatabase; log?: (line: string) => void }): Promise<PricingBenchResult> {
  const log = options.log ?? (() => {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pricing-bench-'));
  const database = await freshDatabase(options.database);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_KEY: 'pricing-bench-key-0123456789abcdefghijklmnopqrstuvwxyz', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOB_WORKERS: 'false' });
  try {
    await migrate(database.pool);
    const app = await buildApp({ config, database, logger: false, webDistDir: path.join(dataDir, 'no-web-build') });
    await app.ready();
    try {
      log(`  seeding ${COMPLETIONS.toLocaleString('en')} completed bookings of ${AGENTS} agents…`);
      await seed(database.pool);
      const started = performance.now();
      // The earnings module decorates the app with its ledger (`app.ledger`); its type lives with the module.
      const { ledger } = app as unknown as { ledger: Ledger };
      const lines = await ledger.sweep(database.pool);
      const seconds = (performance.now() - started) / 1000;
      const { rows } = await database.pool.query<{ count: string }>(`SELECT count(*) FROM commission_lines WHERE kind = 'commission'`);
      return { database: options.database, completions: COMPLETIONS, lines: Number(rows[0]!.count), seconds, perSecond: lines / seconds, targetSeconds: PRICING_TARGET_SECONDS };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printPricingBench(result: PricingBenchResult): void {
  const verdict = result.seconds < result.targetSeconds && result.lines === result.completions ? 'meets' : 'MISSES';
  console.log(`  ${result.completions.toLocaleString('en')} completions priced into ${result.lines.toLocaleString('en')} lines in ${result.seconds.toFixed(1)} s (${result.perSecond.toFixed(0)} a second): ${verdict} < ${result.targetSeconds} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv[2] ?? 'both';
  const databases: BenchDatabase[] = which === 'both' ? ['postgres', 'embedded'] : [which as BenchDatabase];
  for (const database of databases) {
    console.log(`\n== Pricing 10,000 completions on ${database === 'postgres' ? 'PostgreSQL' : 'the embedded database'} ==`);
    printPricingBench(await runPricingBench({ database, log: (line) => console.log(line) }));
  }
}
