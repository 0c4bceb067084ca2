import type {
  ReferralAgentDetail,
  ReferralAgentRow,
  ReferralGroupOption,
  ReferralGroupRow,
} from '@portal/contracts/console-referral-agents';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/** Referral agents and groups as operators read and change them (the console only; partners read their own agent elsewhere). */

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What an uploaded logo is stored as: the file store's answer (lib/storage/file-store.ts StoredFile). */
export interface StoredLogo {
  key: string;
  kind: string;
  contentType: string;
  size: number;
  name: string;
  encrypted: boolean;
}

/** An agent as the routes work on it: its row, the uploaded logo's description, its group. */
export interface AgentRecord {
  id: number;
  name: string;
  logo: string | null;
  logo_file: StoredLogo | null;
  referral_group_id: number;
  group_slug: string;
  group_name: string;
  partner_count: number;
  booking_count: number;
  created_at: string;
  updated_at: string;
}

// ---- agents ----

const AGENT_SORTS = {
  name: 'lower(ra.name)',
  group: 'lower(rg.name)',
  partners: 'partner_count',
  created_at: 'ra.created_at',
} as const;

const PARTNER_COUNT = '(SELECT count(*)::int FROM partner_profiles pp WHERE pp.referral_agent_id = ra.id)';
// bookings_agent_date leads with the agent: one index range per agent of the page.
const BOOKING_COUNT = '(SELECT count(*)::int FROM bookings b WHERE b.referral_agent_id = ra.id)';

const AGENT_COLUMNS = `ra.id, ra.name, ra.logo, ra.logo_file, ra.referral_group_id, rg.slug AS group_slug, rg.name AS group_name,
  ${PARTNER_COUNT} AS partner_count, ${BOOKING_COUNT} AS booking_count,
  ${ISO('ra.created_at')} AS created_at, ${ISO('ra.updated_at')} AS updated_at`;

export async function listAgents(
  db: Queryable,
  query: { search?: string | undefined; group?: number | undefined; sort: string; page: number; per_page: number },
): Promise<{ rows: AgentRecord[]; total: number }> {
  const values: unknown[] = [];
  const conditions = ['true'];
  if (query.search) {
    values.push(containsPattern(query.search));
    conditions.push(`ra.name ILIKE $${values.length}`);
  }
  if (query.group !== undefined) {
    values.push(query.group);
    conditions.push(`ra.referral_group_id = $${values.length}`);
  }
  const descending = query.sort.startsWith('-');
  const column = AGENT_SORTS[query.sort.replace(/^-/, '') as keyof typeof AGENT_SORTS];
  const direction = descending ? 'DESC' : 'ASC';
  return queryPage<AgentRecord>(db, {
    select: AGENT_COLUMNS,
    from: 'referral_agents ra JOIN referral_groups rg ON rg.id = ra.referral_group_id',
    where: conditions.join(' AND '),
    values,
    orderBy: `${column} ${direction}, ra.id ${direction}`,
    page: query.page,
    perPage: query.per_page,
  });
}

/** One agent; `lock` holds its row for the change that follows in the transaction. */
export async function findAgent(db: Queryable, id: number, options: { lock?: boolean } = {}): Promise<AgentRecord | undefined> {
  const { rows } = await db.query<AgentRecord>(
    `SELECT ${AGENT_COLUMNS}
       FROM referral_agents ra JOIN referral_groups rg ON rg.id = ra.referral_group_id
      WHERE ra.id = $1 ${options.lock ? 'FOR UPDATE OF ra' : ''}`,
    [id],
  );
  return rows[0];
}

/** The uploaded logo of `agentId`, if any: what the logo routes send. */
export async function findAgentLogoFile(db: Queryable, agentId: number): Promise<StoredLogo | null> {
  const { rows } = await db.query<{ logo_file: StoredLogo | null }>('SELECT logo_file FROM referral_agents WHERE id = $1', [agentId]);
  return rows[0]?.logo_file ?? null;
}

/** Whether another agent than `exceptId` has this name (letter case and surrounding spaces aside). */
export async function agentNameTaken(db: Queryable, name: string, exceptId?: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM referral_agents WHERE lower(name) = lower($1) AND id <> $2 LIMIT 1', [name, exceptId ?? 0]);
  return rows.length > 0;
}

export async function insertAgent(db: Queryable, agent: { name: string; referralGroupId: number }): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO referral_agents (name, referral_group_id) VALUES ($1, $2) RETURNING id', [
    agent.name,
    agent.referralGroupId,
  ]);
  return rows[0]!.id;
}

export async function updateAgent(db: Queryable, id: number, agent: { name: string; referralGroupId: number }): Promise<void> {
  await db.query('UPDATE referral_agents SET name = $2, referral_group_id = $3, updated_at = now() WHERE id = $1', [id, agent.name, agent.referralGroupId]);
}

