import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { z } from 'zod';
import { bookingKpisSchema, dashboardCardUrl, earningsKpisSchema } from '@portal/contracts/dashboard';
import { EARNINGS_SUMMARY_URL, earningsSummarySchema } from '@portal/contracts/earnings';
import { financeReportFileUrl, financeReportsEndpoint, type FinanceReport } from '@portal/contracts/finance-reports';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { ensureBenchLedger, type BenchLedgerInfo } from '../apps/server/src/db/seeds/bench-ledger.ts';
import { BENCH_GROUP_SLUG, ensureBenchMember, findBench, seedBench, type BenchInfo } from '../apps/server/src/db/seeds/bench-seed.ts';
import { Session, startServer, type BenchDatabase } from './bookings-bench.ts';
import { median, percentile } from './stats.ts';

/**
 * Earnings benchmark (issue 16): at 1,000,000 bookings, for the agent with 100,000 of them, through the whole HTTP
 * stack of a real server process (bookings-bench's, one process per core on PostgreSQL) with a signed-in session:
 *
 * 1. latency of the earnings summary (GET /api/earnings/summary) and the dashboard's cards (GET
 *    /api/dashboard/cards/booking-kpis and /earnings-kpis, default range 30d, and ?range=ytd as extra rows) against the
 *    bookings list's page 1 measured in the same run and rounds: sequential requests, 3 rounds of 200 after a warm-up
 *    of 20, the cases in a turning order each round; the median of the rounds' p50 and p99 is quoted. Target: each
 *    p99 within 2× of the bookings list's. A card answering 404 is "not available" (not built yet), not a failure;
 * 2. the ledger of the bench: a commission line for each of the ~711,000 completed bookings, payouts, reversals and
 *    clawbacks (apps/server/src/db/seeds/bench-ledger.ts), built once set-based in SQL and reused by later runs;
 *    the seconds the build took are reported (those of the run that built it). Target: ≤ 300 s.
 *    BENCH_LEDGER_REBUILD=1 (or run.ts --rebuild-ledger) removes it and builds it again, to measure it again;
 * 3. a yearly statement (finance report) of the agent for its busiest currency and last full year: POST
 *    /api/finance-reports, poll the list until the job (in the server's processes) has written it, download its PDF;
 *    wall time from the request to the last byte, and the server processes' peak RSS growth over the run (their
 *    /proc/<pid>/status VmRSS summed every 25 ms). 3 runs (each a new version of the report); the median time and
 *    the largest growth are held against the targets: ≤ 10 s, < 150 MB.
 *
 * Databases: PostgreSQL (portal_bench on 127.0.0.1:5432, as bookings-bench) and the embedded PGlite of data/bench-pglite,
 * both prepared as bookings-bench prepares them (seeded once, then the ledger once). PostgreSQL is the one measured for
 * the issue (docs/bench-earnings.md). On the embedded database the ledger's SQL has been run at a small size only (50
 * agents, 20,000 bookings: 4 s); its first build at full size is one large PGlite transaction of several minutes.
 *
 * Run alone: `npx tsx bench/earnings-bench.ts [postgres|embedded|both]`, or `npm run bench -- --only earnings`.
 */

export interface EarningsBenchOptions {
  database: BenchDatabase;
  /** rounds of every case; the quoted p50/p99 are the medians of the rounds' */
  rounds?: number;
  /** measured sequential requests per case and round (after the warm-up) */
  requests?: number;
  warmup?: number;
  /** statement runs (each writes a new version of the report) */
  statementRuns?: number;
  /** remove the bench's ledger and build it again (to measure the build) */
  rebuildLedger?: boolean;
  skipStatement?: boolean;
  log?: (line: string) => void;
}

export interface EarningsCaseResult {
  key: string;
  name: string;
  url: string;
  /** held against the target (p99 ≤ 2× the bookings list's page 1); the others are shown for information */
  targeted: boolean;
  /** false when the endpoint answered 404 (not built yet) or failed: `note` says which */
  available: boolean;
  note: string | null;
  /** the first answer's shape against its contract (null: no contract checked, or not available) */
  contractOk: boolean | null;
  firstMs: number;
  /** medians over the rounds */
  p50Ms: number;
  p99Ms: number;
  /** the slowest request of all rounds */
  maxMs: number;
  rounds: { p50Ms: number; p99Ms: number }[];
  requests: number;
  /** p99 ÷ the bookings list page 1's p99 (null for the reference itself or when not available) */
  ratio: number | null;
}

