import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEFAULT_PIPELINED_CONNECTIONS, defaultPoolSize, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { ensureBenchMember, findBench, seedBench, type BenchInfo, type BenchMemberInfo } from '../apps/server/src/db/seeds/bench-seed.ts';
import { pageQuery } from '../apps/server/src/modules/bookings/repository.ts';
import { childPids, freePort } from '../apps/server/src/test/server-process.ts';
import { median, percentile } from './stats.ts';
import { PRODUCTION_ISSUER_ENV } from '../apps/server/src/test/production-env.ts';

/**
 * Bookings benchmark (issue 3), against 1,000,000 bookings over 2,000 referral agents (the largest, the bench
 * partner's, has 100,000), through the whole HTTP stack of a real server process with a signed-in session:
 *
 * 1. sequential latency (p50/p99 over ≥200 requests after a warm-up) of GET /api/clients/bookings for page 1
 *    with its total, a facility filter, a date range, searches (common name, rare name, ticket id, no hit)
 *    and page 2,000; the first request of each case is shown apart (it may count a filtered total);
 * 2. throughput under load: autocannon, 50 connections, on page 1, against `pgbench` running the endpoint's
 *    bare page query (-c 50 -j 2 -M prepared) on the same server, in alternating rounds, printed as the median
 *    of the rounds' ratios (PostgreSQL only);
 * 3. an Excel export of all 100,000 rows: wall time and the server process's peak RSS growth (read from
 *    /proc/<pid>/status every 25 ms), plus the same for the PDF;
 * 4. compression (issue 13): in each load round, the same autocannon load once more per Accept-Encoding a client
 *    sends (gzip, br) and once without: req/s of each beside the plain one of the same round, the server's CPU time
 *    per answer (from /proc, so it holds on a busy machine where req/s does not), and the bytes of one answer; then
 *    the CPU one answer's compression costs per candidate setting, to weigh the CPU the server spends against the
 *    bytes it saves (docs/decisions.md, "Compression"). BENCH_ENCODINGS=gzip,br sets the encodings (empty: none).
 *
 * The server runs as a child process (`node --import tsx apps/server/src/main.ts`), so its memory is its own.
 * PostgreSQL: database `portal_bench` on 127.0.0.1:5432 (created and seeded once). Embedded: PGlite data in
 * data/bench-pglite (seeded once). Seeding 1M rows takes ~2 min (PostgreSQL) or ~5 min (embedded); later runs
 * reuse the data.
 *
 * Run alone: `npx tsx bench/bookings-bench.ts [postgres|embedded|both]`.
 */

export type BenchDatabase = 'postgres' | 'embedded';

export interface BookingsBenchOptions {
  database: BenchDatabase;
  /** measured sequential requests per case (after the warm-up) */
  requests?: number;
  warmup?: number;
  /** of each autocannon and each pgbench run */
  loadSeconds?: number;
  /** alternating autocannon/pgbench rounds; the ratio reported is the median of the rounds' ratios */
  loadRounds?: number;
  connections?: number;
  /** skip the autocannon/pgbench part */
  skipLoad?: boolean;
  /** skip the exports */
  skipExport?: boolean;
  /** Accept-Encoding values loaded in each round beside the plain load (default gzip and br; [] skips them) */
  encodings?: string[];
  log?: (line: string) => void;
}

export interface CaseResult {
  name: string;
  url: string;
  firstMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  total: number;
  rows: number;
}

export interface EncodedLoad {
  /** the request's Accept-Encoding ('identity': the plain load) */
  acceptEncoding: string;
  /** what the server answered with */
  contentEncoding: string;
  rps: number;
  /** bytes of one answer's body as sent */
  answerBytes: number;
  p99Ms: number;
  /** the server's CPU time per answer during the load (µs): what compressing costs, whatever else the machine runs */
  cpuUsPerRequest: number;
}

export interface LoadRound {
  endpointRps: number;
  /** the same load without Accept-Encoding ('identity', first) and per encoding, in the same round */
  encoded: EncodedLoad[];
  /** pgbench at the load's connections (the reference of the target) */
  pgbenchTps: number | null;
  ratio: number | null;
  /** pgbench at as many connections as the server opens: the database's own best here (the stricter reference) */
  pgbenchPoolTps: number | null;
  poolRatio: number | null;
}