/** Sets (or, with nulls, removes) the logo: what partners load (`logo`) and the stored file behind it. */
export async function setAgentLogo(db: Queryable, id: number, logo: string | null, file: StoredLogo | null): Promise<void> {
  await db.query('UPDATE referral_agents SET logo = $2, logo_file = $3, updated_at = now() WHERE id = $1', [id, logo, file === null ? null : JSON.stringify(file)]);
}

/**
 * Serialises the writes that check a name is free before using it (two operators creating "Harbor Health" at once),
 * for the rest of the transaction. Names are not unique in the table: registrations made an agent per organisation
 * long before the console, and duplicates among those stay until an operator renames one.
 */
export async function lockNames(db: Queryable, what: 'agents' | 'groups'): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`referral_${what}.name`]);
}

// ---- groups ----

const GROUP_SORTS = { name: 'lower(rg.name)', slug: 'rg.slug', agents: 'agent_count' } as const;

const GROUP_COLUMNS = `rg.id, rg.slug, rg.name,
  (SELECT count(*)::int FROM referral_agents ra WHERE ra.referral_group_id = rg.id) AS agent_count,
  (SELECT count(*)::int FROM referral_agents ra JOIN partner_profiles pp ON pp.referral_agent_id = ra.id WHERE ra.referral_group_id = rg.id) AS partner_count`;

export async function listGroups(
  db: Queryable,
  query: { search?: string | undefined; sort: string; page: number; per_page: number },
): Promise<{ rows: ReferralGroupRow[]; total: number }> {
  const values: unknown[] = [];
  const conditions = ['true'];
  if (query.search) {
    values.push(containsPattern(query.search));
    conditions.push(`(rg.name ILIKE $${values.length} OR rg.slug ILIKE $${values.length})`);
  }
  const descending = query.sort.startsWith('-');
  const column = GROUP_SORTS[query.sort.replace(/^-/, '') as keyof typeof GROUP_SORTS];
  const direction = descending ? 'DESC' : 'ASC';
  return queryPage<ReferralGroupRow>(db, {
    select: GROUP_COLUMNS,
    from: 'referral_groups rg',
    where: conditions.join(' AND '),
    values,
    orderBy: `${column} ${direction}, rg.id ${direction}`,
    page: query.page,
    perPage: query.per_page,
  });
}

export async function findGroup(db: Queryable, id: number, options: { lock?: boolean } = {}): Promise<ReferralGroupRow | undefined> {
  const { rows } = await db.query<ReferralGroupRow>(`SELECT ${GROUP_COLUMNS} FROM referral_groups rg WHERE rg.id = $1 ${options.lock ? 'FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/** Every group, by name (there are a handful; the limit only bounds a mistake). */
export async function groupOptions(db: Queryable): Promise<ReferralGroupOption[]> {
  const { rows } = await db.query<ReferralGroupOption>('SELECT id, slug, name FROM referral_groups ORDER BY lower(name), id LIMIT 1000');
  return rows;
}

export async function groupNameTaken(db: Queryable, name: string, exceptId?: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM referral_groups WHERE lower(name) = lower($1) AND id <> $2 LIMIT 1', [name, exceptId ?? 0]);
  return rows.length > 0;
}

export async function groupSlugTaken(db: Queryable, slug: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM referral_groups WHERE slug = $1', [slug]);
  return rows.length > 0;
}

export async function insertGroup(db: Queryable, group: { slug: string; name: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO referral_groups (slug, name) VALUES ($1, $2) RETURNING id', [group.slug, group.name]);
  return rows[0]!.id;
}

export async function renameGroup(db: Queryable, id: number, name: string): Promise<void> {
  await db.query('UPDATE referral_groups SET name = $2 WHERE id = $1', [id, name]);
}

/** The row the contract answers, from the record (the logo's console URL is the route's to build). */
export function agentRow(record: AgentRecord, logoUrl: string | null): ReferralAgentRow {
  return {
    id: record.id,
    name: record.name,
    group: { id: record.referral_group_id, slug: record.group_slug, name: record.group_name },
    logo_url: logoUrl,
    partner_count: record.partner_count,
    booking_count: record.booking_count,
    created_at: record.created_at,
  };
}

export function agentDetail(record: AgentRecord, logoUrl: string | null): ReferralAgentDetail {
  return {
    ...agentRow(record, logoUrl),
    logo_uploaded: record.logo_file !== null,
    logo_size: record.logo_file?.size ?? null,
    logo_type: record.logo_file?.contentType ?? null,
    updated_at: record.updated_at,
  };
}