export interface StatementRun {
  reportId: number;
  version: number;
  /** from the POST to the last byte of the PDF */
  seconds: number;
  /** from the POST to the first poll that saw it ready */
  readySeconds: number;
  /** of which the job waited in the queue (created_at → generated_at, the job's start, both the server's clock) */
  queueSeconds: number;
  downloadMs: number;
  bytes: number;
  pages: number;
  peakRssGrowthMb: number;
  baselineRssMb: number;
}

export interface StatementResult {
  kind: 'yearly';
  period: string;
  currency: string;
  /** the movements the statement lists (lines earned, reversed, payouts paid in the year and currency) */
  movements: number;
  runs: StatementRun[];
  /** median of the runs */
  seconds: number;
  /** the largest of the runs */
  peakRssGrowthMb: number;
  error: string | null;
}

export interface EarningsBenchResult {
  database: BenchDatabase;
  bench: BenchInfo;
  ledger: BenchLedgerInfo;
  serverStartMs: number;
  rounds: number;
  /** measured requests per case and round */
  requests: number;
  /** the bookings list's page 1 (the reference) first, then the earnings cases */
  cases: EarningsCaseResult[];
  /** the machine's 1-minute load average before and after the latency rounds (the machine may be shared) */
  loadAverage: [number, number];
  statement: StatementResult | null;
  targets: { ratio: number; ledgerSeconds: number; statementSeconds: number; statementGrowthMb: number };
}

export const EARNINGS_TARGETS = { ratio: 2, ledgerSeconds: 300, statementSeconds: 10, statementGrowthMb: 150 };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const POSTGRES_HOST = process.env.BENCH_PG_HOST ?? '127.0.0.1';
const POSTGRES_BENCH_URL = POSTGRES_HOST.startsWith('/')
  ? `postgres://postgres@localhost/portal_bench?host=${encodeURIComponent(POSTGRES_HOST)}`
  : `postgres://postgres@${POSTGRES_HOST}:5432/portal_bench`;
const EMBEDDED_DATA_DIR = path.join(ROOT, 'data', 'bench-pglite');
const BOOKINGS_PAGE_1 = '/api/clients/bookings?team=referral&filter_by=appointment_date&page=1&per_page=10';
const REFERENCE_KEY = 'bookings-page-1';

// ---- database ---------------------------------------------------------------------------------------------

interface Prepared {
  bench: BenchInfo;
  ledger: BenchLedgerInfo;
  statement: { period: string; currency: string; movements: number } | null;
}