export interface LoadResult {
  connections: number;
  /** of each autocannon and each pgbench run */
  seconds: number;
  rounds: LoadRound[];
  /** medians over the rounds (the ratio is the median of each round's ratio) */
  endpointRps: number;
  /** the worst round's */
  endpointP99Ms: number;
  errors: number;
  pgbenchTps: number | null;
  ratio: number | null;
  /** the server's PostgreSQL connections (every process's pool and pipelined connection), and pgbench at that many (medians, as above) */
  serverPoolSize: number;
  pgbenchPoolTps: number | null;
  poolRatio: number | null;
  /** per Accept-Encoding ('identity' first): medians over the rounds, and the ratio of each round's req/s to its plain load's */
  compression: {
    acceptEncoding: string;
    contentEncoding: string;
    rps: number;
    answerBytes: number;
    ratioToPlain: number;
    worstP99Ms: number;
    /** median over the rounds of the server's CPU per answer (µs) */
    cpuUsPerRequest: number;
  }[];
}

export interface ExportResult {
  format: 'xlsx' | 'pdf';
  rows: number;
  seconds: number;
  bytes: number;
  firstByteMs: number;
  peakRssGrowthMb: number;
  baselineRssMb: number;
}

export interface BookingsBenchResult {
  database: BenchDatabase;
  bench: BenchInfo & { member: BenchMemberInfo };
  serverStartMs: number;
  /** as the agent's owner: the whole agent's list, not scoped by member (the reference of the member pass) */
  cases: CaseResult[];
  /** the same cases as the agent's 'agent' member, whose list holds only their 20,000 referrals (issue 17) */
  memberCases: CaseResult[];
  load: LoadResult | null;
  exports: ExportResult[];
  /** the CPU one answer's compression costs, per setting (the throughput figures are too noisy on a shared machine to tell settings apart) */
  compressionCosts: CompressionCost[];
  targetP99Ms: number;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** BENCH_PG_HOST=/var/run/postgresql runs the server and pgbench over the Unix socket instead of loopback TCP. */
const POSTGRES_HOST = process.env.BENCH_PG_HOST ?? '127.0.0.1';
const POSTGRES_BENCH_URL = POSTGRES_HOST.startsWith('/')
  ? `postgres://postgres@localhost/portal_bench?host=${encodeURIComponent(POSTGRES_HOST)}`
  : `postgres://postgres@${POSTGRES_HOST}:5432/portal_bench`;
const EMBEDDED_DATA_DIR = path.join(ROOT, 'data', 'bench-pglite');

// ---- database ---------------------------------------------------------------------------------------------

async function prepareDatabase(database: BenchDatabase, log: (line: string) => void): Promise<BenchInfo & { member: BenchMemberInfo }> {
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
    await migrate(db.pool);
    const found = await findBench(db.pool);
    // Issue 17: the agent's 'agent' member who referred 20,000 of its 100,000 bookings (the member-scoped pass).
    if (found && found.totalBookings >= 1_000_000) return { ...found, member: await ensureBenchMember(db.pool, found, log) };
    // An interrupted load of the standard bench resumes; a bench of another size is rebuilt.
    const agents = await db.pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM referral_agents a JOIN referral_groups g ON g.id = a.referral_group_id WHERE g.slug = 'bench'`,
    );
    const reset = (agents.rows[0]?.count ?? 0) > 0 && agents.rows[0]!.count !== 2_000;
    log(`seeding the bench data into the ${database} database (once)${reset ? ', replacing a bench of another size' : ''}…`);
    const seeded = await seedBench(db.pool, { reset, log: (line) => log(`  ${line}`) });
    return { ...seeded, member: await ensureBenchMember(db.pool, seeded, log) };
  } finally {
    await db.close();
  }
}

// ---- server child ------------------------------------------------------------------------------------------

interface ServerChild {
  child: ChildProcess;
  baseUrl: string;
  startMs: number;
  stop(): Promise<void>;
  rssBytes(): number;
  /** CPU seconds (user + system) the server's processes have used so far */
  cpuSeconds(): number;
}

export async function startServer(database: BenchDatabase, log: (line: string) => void): Promise<ServerChild> {
  const port = await freePort();
  const scratch = mkdtempSync(path.join(tmpdir(), 'bookings-bench-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    ...PRODUCTION_ISSUER_ENV,
    APP_KEY: 'bookings-bench-app-key-0123456789abcdefghijklmnop',
    APP_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    // Request logs off: they measure the terminal, not the endpoint.
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: database === 'embedded' ? EMBEDDED_DATA_DIR : scratch,
    ...(database === 'postgres' ? { DATABASE_URL: POSTGRES_BENCH_URL } : {}),
    ...(process.env.BENCH_DB_POOL_SIZE ? { DB_POOL_SIZE: process.env.BENCH_DB_POOL_SIZE } : {}),
    ...(process.env.BENCH_DB_PIPELINED_CONNECTIONS ? { DB_PIPELINED_CONNECTIONS: process.env.BENCH_DB_PIPELINED_CONNECTIONS } : {}),
    // On PostgreSQL the server runs as it would be deployed on this machine: one process per core
    // (WEB_CONCURRENCY), sharing realtime events through the machine's Redis.
    ...(database === 'postgres' ? { WEB_CONCURRENCY: String(serverProcesses(database)), REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
  };
  const started = performance.now();
  const nodeArguments = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArguments, '--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // BENCH_SERVER_LOG=file keeps the server's whole output (e.g. with BENCH_SERVER_NODE_ARGS=--trace-gc).
  const logFile = process.env.BENCH_SERVER_LOG;
  if (logFile) writeFileSync(logFile, '');
  // With several workers, the primary reports each one listening: measure only once all of them are.
  let bootLog = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    if (logFile) appendFileSync(logFile, chunk);
    output = (output + chunk.toString()).slice(-4000);
    if (bootLog.length < 100_000) bootLog += chunk.toString();
  });
  const processes = serverProcesses(database);
  const allListening = () => processes === 1 || (bootLog.match(/worker \d+ listening/g)?.length ?? 0) >= processes;
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok && allListening()) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const startMs = performance.now() - started;
  log(`server (${database}, ${processes} process${processes > 1 ? 'es' : ''}) up in ${(startMs / 1000).toFixed(1)} s, pid ${child.pid}`);
  return {
    child,
    baseUrl,
    startMs,
    cpuSeconds() {
      return [child.pid!, ...childPids(child.pid!)].reduce((total, pid) => total + processCpuSeconds(pid), 0);
    },
    rssBytes() {
      // The server process and, with WEB_CONCURRENCY, its workers.
      return [child.pid!, ...childPids(child.pid!)].reduce((total, pid) => total + processRss(pid), 0);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** utime + stime of /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s). */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function processRss(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

// ---- HTTP with cookies --------------------------------------------------------------------------------------

export class Session {
  private readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(pathname: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${pathname}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
    return response;
  }

  async signIn(email: string, password: string): Promise<void> {
    await (await this.request('/sanctum/csrf-cookie')).arrayBuffer();
    const response = await this.request('/api/login', { method: 'POST', body: { email, password, remember: false } });
    const body = await response.text();
    if (!response.ok) throw new Error(`sign-in failed (${response.status}): ${body}`);
    const check = await this.request('/api/clients/bookings?per_page=5');
    await check.arrayBuffer();
    if (!check.ok) throw new Error(`signed in, but the bookings list answered ${check.status}`);
  }
}

// ---- measurements -------------------------------------------------------------------------------------------

async function timedGet(session: Session, url: string): Promise<{ ms: number; body: { total: number; data: unknown[] } }> {
  const started = performance.now();
  const response = await session.request(url);
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) as { total: number; data: unknown[] } };
}

async function measureCase(session: Session, name: string, url: string, requests: number, warmup: number): Promise<CaseResult> {
  const first = await timedGet(session, url);
  for (let index = 0; index < warmup; index += 1) await timedGet(session, url);
  const times: number[] = [];
  let last = first.body;
  for (let index = 0; index < requests; index += 1) {
    const result = await timedGet(session, url);
    times.push(result.ms);
    last = result.body;
  }
  times.sort((left, right) => left - right);
  return {
    name,
    url,
    firstMs: first.ms,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    maxMs: times[times.length - 1]!,
    requests: times.length,
    total: last.total,
    rows: last.data.length,
  };
}

async function benchCases(session: Session, requests: number, warmup: number, log: (line: string) => void): Promise<CaseResult[]> {
  const facilities = (await (await session.request('/api/general/get-facilities')).json()) as { id: number; name: string }[];
  // A facility from the middle of the list: an ordinary one, neither the busiest nor the quietest.
  const facility = facilities[Math.floor(facilities.length / 2)]!;
  // A ticket from the middle of the list (page 5,000 of the owner's 10,000; 1,000 of a member's 2,000).
  const first = (await (await session.request('/api/clients/bookings?per_page=10')).json()) as { total: number };
  const middle = Math.max(1, Math.floor(first.total / 20));
  const deep = (await (await session.request(`/api/clients/bookings?page=${middle}&per_page=10`)).json()) as { data: { ticket_id: string }[] };
  const ticket = deep.data[0]!.ticket_id;
  const year = new Date().getUTCFullYear() - 1;
  const base = '/api/clients/bookings?team=referral&filter_by=appointment_date&per_page=10';
  const cases: [string, string][] = [
    ['page 1 with total', `${base}&page=1`],
    ['facility filter', `${base}&page=1&medical_service_provider=${facility.id}`],
    ['date range (a year)', `${base}&page=1&from=${year}-01-01&to=${year}-12-31`],
    ['search: common name', `${base}&page=1&search=mohammed`],
    ['search: rare name', `${base}&page=1&search=okonkwo`],
    ['search: ticket id', `${base}&page=1&search=MT-${ticket}`],
    ['search: no hits', `${base}&page=1&search=xylophone`],
    ['page 2,000', `${base}&page=2000`],
  ];
  const results: CaseResult[] = [];
  for (const [name, url] of cases) {
    const result = await measureCase(session, name, url, requests, warmup);
    log(`  ${name.padEnd(22)} p50 ${result.p50Ms.toFixed(2)} ms  p99 ${result.p99Ms.toFixed(2)} ms  (total ${result.total.toLocaleString('en')})`);
    results.push(result);
  }
  return results;
}

export async function runAutocannon(
  url: string,
  cookie: string,
  connections: number,
  seconds: number,
  extraHeaders: Record<string, string> = {},
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        headers: { cookie, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...extraHeaders },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function findPgbench(): string | null {
  for (const candidate of ['pgbench', '/usr/lib/postgresql/15/bin/pgbench']) {
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** pgbench on the endpoint's own page-1 statement (the floor any implementation of the endpoint pays). */
export function runPgbench(agentId: number, connections: number, seconds: number, log: (line: string) => void): number | null {
  const binary = findPgbench();
  if (!binary) {
    log('  pgbench not found: skipped');
    return null;
  }
  const query = pageQuery(
    { referralAgentId: agentId, filterBy: 'appointment_date', timeZone: 'UTC', searchWords: [] },
    { column: 'date_time', direction: 'desc' },
    10,
    0,
  );
  const sql = query.text.replace(/\$1\b/g, ':agent').replace(/\$2\b/g, ':offset').replace(/\s+/g, ' ').trim();
  const directory = mkdtempSync(path.join(tmpdir(), 'pgbench-'));
  const script = path.join(directory, 'bookings-page.sql');
  writeFileSync(script, `\\set agent ${agentId}\n\\set offset 0\n${sql};\n`);
  const result = spawnSync(
    binary,
    ['-n', '-h', POSTGRES_HOST, '-U', 'postgres', '-c', String(connections), '-j', String(Math.min(2, connections)), '-T', String(seconds), '-M', 'prepared', '-f', script, 'portal_bench'],
    { encoding: 'utf8' },
  );
  rmSync(directory, { recursive: true, force: true });
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout) ?? /tps = ([\d.]+)/.exec(result.stdout);
  if (!match) {
    log(`  pgbench failed: ${result.stderr || result.stdout}`);
    return null;
  }
  return Number(match[1]);
}

/** One load's figures for an Accept-Encoding, with the size and encoding of one answer as the server sends it. */
async function encodedLoad(url: string, session: Session, acceptEncoding: string, result: autocannon.Result): Promise<Omit<EncodedLoad, 'cpuUsPerRequest'>> {
  // fetch would decode the body: a plain http request sees the bytes on the wire.
  const answer = await new Promise<{ encoding: string; bytes: number }>((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { headers: { cookie: session.cookieHeader, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': acceptEncoding } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ encoding: String(response.headers['content-encoding'] ?? 'identity'), bytes }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
  return { acceptEncoding, contentEncoding: answer.encoding, rps: result.requests.average, answerBytes: answer.bytes, p99Ms: result.latency.p99 };
}

export interface CompressionCost {
  rows: number;
  plainBytes: number;
  setting: string;
  bytes: number;
  p50Us: number;
}

/**
 * What compressing one bookings answer costs the server's CPU and what it saves, per candidate setting (the server's
 * own is marked in docs/decisions.md, "Compression"): the real page-1 answer of 10 and of 100 rows, each setting run
 * 400 times after a warm-up (the median call). Bytes are exact; the microseconds are one core's, and move with the
 * machine's load less than the throughput figures do.
 */
async function measureCompressionCosts(session: Session, baseUrl: string): Promise<CompressionCost[]> {
  const { brotliCompressSync, gzipSync, constants } = await import('node:zlib');
  const brotli = (quality: number) => (body: Buffer) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  const settings: [string, (body: Buffer) => Buffer][] = [
    ['gzip 1', (body) => gzipSync(body, { level: 1 })],
    ['gzip 6', (body) => gzipSync(body, { level: 6 })],
    ['br 1', brotli(1)],
    ['br 4', brotli(4)],
    ['br 6', brotli(6)],
  ];
  const costs: CompressionCost[] = [];
  for (const rows of [10, 100]) {
    const response = await fetch(`${baseUrl}/api/clients/bookings?team=referral&filter_by=appointment_date&page=1&per_page=${rows}`, {
      headers: { cookie: session.cookieHeader, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    });
    const body = Buffer.from(await response.arrayBuffer());
    for (const [setting, compress] of settings) {
      for (let index = 0; index < 50; index += 1) compress(body);
      const times: number[] = [];
      let bytes = 0;
      for (let index = 0; index < 400; index += 1) {
        const started = performance.now();
        bytes = compress(body).length;
        times.push((performance.now() - started) * 1000);
      }
      times.sort((left, right) => left - right);
      costs.push({ rows, plainBytes: body.length, setting, bytes, p50Us: percentile(times, 0.5) });
    }
  }
  return costs;
}

export async function measureExport(server: ServerChild, session: Session, format: 'xlsx' | 'pdf'): Promise<ExportResult> {
  // Let the server settle, then take its RSS as the baseline.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const baseline = server.rssBytes();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssBytes());
  }, 25);
  const started = performance.now();
  const response = await session.request(`/api/clients/bookings?format=${format}&per_page=10`);
  if (!response.ok || !response.body) {
    clearInterval(sampler);
    throw new Error(`export ${format} answered ${response.status}: ${await response.text()}`);
  }
  const rows = Number(response.headers.get('x-export-rows') ?? 0);
  let bytes = 0;
  let firstByteMs = 0;
  let head = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) {
      firstByteMs = performance.now() - started;
      head = Buffer.from(chunk.subarray(0, 4)).toString('latin1');
    }
    bytes += chunk.byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, server.rssBytes());
  const expected = format === 'xlsx' ? 'PK\u0003\u0004' : '%PDF';
  if (head !== expected) throw new Error(`export ${format} does not start like a ${format} file`);
  return {
    format,
    rows,
    seconds,
    bytes,
    firstByteMs,
    peakRssGrowthMb: (peak - baseline) / 1_048_576,
    baselineRssMb: baseline / 1_048_576,
  };
}

// ---- the run ------------------------------------------------------------------------------------------------

/** An integer of at least `minimum` from the bench's environment, or undefined. */
function integerFromEnv(name: string, minimum = 1): number | undefined {
  const value = Number(process.env[name] || Number.NaN);
  return Number.isInteger(value) && value >= minimum ? value : undefined;
}

/** The server's processes: one per core on PostgreSQL (BENCH_WEB_CONCURRENCY overrides), one on the embedded database. */
export function serverProcesses(database: BenchDatabase): number {
  if (database === 'embedded') return 1;
  return integerFromEnv('BENCH_WEB_CONCURRENCY') ?? availableParallelism();
}

/**
 * The connections the bench's server opens in all: on PostgreSQL every process's pool (BENCH_DB_POOL_SIZE, else the
 * server's own default) and pipelined reader (BENCH_DB_PIPELINED_CONNECTIONS, else its default); the embedded
 * database's one.
 */
function serverConnections(database: BenchDatabase): number {
  if (database === 'embedded') return 1;
  const processes = serverProcesses(database);
  const pool = integerFromEnv('BENCH_DB_POOL_SIZE') ?? defaultPoolSize(processes);
  const pipelined = integerFromEnv('BENCH_DB_PIPELINED_CONNECTIONS', 0) ?? DEFAULT_PIPELINED_CONNECTIONS;
  return processes * (pool + pipelined);
}

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

export async function runBookingsBench(options: BookingsBenchOptions): Promise<BookingsBenchResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const requests = options.requests ?? 200;
  const warmup = options.warmup ?? 20;
  const connections = options.connections ?? 50;
  const loadSeconds = options.loadSeconds ?? 8;
  const loadRounds = options.loadRounds ?? 5;
  const encodings =
    options.encodings ?? (process.env.BENCH_ENCODINGS !== undefined ? process.env.BENCH_ENCODINGS.split(',').filter(Boolean) : ['gzip', 'br']);
  log(`bookings bench — ${options.database}`);
  const bench = await prepareDatabase(options.database, log);
  const server = await startServer(options.database, log);
  try {
    const session = new Session(server.baseUrl);
    await session.signIn(bench.partnerEmail, bench.partnerPassword);
    log(`signed in as ${bench.partnerEmail} (agent ${bench.referralAgentId}, ${bench.agentBookings.toLocaleString('en')} bookings of ${bench.totalBookings.toLocaleString('en')})`);
    const cases = await benchCases(session, requests, warmup, log);
    // The same cases as the agent member (issue 17), in the same run and server: the member's p99 against the owner's.
    const memberSession = new Session(server.baseUrl);
    await memberSession.signIn(bench.member.memberEmail, bench.member.memberPassword);
    log(`signed in as ${bench.member.memberEmail} (an 'agent' member of the same agent, who referred ${bench.member.memberBookings.toLocaleString('en')} of its bookings)`);
    const memberCases = await benchCases(memberSession, requests, warmup, log);

    let load: LoadResult | null = null;
    if (!options.skipLoad) {
      const url = `${server.baseUrl}/api/clients/bookings?team=referral&filter_by=appointment_date&page=1&per_page=10`;
      await runAutocannon(url, session.cookieHeader, connections, 2); // warm-up
      // Alternating rounds, each pair close in time, and the median of the pairs' ratios: on a shared machine the
      // capacity drifts by tens of percent within a minute, which one autocannon run then one pgbench run would
      // put into the ratio.
      const rounds: LoadRound[] = [];
      const poolSize = serverConnections(options.database);
      const onPostgres = options.database === 'postgres';
      let errors = 0;
      let p99 = 0;
      for (let round = 0; round < loadRounds; round += 1) {
        const result = await runAutocannon(url, session.cookieHeader, connections, loadSeconds);
        errors += result.errors + result.timeouts + (result.non2xx ?? 0);
        p99 = Math.max(p99, result.latency.p99);
        const pgbenchTps = onPostgres ? runPgbench(bench.referralAgentId, connections, loadSeconds, log) : null;
        const pgbenchPoolTps = onPostgres ? runPgbench(bench.referralAgentId, poolSize, loadSeconds, log) : null;
        const endpointRps = result.requests.average;
        // Compression: a plain load and one per encoding, back to back in an order that turns each round (so none
        // always runs first, or right after pgbench), compared within the round.
        const encoded: EncodedLoad[] = [];
        if (encodings.length > 0) {
          const variants = ['identity', ...encodings];
          const order = variants.map((_, index) => variants[(index + round) % variants.length]!);
          const byEncoding = new Map<string, EncodedLoad>();
          for (const acceptEncoding of order) {
            const cpuBefore = server.cpuSeconds();
            const run = await runAutocannon(url, session.cookieHeader, connections, loadSeconds, { 'accept-encoding': acceptEncoding });
            const cpuUsPerRequest = ((server.cpuSeconds() - cpuBefore) * 1e6) / Math.max(run.requests.total, 1);
            errors += run.errors + run.timeouts + (run.non2xx ?? 0);
            byEncoding.set(acceptEncoding, { ...(await encodedLoad(url, session, acceptEncoding, run)), cpuUsPerRequest });
          }
          encoded.push(...variants.map((variant) => byEncoding.get(variant)!));
        }
        rounds.push({
          endpointRps,
          encoded,
          pgbenchTps,
          ratio: pgbenchTps ? endpointRps / pgbenchTps : null,
          pgbenchPoolTps,
          poolRatio: pgbenchPoolTps ? endpointRps / pgbenchPoolTps : null,
        });
        log(
          `  load round ${round + 1}/${loadRounds}: ${Math.round(endpointRps)} req/s at ${connections} connections` +
            (pgbenchTps ? `, pgbench ${Math.round(pgbenchTps)} tps, ratio ${percent(endpointRps / pgbenchTps)}` : '') +
            (pgbenchPoolTps ? `; pgbench -c ${poolSize} ${Math.round(pgbenchPoolTps)} tps, ratio ${percent(endpointRps / pgbenchPoolTps)}` : '') +
            encoded
              .slice(1)
              .map(
                (item) =>
                  `; ${item.acceptEncoding} (${item.contentEncoding}, ${item.answerBytes} B) ${Math.round(item.rps)} req/s = ${percent(item.rps / encoded[0]!.rps)} ` +
                  `of plain ${Math.round(encoded[0]!.rps)}, server CPU ${item.cpuUsPerRequest.toFixed(0)} µs an answer (plain ${encoded[0]!.cpuUsPerRequest.toFixed(0)})`,
              )
              .join(''),
        );
      }
      const medianOf = (values: (number | null)[]) => {
        const present = values.filter((value): value is number => value !== null);
        return present.length > 0 ? median(present) : null;
      };
      load = {
        connections,
        seconds: loadSeconds,
        rounds,
        endpointRps: median(rounds.map((round) => round.endpointRps)),
        endpointP99Ms: p99,
        errors,
        pgbenchTps: medianOf(rounds.map((round) => round.pgbenchTps)),
        ratio: medianOf(rounds.map((round) => round.ratio)),
        serverPoolSize: poolSize,
        pgbenchPoolTps: medianOf(rounds.map((round) => round.pgbenchPoolTps)),
        poolRatio: medianOf(rounds.map((round) => round.poolRatio)),
        compression: rounds[0]!.encoded.map((first, index) => ({
          acceptEncoding: first.acceptEncoding,
          contentEncoding: first.contentEncoding,
          rps: median(rounds.map((round) => round.encoded[index]!.rps)),
          answerBytes: first.answerBytes,
          ratioToPlain: median(rounds.map((round) => round.encoded[index]!.rps / round.encoded[0]!.rps)),
          worstP99Ms: Math.max(...rounds.map((round) => round.encoded[index]!.p99Ms)),
          cpuUsPerRequest: median(rounds.map((round) => round.encoded[index]!.cpuUsPerRequest)),
        })),
      };
      log(
        `  load: median ${Math.round(load.endpointRps)} req/s` +
          (load.ratio !== null ? `, median pgbench ${Math.round(load.pgbenchTps!)} tps, median ratio ${percent(load.ratio)}` : '') +
          (load.poolRatio !== null ? `; against pgbench -c ${poolSize}: ${Math.round(load.pgbenchPoolTps!)} tps, ${percent(load.poolRatio)}` : ''),
      );
    }

    const compressionCosts = options.skipLoad ? [] : await measureCompressionCosts(session, server.baseUrl);
    for (const cost of compressionCosts) {
      log(`  compress ${cost.rows}-row answer (${cost.plainBytes} B) with ${cost.setting}: ${cost.bytes} B, ${cost.p50Us.toFixed(0)} µs p50`);
    }

    const exports: ExportResult[] = [];
    if (!options.skipExport) {
      for (const format of ['xlsx', 'pdf'] as const) {
        const result = await measureExport(server, session, format);
        log(`  export ${format}: ${result.rows.toLocaleString('en')} rows in ${result.seconds.toFixed(1)} s, peak RSS +${result.peakRssGrowthMb.toFixed(0)} MB`);
        exports.push(result);
      }
    }
    return {
      database: options.database,
      bench,
      serverStartMs: server.startMs,
      cases,
      memberCases,
      load,
      exports,
      compressionCosts,
      targetP99Ms: options.database === 'postgres' ? 20 : 50,
    };
  } finally {
    await server.stop();
  }
}

export function printBookingsBench(result: BookingsBenchResult): void {
  const lines: string[] = [];
  const ms = (value: number) => value.toFixed(2).padStart(8);
  lines.push('');
  lines.push(
    `Bookings — ${result.database === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}: ${result.bench.totalBookings.toLocaleString('en')} bookings, ` +
      `agent with ${result.bench.agentBookings.toLocaleString('en')}; sequential, ${result.cases[0]?.requests ?? 0} requests a case; target p99 ≤ ${result.targetP99Ms} ms`,
  );
  lines.push(`${'case'.padEnd(24)}${'first'.padStart(8)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'max'.padStart(9)}${'total'.padStart(10)}  ok`);
  for (const item of result.cases) {
    lines.push(
      `${item.name.padEnd(24)}${ms(item.firstMs)}${ms(item.p50Ms).padStart(9)}${ms(item.p99Ms).padStart(9)}${ms(item.maxMs).padStart(9)}` +
        `${item.total.toLocaleString('en').padStart(10)}  ${item.p99Ms <= result.targetP99Ms ? 'yes' : 'NO'}`,
    );
  }
  if (result.memberCases.length > 0) {
    lines.push(
      `as the agent member (${result.bench.member.memberBookings.toLocaleString('en')} of the agent's ${result.bench.agentBookings.toLocaleString('en')} bookings), ` +
        `against the owner's figures of this run (issue 17: member p99 within 10%)`,
    );
    lines.push(`${'case'.padEnd(24)}${'first'.padStart(8)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'owner p99'.padStart(11)}${'ratio'.padStart(8)}${'total'.padStart(10)}  ok`);
    for (const item of result.memberCases) {
      const owner = result.cases.find((each) => each.name === item.name);
      const ratio = owner ? item.p99Ms / owner.p99Ms : Number.NaN;
      lines.push(
        `${item.name.padEnd(24)}${ms(item.firstMs)}${ms(item.p50Ms).padStart(9)}${ms(item.p99Ms).padStart(9)}${ms(owner?.p99Ms ?? Number.NaN).padStart(11)}` +
          `${ratio.toFixed(2).padStart(8)}${item.total.toLocaleString('en').padStart(10)}  ${ratio <= 1.1 && item.p99Ms <= result.targetP99Ms ? 'yes' : 'NO'}`,
      );
    }
  }
  if (result.load) {
    const load = result.load;
    lines.push(
      `load (page 1; ${load.rounds.length} alternating rounds of autocannon, ${load.connections} connections, ${load.seconds} s, then pgbench on the bare page query): ` +
        `median ${Math.round(load.endpointRps)} req/s, worst p99 ${load.endpointP99Ms} ms, errors ${load.errors}` +
        (load.pgbenchTps
          ? `; median pgbench ${Math.round(load.pgbenchTps)} tps; median ratio ${percent(load.ratio!)} (target ≥ 40%) ${load.ratio! >= 0.4 ? 'yes' : 'NO'}`
          : '') +
        (load.pgbenchPoolTps
          ? `; pgbench at the server's ${load.serverPoolSize} connections (the database's best here, the stricter reference): ` +
            `median ${Math.round(load.pgbenchPoolTps)} tps, median ratio ${percent(load.poolRatio!)} ${load.poolRatio! >= 0.4 ? 'yes' : 'NO'}`
          : ''),
    );
  }
  if (result.load && result.load.compression.length > 1) {
    lines.push('compression (the same load per Accept-Encoding, medians over the rounds; ratio: to the plain load of the same round):');
    for (const item of result.load.compression) {
      lines.push(
        `  ${item.acceptEncoding.padEnd(10)} answered ${item.contentEncoding.padEnd(9)} ${String(item.answerBytes).padStart(6)} B an answer  ` +
          `${String(Math.round(item.rps)).padStart(6)} req/s  ${percent(item.ratioToPlain).padStart(6)}  server CPU ${item.cpuUsPerRequest.toFixed(0).padStart(5)} µs an answer  worst p99 ${item.worstP99Ms} ms`,
      );
    }
  }
  for (const rows of [...new Set(result.compressionCosts.map((cost) => cost.rows))]) {
    const ofRows = result.compressionCosts.filter((cost) => cost.rows === rows);
    lines.push(
      `compressing one ${rows}-row answer (${ofRows[0]!.plainBytes} B): ` +
        ofRows.map((cost) => `${cost.setting} ${cost.bytes} B in ${cost.p50Us.toFixed(0)} µs`).join(', '),
    );
  }
  for (const item of result.exports) {
    lines.push(
      `export ${item.format}: ${item.rows.toLocaleString('en')} rows, ${(item.bytes / 1_048_576).toFixed(1)} MB in ${item.seconds.toFixed(1)} s ` +
        `(first byte ${item.firstByteMs.toFixed(0)} ms), server peak RSS +${item.peakRssGrowthMb.toFixed(0)} MB over ${item.baselineRssMb.toFixed(0)} MB` +
        (item.format === 'xlsx' ? ` (targets < 30 s, < 150 MB) ${item.seconds < 30 && item.peakRssGrowthMb < 150 ? 'yes' : 'NO'}` : ''),
    );
  }
  lines.push('');
  process.stdout.write(lines.join('\n') + '\n');
}

const thisFile = fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  const which = process.argv[2] ?? 'both';
  const databases: BenchDatabase[] = which === 'both' ? ['postgres', 'embedded'] : [which as BenchDatabase];
  (async () => {
    const results: BookingsBenchResult[] = [];
    for (const database of databases) results.push(await runBookingsBench({ database }));
    for (const result of results) printBookingsBench(result);
  })().catch((error: unknown) => {
    process.stderr.write(`bookings bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
