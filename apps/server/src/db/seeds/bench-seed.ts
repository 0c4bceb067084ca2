/**
 * `npm run seed:bench [-- --reset] [-- --bookings N --agents N]`
 *
 * Loads 1,000,000 bookings over 2,000 referral agents (group `bench`) into the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR), skewed the way real partner networks are: five agents
 * with 100,000 bookings each and a long tail sharing the rest. Rows are generated inside the database
 * (INSERT … SELECT over generate_series with a deterministic integer hash, no client round trip per row),
 * in chunks of 50,000 so progress shows and the embedded database never holds one huge transaction.
 * Interrupted runs resume where they stopped; a complete bench is left alone; --reset wipes it first.
 * A partner account for the largest agent is created to sign in with. The CLI then adds the agent's 'agent' member
 * and the bench's commission ledger (bench-ledger.ts: a line per completed booking, payouts, reversals, clawbacks),
 * each once; --reset removes the ledger with the bookings.
 */
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { hashPassword } from '../../lib/passwords.ts';
import { ensureBenchLedger, removeBenchLedger } from './bench-ledger.ts';
import { ensureBookingCatalog, PATIENT_FIRST_NAMES, PATIENT_LAST_NAMES } from './booking-catalog.ts';

export const BENCH_GROUP_SLUG = 'bench';
export const BENCH_PARTNER_EMAIL = 'bench-partner@bench.test';
export const BENCH_PARTNER_PASSWORD = 'Bench-Partner-2026';
/** An 'agent' member of the largest agent who referred one booking in five of it (issue 17: the member-scoped bench). */
export const BENCH_MEMBER_EMAIL = 'bench-agent@bench.test';
export const BENCH_MEMBER_PASSWORD = 'Bench-Agent-2026';
/** Patients of the largest agent with names found nowhere else: the "rare name" search. */
export const BENCH_RARE_NAMES = ['Zephyrine Okonkwo-Baptiste', 'Ottoline Vasquez-Thorne', 'Isidore Kwiatkowski-Lund'];
const TICKET_BASE = 20_000_000;

export interface BenchSeedOptions {
  bookings?: number;
  agents?: number;
  /** how many agents get the big share (100,000 each at the default size) */
  largeAgents?: number;
  chunkSize?: number;
  reset?: boolean;
  log?: (line: string) => void;
}

export interface BenchInfo {
  partnerEmail: string;
  partnerPassword: string;
  partnerUserId: number;
  /** the largest agent (the bench partner's) */
  referralAgentId: number;
  agentBookings: number;
  totalBookings: number;
}

interface AgentPlan {
  rank: number;
  bookings: number;
}

/** Five agents at 10% each (100,000 of 1,000,000), the rest along a power law, every agent at least one. */
export function planAgents(totalBookings: number, agentCount: number, largeAgents = 5): AgentPlan[] {
  const large = Math.min(largeAgents, agentCount);
  const largeEach = Math.floor(totalBookings / 10);
  const plans: AgentPlan[] = [];
  for (let rank = 1; rank <= large; rank += 1) plans.push({ rank, bookings: largeEach });
  const tail = agentCount - large;
  let remaining = totalBookings - largeEach * large;
  if (tail > 0) {
    const weights = Array.from({ length: tail }, (_, index) => 1 / Math.pow(index + 1, 0.9));
    const sum = weights.reduce((total, weight) => total + weight, 0);
    const counts = weights.map((weight) => Math.max(1, Math.floor((remaining * weight) / sum)));
    let assigned = counts.reduce((total, count) => total + count, 0);
    // Hand out (or take back) the rounding difference from the head of the tail, which can afford it.
    for (let index = 0; assigned !== remaining; index = (index + 1) % tail) {
      if (assigned < remaining) {
        counts[index]! += 1;
        assigned += 1;
      } else if (counts[index]! > 1) {
        counts[index]! -= 1;
        assigned -= 1;
      }
    }
    counts.forEach((count, index) => plans.push({ rank: large + index + 1, bookings: count }));
    remaining = 0;
  } else if (remaining > 0 && plans.length > 0) {
    plans[0]!.bookings += remaining;
  }
  return plans;
}