/** The bench's bookings and member (as bookings-bench prepares them), then its ledger; and what the statement will cover. */
async function prepareDatabase(database: BenchDatabase, rebuildLedger: boolean, log: (line: string) => void): Promise<Prepared> {
  if (database === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'portal_bench'`);
    if (exists.rowCount === 0) {
      log('creating database portal_bench');
      await admin.query('CREATE DATABASE portal_bench');
    }
    await admin.end();
  } else {
    mkdirSync(EMBEDDED_DATA_DIR, { recursive: true });
  }
  const db =
    database === 'postgres'
      ? await openDatabase({ url: POSTGRES_BENCH_URL, poolSize: 2 })
      : await openDatabase({ embeddedDataDir: path.join(EMBEDDED_DATA_DIR, 'pglite') });
  try {
    const migrateStarted = performance.now();
    const applied = await migrate(db.pool);
    if (applied.length > 0) log(`migrations applied: ${applied.join(', ')} (${((performance.now() - migrateStarted) / 1000).toFixed(1)} s)`);
    let bench = await findBench(db.pool);
    if (!bench || bench.totalBookings < 1_000_000) {
      const agents = await db.pool.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM referral_agents a JOIN referral_groups g ON g.id = a.referral_group_id WHERE g.slug = $1`,
        [BENCH_GROUP_SLUG],
      );
      const reset = (agents.rows[0]?.count ?? 0) > 0 && agents.rows[0]!.count !== 2_000;
      log(`seeding the bench data into the ${database} database (once)${reset ? ', replacing a bench of another size' : ''}…`);
      bench = await seedBench(db.pool, { reset, log: (line) => log(`  ${line}`) });
    }
    // The member first: the lines keep who referred each booking.
    await ensureBenchMember(db.pool, bench, log);
    const ledger = await ensureBenchLedger(db.pool, { groupSlug: BENCH_GROUP_SLUG, largestAgentId: bench.referralAgentId, rebuild: rebuildLedger, log: (line) => log(`  ${line}`) });
    // The dashboard's rollups as they are once autovacuum has been by: one a migration has just backfilled (0026's
    // booking_daily) has neither statistics nor a visibility map yet, and its first minutes are not what is measured.
    for (const table of ['booking_daily', 'commission_daily']) {
      const { rows } = await db.pool.query<{ fresh: boolean }>(
        `SELECT (last_vacuum IS NULL AND last_autovacuum IS NULL) AS fresh FROM pg_stat_user_tables WHERE relname = $1`,
        [table],
      );
      if (!rows[0]?.fresh) continue;
      const started = performance.now();
      await db.pool.query(`VACUUM (ANALYZE) ${table}`);
      log(`VACUUM ANALYZE ${table} (never vacuumed yet): ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    return { bench, ledger, statement: await statementSubject(db.pool, bench.referralAgentId) };
  } finally {
    await db.close();
  }
}

/** Last full year, and the agent's currency with the most lines earned in it; the movements its statement will list. */
async function statementSubject(pool: pg.Pool, agentId: number): Promise<Prepared['statement']> {
  const year = new Date().getUTCFullYear() - 1;
  const [start, end] = [`${year}-01-01`, `${year + 1}-01-01`];
  const busiest = await pool.query<{ currency: string }>(
    `SELECT currency::text AS currency FROM commission_lines WHERE referral_agent_id = $1 AND earned_on >= $2::date AND earned_on < $3::date
      GROUP BY currency ORDER BY count(*) DESC, currency LIMIT 1`,
    [agentId, start, end],
  );
  const currency = busiest.rows[0]?.currency.trim();
  if (!currency) return null;
  const { rows } = await pool.query<{ movements: number }>(
    `SELECT ((SELECT count(*) FROM commission_lines WHERE referral_agent_id = $1 AND currency = $2 AND earned_on >= $3::date AND earned_on < $4::date)
           + (SELECT count(*) FROM commission_lines WHERE referral_agent_id = $1 AND currency = $2 AND status = 'reversed'
                AND (reversed_at AT TIME ZONE 'UTC')::date >= $3::date AND (reversed_at AT TIME ZONE 'UTC')::date < $4::date)
           + (SELECT count(*) FROM payouts WHERE referral_agent_id = $1 AND currency = $2 AND status = 'paid'
                AND (paid_at AT TIME ZONE 'UTC')::date >= $3::date AND (paid_at AT TIME ZONE 'UTC')::date < $4::date))::int AS movements`,
    [agentId, currency, start, end],
  );
  return { period: String(year), currency, movements: rows[0]?.movements ?? 0 };
}

// ---- latency ------------------------------------------------------------------------------------------------

interface CaseDefinition {
  key: string;
  name: string;
  url: string;
  targeted: boolean;
  schema?: z.ZodType;
}

function caseDefinitions(): CaseDefinition[] {
  return [
    { key: REFERENCE_KEY, name: 'bookings list page 1 (ref.)', url: BOOKINGS_PAGE_1, targeted: false },
    { key: 'earnings-summary', name: 'earnings summary', url: EARNINGS_SUMMARY_URL, targeted: true, schema: earningsSummarySchema },
    { key: 'booking-kpis-30d', name: 'dashboard booking-kpis 30d', url: dashboardCardUrl('booking-kpis'), targeted: true, schema: bookingKpisSchema },
    { key: 'earnings-kpis-30d', name: 'dashboard earnings-kpis 30d', url: dashboardCardUrl('earnings-kpis'), targeted: true, schema: earningsKpisSchema },
    { key: 'booking-kpis-ytd', name: 'dashboard booking-kpis ytd', url: `${dashboardCardUrl('booking-kpis')}?range=ytd`, targeted: false, schema: bookingKpisSchema },
    { key: 'earnings-kpis-ytd', name: 'dashboard earnings-kpis ytd', url: `${dashboardCardUrl('earnings-kpis')}?range=ytd`, targeted: false, schema: earningsKpisSchema },
  ];
}

async function timedGet(session: Session, url: string): Promise<{ ms: number; status: number; text: string }> {
  const started = performance.now();
  const response = await session.request(url);
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, text };
}

/** The first request of a case: is it there (404: not built yet), and does it answer its contract? */
async function probe(session: Session, definition: CaseDefinition): Promise<EarningsCaseResult> {
  const first = await timedGet(session, definition.url);
  const result: EarningsCaseResult = {
    key: definition.key,
    name: definition.name,
    url: definition.url,
    targeted: definition.targeted,
    available: first.status >= 200 && first.status < 300,
    note: null,
    contractOk: null,
    firstMs: first.ms,
    p50Ms: Number.NaN,
    p99Ms: Number.NaN,
    maxMs: Number.NaN,
    rounds: [],
    requests: 0,
    ratio: null,
  };
  if (first.status === 404) result.note = 'not available (404)';
  else if (!result.available) result.note = `failed: ${first.status} ${first.text.slice(0, 160).replace(/\s+/g, ' ')}`;
  else if (definition.schema) {
    const parsed = definition.schema.safeParse(JSON.parse(first.text));
    result.contractOk = parsed.success;
    if (!parsed.success) result.note = `answer unlike its contract: ${parsed.error.issues.slice(0, 2).map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`;
  }
  return result;
}

async function measureRound(session: Session, url: string, requests: number, warmup: number): Promise<{ times: number[] }> {
  for (let index = 0; index < warmup; index += 1) {
    const warm = await timedGet(session, url);
    if (warm.status >= 300) throw new Error(`${url} answered ${warm.status}: ${warm.text.slice(0, 300)}`);
  }
  const times: number[] = [];
  for (let index = 0; index < requests; index += 1) {
    const result = await timedGet(session, url);
    if (result.status >= 300) throw new Error(`${url} answered ${result.status}: ${result.text.slice(0, 300)}`);
    times.push(result.ms);
  }
  return { times: times.sort((left, right) => left - right) };
}

async function measureCases(session: Session, rounds: number, requests: number, warmup: number, log: (line: string) => void): Promise<EarningsCaseResult[]> {
  const definitions = caseDefinitions();
  const results: EarningsCaseResult[] = [];
  for (const definition of definitions) {
    const result = await probe(session, definition);
    if (result.note) log(`  ${definition.name}: ${result.note}`);
    results.push(result);
  }
  const measured = results.filter((result) => result.available);
  const maxima = new Map<string, number>();
  for (let round = 0; round < rounds; round += 1) {
    // A turning order: no case always runs first, or always right after the same one.
    const order = measured.map((_, index) => measured[(index + round) % measured.length]!);
    for (const result of order) {
      const { times } = await measureRound(session, result.url, requests, warmup);
      result.rounds.push({ p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) });
      result.requests += times.length;
      maxima.set(result.key, Math.max(maxima.get(result.key) ?? 0, times[times.length - 1]!));
    }
    log(
      `  round ${round + 1}/${rounds}: ` +
        measured.map((result) => `${result.name} p99 ${result.rounds[round]!.p99Ms.toFixed(2)} ms`).join(', '),
    );
  }
  for (const result of measured) {
    result.p50Ms = median(result.rounds.map((item) => item.p50Ms));
    result.p99Ms = median(result.rounds.map((item) => item.p99Ms));
    result.maxMs = maxima.get(result.key) ?? Number.NaN;
  }
  const reference = results.find((result) => result.key === REFERENCE_KEY);
  for (const result of results) {
    if (result.key !== REFERENCE_KEY && result.available && reference?.available) result.ratio = result.p99Ms / reference.p99Ms;
  }
  return results;
}

// ---- the statement ------------------------------------------------------------------------------------------

type ServerChild = Awaited<ReturnType<typeof startServer>>;

async function measureStatement(
  server: ServerChild,
  session: Session,
  subject: NonNullable<Prepared['statement']>,
  runs: number,
  log: (line: string) => void,
): Promise<StatementResult> {
  const result: StatementResult = { kind: 'yearly', period: subject.period, currency: subject.currency, movements: subject.movements, runs: [], seconds: Number.NaN, peakRssGrowthMb: Number.NaN, error: null };
  try {
    for (let run = 0; run < runs; run += 1) {
      const measured = await statementRun(server, session, subject);
      log(
        `  statement ${subject.period} ${subject.currency} v${measured.version}: ${measured.seconds.toFixed(2)} s (ready after ${measured.readySeconds.toFixed(2)} s, ` +
          `${measured.queueSeconds.toFixed(2)} s of it waiting for the job queue's poll, ` +
          `PDF ${(measured.bytes / 1024).toFixed(0)} KB, ${measured.pages} pages, in ${measured.downloadMs.toFixed(0)} ms), server peak RSS +${measured.peakRssGrowthMb.toFixed(0)} MB`,
      );
      result.runs.push(measured);
    }
    result.seconds = median(result.runs.map((run) => run.seconds));
    result.peakRssGrowthMb = Math.max(...result.runs.map((run) => run.peakRssGrowthMb));
  } catch (error) {
    result.error = (error as Error).message;
    log(`  statement failed: ${result.error}`);
  }
  return result;
}