/** A deterministic 32-bit mix of (n, salt) (every product stays below 2^63), evaluated by the database. */
// (one expression, no FROM: the planner inlines it, which a function call per value would not allow)
const HASH_X1 = '(((n % 4294967296) * 1640531527 + salt::bigint * 1013904223 + 12345) % 4294967296)';
const HASH_X2 = `(((${HASH_X1} # (${HASH_X1} >> 16)) * 1597334677) % 4294967296)`;
const HASH_FUNCTION = `
CREATE OR REPLACE FUNCTION pg_temp.bench_hash(n bigint, salt integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((${HASH_X2} # (${HASH_X2} >> 13)) >> 4)
$$`;

export async function seedBench(pool: pg.Pool, options: BenchSeedOptions = {}): Promise<BenchInfo> {
  const totalBookings = options.bookings ?? 1_000_000;
  const agentCount = options.agents ?? 2_000;
  const chunkSize = options.chunkSize ?? 50_000;
  const log = options.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const started = Date.now();
  const client = await pool.connect();
  try {
    if (options.reset) await resetBench(client, log);

    const plans = planAgents(totalBookings, agentCount, options.largeAgents);
    const agents = await ensureAgents(client, plans.length);
    const partner = await ensurePartner(client, agents[0]!);
    log(`bench: ${plans.length} agents, largest ${plans[0]!.bookings.toLocaleString('en')} bookings, partner ${BENCH_PARTNER_EMAIL}`);
    const catalog = await ensureBookingCatalog(client);

    await client.query(HASH_FUNCTION);
    // The plan as a table: which agent owns which slice [start_n, end_n] of the booking numbers.
    let start = 1;
    const ranks: number[] = [];
    const agentIds: number[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const clientCounts: number[] = [];
    for (const plan of plans) {
      ranks.push(plan.rank);
      agentIds.push(agents[plan.rank - 1]!);
      starts.push(start);
      ends.push(start + plan.bookings - 1);
      clientCounts.push(Math.max(plan.rank === 1 ? BENCH_RARE_NAMES.length + 1 : 1, Math.round(plan.bookings * 0.6)));
      start += plan.bookings;
    }
    await client.query('DROP TABLE IF EXISTS pg_temp.bench_ranges');
    await client.query(
      `CREATE TEMP TABLE bench_ranges AS
       SELECT r.rank, r.agent_id, r.start_n, r.end_n, r.n_clients,
              CASE WHEN r.rank = 1 THEN $6::int ELSE 0 END AS reserved,
              CASE WHEN r.rank = 1 THEN $7::int END AS user_id
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[]) AS r(rank, agent_id, start_n, end_n, n_clients)`,
      [ranks, agentIds, starts, ends, clientCounts, BENCH_RARE_NAMES.length, partner.userId],
    );
    await client.query('CREATE INDEX ON bench_ranges (start_n, end_n)');
    await client.query('ANALYZE bench_ranges');

    await seedClients(client, log);
    await buildLookups(client, catalog);

    const done = Number(
      (await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM bookings WHERE referral_agent_id = ANY($1::int[])`,
        [agentIds],
      )).rows[0]!.count,
    );
    if (done >= totalBookings) {
      log(`bench: ${done.toLocaleString('en')} bookings already there; nothing to do (--reset to rebuild).`);
    } else {
      if (done > 0) log(`bench: resuming after ${done.toLocaleString('en')} bookings`);
      // Building an index once over a loaded table is several times faster than growing it row by row.
      if (totalBookings - done >= DEFER_INDEXES_FROM) await deferIndexes(client, log);
      await client.query(`SET portal.bulk_load = 'on'`);
      const loadStarted = Date.now();
      for (let low = done + 1; low <= totalBookings; low += chunkSize) {
        const high = Math.min(totalBookings, low + chunkSize - 1);
        await insertBookingChunk(client, low, high);
        const elapsed = (Date.now() - loadStarted) / 1000;
        const rate = (high - done) / elapsed;
        const left = (totalBookings - high) / rate;
        log(
          `bench: bookings ${high.toLocaleString('en')} / ${totalBookings.toLocaleString('en')} ` +
            `(${Math.round((high / totalBookings) * 100)}%) ${elapsed.toFixed(1)} s, ~${left.toFixed(0)} s left`,
        );
      }
      await client.query(`RESET portal.bulk_load`);
    }
    await restoreIndexes(client, log);
    await checkSearchText(client, agentIds[0]!);
    if (done < totalBookings) {
      log('bench: VACUUM ANALYZE (visibility map for index-only scans, planner statistics)…');
      for (const table of ['bookings', 'clients', 'booking_stats', 'facilities', 'facility_service_details', 'staff']) {
        await client.query(`VACUUM (ANALYZE) ${table}`);
      }
    }
    const agentBookings = plans[0]!.bookings;
    log(`bench: ready in ${((Date.now() - started) / 1000).toFixed(1)} s — sign in as ${BENCH_PARTNER_EMAIL} / ${BENCH_PARTNER_PASSWORD}`);
    return {
      partnerEmail: BENCH_PARTNER_EMAIL,
      partnerPassword: BENCH_PARTNER_PASSWORD,
      partnerUserId: partner.userId,
      referralAgentId: agents[0]!,
      agentBookings,
      totalBookings,
    };
  } finally {
    await client.query('DROP TABLE IF EXISTS pg_temp.bench_ranges, pg_temp.bench_client_map, pg_temp.bench_slots, pg_temp.bench_staff').catch(() => {});
    client.release();
  }
}

/** Reads what a previous seed left: undefined when there is no complete bench. */
export async function findBench(pool: pg.Pool): Promise<BenchInfo | undefined> {
  const { rows } = await pool.query<{ user_id: number; referral_agent_id: number; total: number | null; all_total: number | null }>(
    `SELECT u.id AS user_id, p.referral_agent_id, s.total,
            (SELECT sum(bs.total)::bigint FROM booking_stats bs JOIN referral_agents a ON a.id = bs.referral_agent_id
               JOIN referral_groups g ON g.id = a.referral_group_id WHERE g.slug = $2) AS all_total
       FROM users u JOIN partner_profiles p ON p.user_id = u.id
       LEFT JOIN booking_stats s ON s.referral_agent_id = p.referral_agent_id
      WHERE lower(u.email) = $1`,
    [BENCH_PARTNER_EMAIL, BENCH_GROUP_SLUG],
  );
  const row = rows[0];
  if (!row || !row.total) return undefined;
  return {
    partnerEmail: BENCH_PARTNER_EMAIL,
    partnerPassword: BENCH_PARTNER_PASSWORD,
    partnerUserId: row.user_id,
    referralAgentId: row.referral_agent_id,
    agentBookings: Number(row.total),
    totalBookings: Number(row.all_total ?? 0),
  };
}

export interface BenchMemberInfo {
  memberEmail: string;
  memberPassword: string;
  memberUserId: number;
  /** the bookings of the largest agent the member referred (20,000 of 100,000 at the default size) */
  memberBookings: number;
}

/**
 * The largest agent's 'agent' member (issue 17), created once beside the bench partner (the agent's owner), with
 * every fifth booking of the agent (by id, so spread evenly over the years) referred by them. Run after the bench is
 * loaded; a later run finds it done.
 */
export async function ensureBenchMember(pool: pg.Pool, bench: BenchInfo, log: (line: string) => void = () => {}): Promise<BenchMemberInfo> {
  const client = await pool.connect();
  try {
    let memberUserId = (await client.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1', [BENCH_MEMBER_EMAIL])).rows[0]?.id;
    if (memberUserId === undefined) {
      const user = await client.query<{ id: number }>(
        `INSERT INTO users (first_name, last_name, email, password_hash, status, password_updated_check, first_login, approved_at)
         VALUES ('Bench', 'Agent', $1, $2, 'approved', true, false, now()) RETURNING id`,
        [BENCH_MEMBER_EMAIL, await hashPassword(BENCH_MEMBER_PASSWORD)],
      );
      memberUserId = user.rows[0]!.id;
      await client.query(
        `INSERT INTO partner_profiles (user_id, partner_type_id, referral_agent_id, organisation, role)
         SELECT $1, p.partner_type_id, p.referral_agent_id, p.organisation, 'agent' FROM partner_profiles p WHERE p.user_id = $2`,
        [memberUserId, bench.partnerUserId],
      );
    }
    const count = async () =>
      Number(
        (await client.query<{ count: number }>('SELECT count(*)::int AS count FROM bookings WHERE referral_agent_id = $1 AND referred_by_user_id = $2', [
          bench.referralAgentId,
          memberUserId,
        ])).rows[0]!.count,
      );
    let memberBookings = await count();
    if (memberBookings === 0) {
      log('bench: every fifth booking of the largest agent referred by its agent member…');
      await client.query('UPDATE bookings SET referred_by_user_id = $2 WHERE referral_agent_id = $1 AND id % 5 = 0', [bench.referralAgentId, memberUserId]);
      await client.query('VACUUM (ANALYZE) bookings');
      memberBookings = await count();
    }
    return { memberEmail: BENCH_MEMBER_EMAIL, memberPassword: BENCH_MEMBER_PASSWORD, memberUserId, memberBookings };
  } finally {
    client.release();
  }
}

/** Loads of this many rows or more build the secondary indexes afterwards. */
const DEFER_INDEXES_FROM = 100_000;
const DEFERRED_INDEXES_TABLE = 'bench_seed_deferred_indexes';

/**
 * Drops the bookings indexes that back no constraint, after writing their definitions down in a table:
 * an interrupted run finds them there and builds them again (restoreIndexes runs on every run).
 */
async function deferIndexes(client: pg.PoolClient, log: (line: string) => void): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS ${DEFERRED_INDEXES_TABLE} (name text PRIMARY KEY, definition text NOT NULL)`);
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'bookings'::regclass AND NOT i.indisprimary AND NOT i.indisunique
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  if (rows.length === 0) return;
  log(`bench: building ${rows.length} indexes after the load instead of row by row`);
  for (const row of rows) {
    await client.query(`INSERT INTO ${DEFERRED_INDEXES_TABLE} (name, definition) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
      row.name,
      row.definition,
    ]);
    await client.query(`DROP INDEX IF EXISTS ${quoteIdentifier(row.name)}`);
  }
}

async function restoreIndexes(client: pg.PoolClient, log: (line: string) => void): Promise<void> {
  const exists = await client.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [DEFERRED_INDEXES_TABLE]);
  if (!exists.rows[0]?.present) return;
  const { rows } = await client.query<{ name: string; definition: string }>(`SELECT name, definition FROM ${DEFERRED_INDEXES_TABLE} ORDER BY name`);
  await client.query(`SET maintenance_work_mem = '256MB'`).catch(() => {});
  for (const row of rows) {
    const present = await client.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [row.name]);
    if (!present.rows[0]?.present) {
      const started = Date.now();
      await client.query(row.definition);
      log(`bench: index ${row.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await client.query(`DELETE FROM ${DEFERRED_INDEXES_TABLE} WHERE name = $1`, [row.name]);
  }
  await client.query(`DROP TABLE ${DEFERRED_INDEXES_TABLE}`);
  await client.query(`RESET maintenance_work_mem`).catch(() => {});
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The in-set search_text of the load must be what the trigger would have written. */
async function checkSearchText(client: pg.PoolClient, agentId: number): Promise<void> {
  const { rows } = await client.query<{ mismatches: number }>(
    `SELECT count(*)::int AS mismatches FROM (
       SELECT b.search_text, booking_search_text(b.ticket_id, b.client_id, b.facility_id, b.facility_service_detail_id, b.specialty_id, b.assignee_id) AS expected
         FROM bookings b WHERE b.referral_agent_id = $1 ORDER BY b.date_time DESC, b.id DESC LIMIT 2000
     ) AS sample WHERE search_text IS DISTINCT FROM expected`,
    [agentId],
  );
  if ((rows[0]?.mismatches ?? 0) > 0) {
    throw new Error(`bench: ${rows[0]!.mismatches} sampled bookings have a search_text unlike booking_search_text()`);
  }
}

async function resetBench(client: pg.PoolClient, log: (line: string) => void): Promise<void> {
  const agentIds = (
    await client.query<{ id: number }>(
      `SELECT a.id FROM referral_agents a JOIN referral_groups g ON g.id = a.referral_group_id WHERE g.slug = $1`,
      [BENCH_GROUP_SLUG],
    )
  ).rows.map((row) => row.id);
  if (agentIds.length === 0) return;
  log(`bench: --reset: removing the bench data of ${agentIds.length} agents…`);
  // The ledger first: paid lines refuse the deletion the bookings would cascade to them.
  await removeBenchLedger(client, agentIds, log);
  await client.query('DELETE FROM bookings WHERE referral_agent_id = ANY($1::int[])', [agentIds]);
  await client.query('DELETE FROM clients WHERE referral_agent_id = ANY($1::int[])', [agentIds]);
  await client.query(
    'DELETE FROM users WHERE id IN (SELECT user_id FROM partner_profiles WHERE referral_agent_id = ANY($1::int[]))',
    [agentIds],
  );
  await client.query('DELETE FROM referral_agents WHERE id = ANY($1::int[])', [agentIds]);
  await client.query('DELETE FROM referral_groups WHERE slug = $1', [BENCH_GROUP_SLUG]);
}

async function ensureAgents(client: pg.PoolClient, count: number): Promise<number[]> {
  const group = await client.query<{ id: number }>(
    `INSERT INTO referral_groups (slug, name) VALUES ($1, 'Bench partners')
     ON CONFLICT (slug) DO UPDATE SET name = excluded.name RETURNING id`,
    [BENCH_GROUP_SLUG],
  );
  const groupId = group.rows[0]!.id;
  const names = Array.from({ length: count }, (_, index) => `Bench Agent ${String(index + 1).padStart(4, '0')}`);
  await client.query(
    `INSERT INTO referral_agents (name, logo, referral_group_id)
     SELECT n.name, NULL, $2 FROM unnest($1::text[]) WITH ORDINALITY AS n(name, position)
      WHERE NOT EXISTS (SELECT 1 FROM referral_agents a WHERE a.referral_group_id = $2 AND a.name = n.name)
      ORDER BY n.position`,
    [names, groupId],
  );
  const rows = (
    await client.query<{ id: number; name: string }>('SELECT id, name FROM referral_agents WHERE referral_group_id = $1', [groupId])
  ).rows;
  const idByName = new Map(rows.map((row) => [row.name, row.id]));
  return names.map((name) => idByName.get(name)!);
}

async function ensurePartner(client: pg.PoolClient, referralAgentId: number): Promise<{ userId: number }> {
  const existing = await client.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1', [BENCH_PARTNER_EMAIL]);
  if (existing.rows[0]) return { userId: existing.rows[0].id };
  const type = await client.query<{ id: number }>(
    `INSERT INTO partner_types (name) VALUES ('Clinic') ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
  );
  const user = await client.query<{ id: number }>(
    `INSERT INTO users (first_name, last_name, email, password_hash, status, password_updated_check, first_login, approved_at)
     VALUES ('Bench', 'Partner', $1, $2, 'approved', true, false, now()) RETURNING id`,
    [BENCH_PARTNER_EMAIL, await hashPassword(BENCH_PARTNER_PASSWORD)],
  );
  await client.query(
    `INSERT INTO partner_profiles (user_id, partner_type_id, referral_agent_id, organisation) VALUES ($1, $2, $3, 'Bench Agent 0001')`,
    [user.rows[0]!.id, type.rows[0]!.id, referralAgentId],
  );
  return { userId: user.rows[0]!.id };
}

/** Patients: about 0.6 per booking (people come back), named from the same lists as the demo. */
async function seedClients(client: pg.PoolClient, log: (line: string) => void): Promise<void> {
  const missing = (
    await client.query<{ rank: number }>(
      `SELECT r.rank FROM bench_ranges r WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.referral_agent_id = r.agent_id) ORDER BY r.rank`,
    )
  ).rows.map((row) => row.rank);
  if (missing.length > 0) {
    log(`bench: patients for ${missing.length} agents…`);
    // Per batch of agents, each agent's patients in one statement: an agent has all its patients or none.
    const batches: number[][] = [];
    for (let index = 0; index < missing.length; index += 200) batches.push(missing.slice(index, index + 200));
    for (const batch of batches) {
      await client.query(
        `INSERT INTO clients (referral_agent_id, referred_by_user_id, name, created_at)
         SELECT r.agent_id, r.user_id,
                CASE WHEN c.idx < r.reserved THEN ($2::text[])[c.idx + 1]
                     ELSE ($3::text[])[1 + pg_temp.bench_hash(r.rank::bigint * 10000000 + c.idx, 11) % cardinality($3::text[])]
                          || ' ' ||
                          ($4::text[])[1 + pg_temp.bench_hash(r.rank::bigint * 10000000 + c.idx, 12) % cardinality($4::text[])]
                END,
                date_trunc('hour', now()) - make_interval(hours => (pg_temp.bench_hash(r.rank::bigint * 10000000 + c.idx, 13) % 27000)::int)
           FROM bench_ranges r CROSS JOIN LATERAL generate_series(0, r.n_clients - 1) AS c(idx)
          WHERE r.rank = ANY($1::int[])
          ORDER BY r.rank, c.idx`,
        [batch, BENCH_RARE_NAMES, PATIENT_FIRST_NAMES, PATIENT_LAST_NAMES],
      );
    }
  }
  // Patient number idx of an agent → client id (ids follow insertion order, which is idx order).
  await client.query('DROP TABLE IF EXISTS pg_temp.bench_client_map');
  await client.query(
    `CREATE TEMP TABLE bench_client_map AS
     SELECT r.rank AS agent_rank, (row_number() OVER (PARTITION BY c.referral_agent_id ORDER BY c.id) - 1)::int AS idx,
            c.id AS client_id, c.name AS client_name
       FROM clients c JOIN bench_ranges r ON r.agent_id = c.referral_agent_id`,
  );
  await client.query('ALTER TABLE bench_client_map ADD PRIMARY KEY (agent_rank, idx)');
  await client.query('ANALYZE bench_client_map');
}

/** Weighted service slots (consultations are booked more than surgery) and the staff list. */
async function buildLookups(client: pg.PoolClient, catalog: Awaited<ReturnType<typeof ensureBookingCatalog>>): Promise<void> {
  const slot = { detail: [] as number[], facility: [] as number[], specialty: [] as (number | null)[], price: [] as string[], currency: [] as string[], locations: [] as string[] };
  for (const detail of catalog.details) {
    for (let copy = 0; copy < detail.weight; copy += 1) {
      slot.detail.push(detail.id);
      slot.facility.push(detail.facilityId);
      slot.specialty.push(detail.specialtyId);
      slot.price.push(detail.price);
      slot.currency.push(detail.currency);
      // an array literal per slot: unnest cannot take a ragged int[][]
      slot.locations.push(`{${detail.locationIds.join(',')}}`);
    }
  }
  await client.query('DROP TABLE IF EXISTS pg_temp.bench_slots');
  await client.query(
    `CREATE TEMP TABLE bench_slots AS
     SELECT (s.position - 1)::int AS slot, s.detail_id, s.facility_id, s.specialty_id, s.price, s.currency,
            s.locations::int[] AS locations, f.name AS facility_name, sv.name AS service_name, sp.name AS specialty_name
       FROM unnest($1::int[], $2::int[], $3::int[], $4::numeric[], $5::text[], $6::text[])
            WITH ORDINALITY AS s(detail_id, facility_id, specialty_id, price, currency, locations, position)
       JOIN facility_service_details d ON d.id = s.detail_id
       JOIN facilities f ON f.id = d.facility_id
       JOIN services sv ON sv.id = d.service_id
       LEFT JOIN specialties sp ON sp.id = s.specialty_id`,
    [slot.detail, slot.facility, slot.specialty, slot.price, slot.currency, slot.locations],
  );
  await client.query('ALTER TABLE bench_slots ADD PRIMARY KEY (slot)');
  await client.query('DROP TABLE IF EXISTS pg_temp.bench_staff');
  await client.query(
    `CREATE TEMP TABLE bench_staff AS
     SELECT (s.position - 1)::int AS idx, s.id, st.first_name || ' ' || st.last_name AS full_name
       FROM unnest($1::int[]) WITH ORDINALITY AS s(id, position) JOIN staff st ON st.id = s.id`,
    [catalog.staffIds],
  );
  await client.query('ALTER TABLE bench_staff ADD PRIMARY KEY (idx)');
  await client.query('ANALYZE bench_slots');
  await client.query('ANALYZE bench_staff');
}

async function insertBookingChunk(client: pg.PoolClient, low: number, high: number): Promise<void> {
  // h(k) = pg_temp.bench_hash(n, k): one independent pseudo-random stream per attribute.
  await client.query(
    `WITH picks AS (
       SELECT n, r.rank, r.agent_id, r.user_id, r.reserved, r.n_clients, (n - r.start_n) AS i,
              pg_temp.bench_hash(n, 1) AS h_client, pg_temp.bench_hash(n, 2) AS h_slot, pg_temp.bench_hash(n, 3) AS h_date,
              pg_temp.bench_hash(n, 4) AS h_created, pg_temp.bench_hash(n, 5) AS h_status, pg_temp.bench_hash(n, 6) AS h_invoice,
              pg_temp.bench_hash(n, 7) AS h_staff, pg_temp.bench_hash(n, 8) AS h_location,
              date_trunc('hour', now()) AS anchor
         FROM bench_ranges r
         CROSS JOIN LATERAL generate_series(greatest(r.start_n, $1::int), least(r.end_n, $2::int)) AS n
        WHERE r.start_n <= $2::int AND r.end_n >= $1::int
     ), shaped AS (
       SELECT p.*,
              CASE WHEN p.i < p.reserved THEN p.i::int ELSE (p.reserved + p.h_client % (p.n_clients - p.reserved))::int END AS client_idx,
              (p.h_slot % (SELECT count(*) FROM bench_slots))::int AS slot,
              -- appointments on the quarter hour from three years ago to two months ahead
              p.anchor + interval '60 days' - make_interval(mins => (15 * (p.h_date % (1155 * 96)))::int) AS date_time
         FROM picks p
     ), dated AS (
       SELECT s.*,
              CASE WHEN s.date_time > s.anchor
                     THEN CASE WHEN s.h_status % 10 < 6 THEN 'confirmed' ELSE 'pending' END
                   ELSE CASE WHEN s.h_status % 20 < 15 THEN 'completed' WHEN s.h_status % 20 < 18 THEN 'cancelled' ELSE 'no_show' END
              END AS status
         FROM shaped s
     )
     INSERT INTO bookings (ticket_id, date_time, client_id, facility_id, facility_location_id, assignee_id,
                           facility_service_detail_id, specialty_id, status, invoice_status, amount, currency,
                           referral_agent_id, referred_by_user_id, created_at, updated_at, search_text)
     SELECT (${TICKET_BASE} + d.n)::text,
            d.date_time,
            m.client_id,
            sl.facility_id,
            sl.locations[1 + d.h_location % greatest(1, cardinality(sl.locations))],
            CASE WHEN d.h_staff % 100 < 8 THEN NULL ELSE st.id END,
            sl.detail_id,
            sl.specialty_id,
            d.status,
            CASE WHEN d.status = 'completed' AND d.h_invoice % 100 < 85 THEN 'paid'
                 WHEN d.status IN ('pending', 'confirmed') AND d.h_invoice % 100 < 20 THEN 'paid'
                 ELSE 'unpaid' END,
            sl.price,
            sl.currency,
            d.agent_id,
            d.user_id,
            least(d.anchor, d.date_time - make_interval(hours => (1 + d.h_created % 1080)::int)),
            least(d.anchor, d.date_time),
            -- the same text booking_search_text() builds (checked after the load)
            lower(concat_ws(' ', (${TICKET_BASE} + d.n)::text, m.client_name, sl.facility_name, sl.service_name, sl.specialty_name,
                            CASE WHEN d.h_staff % 100 < 8 THEN NULL ELSE st.full_name END))
       FROM dated d
       JOIN bench_client_map m ON m.agent_rank = d.rank AND m.idx = d.client_idx
       JOIN bench_slots sl ON sl.slot = d.slot
       JOIN bench_staff st ON st.idx = (d.h_staff % (SELECT count(*) FROM bench_staff))::int
      ORDER BY d.n`,
    [low, high],
  );
}

function parseArguments(argv: string[]): BenchSeedOptions {
  const options: BenchSeedOptions = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--reset') options.reset = true;
    else if (argument === '--bookings') options.bookings = Number(argv[++index]);
    else if (argument === '--agents') options.agents = Number(argv[++index]);
    else if (argument === '--chunk') options.chunkSize = Number(argv[++index]);
    else if (argument === '--help') {
      process.stdout.write('usage: npm run seed:bench [-- --reset] [-- --bookings 1000000 --agents 2000 --chunk 50000]\n');
      process.exit(0);
    } else throw new Error(`Unknown argument ${argument}`);
  }
  return options;
}

async function main(): Promise<void> {
  const { loadConfig } = await import('../../config.ts');
  const { openMigratedDatabase } = await import('../open.ts');
  const options = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  process.stdout.write(
    `bench seed into ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`}\n`,
  );
  try {
    const bench = await seedBench(database.pool, options);
    const log = (line: string) => process.stdout.write(`${line}\n`);
    await ensureBenchMember(database.pool, bench, log);
    // After the member: the lines keep who referred each booking.
    const ledger = await ensureBenchLedger(database.pool, { groupSlug: BENCH_GROUP_SLUG, largestAgentId: bench.referralAgentId, rebuild: options.reset, log });
    log(`bench: ledger of ${ledger.lines.toLocaleString('en')} lines, ${ledger.builtNow ? 'built' : 'there already, built'} in ${ledger.buildSeconds.toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`bench seed failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