async function statementRun(server: ServerChild, session: Session, subject: NonNullable<Prepared['statement']>): Promise<StatementRun> {
  // Let the server settle, then take its RSS as the baseline (as bookings-bench does for the exports).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const baseline = server.rssBytes();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssBytes());
  }, 25);
  try {
    const started = performance.now();
    const asked = await session.request(financeReportsEndpoint.url, { method: 'POST', body: { kind: 'yearly', period: subject.period, currency: subject.currency } });
    const answer = await asked.text();
    if (asked.status !== 202) throw new Error(`POST ${financeReportsEndpoint.url} answered ${asked.status}: ${answer.slice(0, 300)}`);
    const { report } = JSON.parse(answer) as { report: FinanceReport };
    // The job runs in the server's processes: poll the list (as the page does on its realtime nudge) until it is written.
    const listUrl = `${financeReportsEndpoint.url}?kind=yearly&currency=${subject.currency}&per_page=100`;
    let readyMs = 0;
    let queueSeconds = Number.NaN;
    for (;;) {
      const listed = await session.request(listUrl);
      const page = (await listed.json()) as { data: FinanceReport[] };
      const row = page.data.find((item) => item.id === report.id);
      if (row?.status === 'ready') {
        readyMs = performance.now() - started;
        // generated_at is the time the job started writing (finance-reports.ts write(…, now = new Date())).
        if (row.generated_at) queueSeconds = (Date.parse(row.generated_at) - Date.parse(row.created_at)) / 1000;
        break;
      }
      if (row?.status === 'failed') throw new Error(`report ${report.id} failed`);
      if (performance.now() - started > 300_000) throw new Error(`report ${report.id} not ready after 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const response = await session.request(financeReportFileUrl(report.id, 'pdf'));
    if (!response.ok || !response.body) throw new Error(`the PDF answered ${response.status}: ${await response.text()}`);
    const chunks: Buffer[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, server.rssBytes());
    const pdf = Buffer.concat(chunks);
    if (pdf.subarray(0, 4).toString('latin1') !== '%PDF') throw new Error('the statement does not start like a PDF');
    return {
      reportId: report.id,
      version: report.version,
      seconds,
      readySeconds: readyMs / 1000,
      queueSeconds,
      downloadMs: seconds * 1000 - readyMs,
      bytes: pdf.length,
      pages: pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0,
      peakRssGrowthMb: (peak - baseline) / 1_048_576,
      baselineRssMb: baseline / 1_048_576,
    };
  } finally {
    clearInterval(sampler);
  }
}

// ---- the run ------------------------------------------------------------------------------------------------

export async function runEarningsBench(options: EarningsBenchOptions): Promise<EarningsBenchResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const rounds = options.rounds ?? 3;
  const requests = options.requests ?? 200;
  const warmup = options.warmup ?? 20;
  const statementRuns = options.statementRuns ?? Number(process.env.BENCH_STATEMENT_RUNS ?? 3);
  const rebuildLedger = options.rebuildLedger ?? process.env.BENCH_LEDGER_REBUILD === '1';
  log(`earnings bench — ${options.database}`);
  const prepared = await prepareDatabase(options.database, rebuildLedger, log);
  const { ledger } = prepared;
  log(
    `ledger: ${ledger.lines.toLocaleString('en')} lines (${ledger.agentLines.toLocaleString('en')} the agent's), ${ledger.payouts.toLocaleString('en')} payouts, ` +
      (ledger.builtNow ? `built now in ${ledger.buildSeconds.toFixed(1)} s` : `reused (built in ${ledger.buildSeconds.toFixed(1)} s on ${ledger.builtAt.slice(0, 16).replace('T', ' ')} UTC)`),
  );
  const server = await startServer(options.database, log);
  try {
    const session = new Session(server.baseUrl);
    await session.signIn(prepared.bench.partnerEmail, prepared.bench.partnerPassword);
    log(`signed in as ${prepared.bench.partnerEmail} (agent ${prepared.bench.referralAgentId}, ${prepared.bench.agentBookings.toLocaleString('en')} bookings of ${prepared.bench.totalBookings.toLocaleString('en')})`);
    const loadBefore = loadavg()[0]!;
    const cases = await measureCases(session, rounds, requests, warmup, log);
    const loadAverage: [number, number] = [loadBefore, loadavg()[0]!];
    let statement: StatementResult | null = null;
    if (!options.skipStatement && statementRuns > 0) {
      if (prepared.statement) statement = await measureStatement(server, session, prepared.statement, statementRuns, log);
      else log('  statement: the agent has no line in the last full year: skipped');
    }
    return {
      database: options.database,
      bench: prepared.bench,
      ledger,
      serverStartMs: server.startMs,
      rounds,
      requests,
      cases,
      loadAverage,
      statement,
      targets: EARNINGS_TARGETS,
    };
  } finally {
    await server.stop();
  }
}

/** The verdicts of a run against the issue's targets, for the run's summary. */
export function earningsVerdicts(result: EarningsBenchResult): { what: string; figure: string; ok: boolean | null; target: string }[] {
  const rows: { what: string; figure: string; ok: boolean | null; target: string }[] = [];
  const reference = result.cases.find((item) => item.key === REFERENCE_KEY);
  for (const item of result.cases) {
    if (item.key === REFERENCE_KEY) continue;
    const what = `${item.name}, p99 ÷ bookings p.1 p99 (${result.database})`;
    const target = item.targeted ? `≤ ${result.targets.ratio}×` : 'extra row, no target';
    if (!item.available || item.ratio === null) rows.push({ what, figure: item.note ?? 'not available', ok: null, target });
    else rows.push({ what, figure: `${item.p99Ms.toFixed(1)} ms = ${item.ratio.toFixed(2)}× ${reference!.p99Ms.toFixed(1)}`, ok: item.targeted ? item.ratio <= result.targets.ratio : null, target });
  }
  rows.push({
    what: `ledger build, ${result.ledger.lines.toLocaleString('en')} lines (${result.database}${result.ledger.builtNow ? '' : ', reused'})`,
    figure: `${result.ledger.buildSeconds.toFixed(0)} s (+${result.ledger.vacuumSeconds.toFixed(0)} s VACUUM)`,
    ok: result.ledger.buildSeconds + result.ledger.vacuumSeconds <= result.targets.ledgerSeconds,
    target: `≤ ${result.targets.ledgerSeconds} s`,
  });
  if (result.statement) {
    const { statement } = result;
    const what = `statement PDF ${statement.kind} ${statement.period} ${statement.currency}, ${statement.movements.toLocaleString('en')} movements (${result.database})`;
    if (statement.error || statement.runs.length === 0) rows.push({ what, figure: `failed: ${statement.error ?? 'no run'}`.slice(0, 60), ok: false, target: `≤ ${result.targets.statementSeconds} s, < ${result.targets.statementGrowthMb} MB` });
    else
      rows.push({
        what,
        figure: `${statement.seconds.toFixed(1)} s, +${statement.peakRssGrowthMb.toFixed(0)} MB`,
        ok: statement.seconds <= result.targets.statementSeconds && statement.peakRssGrowthMb < result.targets.statementGrowthMb,
        target: `≤ ${result.targets.statementSeconds} s, < ${result.targets.statementGrowthMb} MB`,
      });
  }
  return rows;
}

export function printEarningsBench(result: EarningsBenchResult): void {
  const lines: string[] = [];
  const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(2)).padStart(9);
  const reference = result.cases.find((item) => item.key === REFERENCE_KEY);
  lines.push('');
  lines.push(
    `Earnings — ${result.database === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}: ${result.bench.totalBookings.toLocaleString('en')} bookings, agent with ` +
      `${result.bench.agentBookings.toLocaleString('en')} (${result.ledger.agentLines.toLocaleString('en')} commission lines); ${result.rounds} rounds × ${result.requests} ` +
      `sequential requests a case, medians of the rounds' p50 and p99; target p99 ≤ ${result.targets.ratio}× the bookings list page 1's` +
      (reference?.available ? ` (${reference.p99Ms.toFixed(2)} ms this run)` : '') +
      `; load average ${result.loadAverage[0].toFixed(2)} → ${result.loadAverage[1].toFixed(2)} on ${availableParallelism()} cores`,
  );
  lines.push(`${'case'.padEnd(30)}${'first'.padStart(9)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'max'.padStart(9)}${'ratio'.padStart(8)}  ok    rounds' p99`);
  for (const item of result.cases) {
    if (!item.available) {
      lines.push(`${item.name.padEnd(30)}${ms(item.firstMs)}  ${item.note ?? 'not available'}`);
      continue;
    }
    const ok = item.ratio === null ? '' : item.targeted ? (item.ratio <= result.targets.ratio ? 'yes' : 'NO') : '(extra)';
    lines.push(
      `${item.name.padEnd(30)}${ms(item.firstMs)}${ms(item.p50Ms)}${ms(item.p99Ms)}${ms(item.maxMs)}${(item.ratio === null ? '' : `${item.ratio.toFixed(2)}×`).padStart(8)}  ${ok.padEnd(6)}` +
        `${item.rounds.map((round) => round.p99Ms.toFixed(1)).join(' / ')}` +
        (item.note ? `  — ${item.note}` : ''),
    );
  }
  const { ledger } = result;
  lines.push(
    `ledger: ${ledger.lines.toLocaleString('en')} commission lines (${ledger.reversed.toLocaleString('en')} reversed) + ${ledger.clawbacks.toLocaleString('en')} clawbacks, ` +
      `${ledger.payouts.toLocaleString('en')} payouts, ${ledger.zeroRows.toLocaleString('en')} zero rows of earlier states in commission_daily; built ${ledger.builtNow ? 'by this run' : `on ${ledger.builtAt.slice(0, 16).replace('T', ' ')} UTC (reused)`} in ` +
      `${ledger.buildSeconds.toFixed(1)} s + ${ledger.vacuumSeconds.toFixed(1)} s VACUUM ANALYZE (target ≤ ${result.targets.ledgerSeconds} s) ` +
      `${ledger.buildSeconds + ledger.vacuumSeconds <= result.targets.ledgerSeconds ? 'yes' : 'NO'}`,
  );
  const { statement } = result;
  if (statement) {
    if (statement.error || statement.runs.length === 0) lines.push(`statement ${statement.period} ${statement.currency}: failed: ${statement.error ?? 'no run'}`);
    else {
      const last = statement.runs[statement.runs.length - 1]!;
      lines.push(
        `statement (yearly ${statement.period}, ${statement.currency}, ${statement.movements.toLocaleString('en')} movements, PDF ${(last.bytes / 1024).toFixed(0)} KB, ${last.pages} pages): ` +
          `${statement.runs.map((run) => `${run.seconds.toFixed(2)} s`).join(', ')} → median ${statement.seconds.toFixed(2)} s ` +
          `(ready after ${median(statement.runs.map((run) => run.readySeconds)).toFixed(2)} s, ${median(statement.runs.map((run) => run.queueSeconds)).toFixed(2)} s of it in the job queue; download ${median(statement.runs.map((run) => run.downloadMs)).toFixed(0)} ms); ` +
          `server peak RSS +${statement.peakRssGrowthMb.toFixed(0)} MB over ${statement.runs[0]!.baselineRssMb.toFixed(0)} MB ` +
          `(targets ≤ ${result.targets.statementSeconds} s, < ${result.targets.statementGrowthMb} MB) ` +
          `${statement.seconds <= result.targets.statementSeconds && statement.peakRssGrowthMb < result.targets.statementGrowthMb ? 'yes' : 'NO'}`,
      );
    }
  }
  lines.push('');
  process.stdout.write(lines.join('\n') + '\n');
}

const thisFile = fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  const which = process.argv[2] ?? 'postgres';
  const databases: BenchDatabase[] = which === 'both' ? ['postgres', 'embedded'] : [which as BenchDatabase];
  (async () => {
    const results: EarningsBenchResult[] = [];
    for (const database of databases) results.push(await runEarningsBench({ database }));
    for (const result of results) printEarningsBench(result);
  })().catch((error: unknown) => {
    process.stderr.write(`earnings bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
