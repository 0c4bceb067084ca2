import type { BroadcastState, NotificationAudience, NotificationBroadcast, AgentChoice, PartnerChoice } from '@portal/contracts/console-notifications';
import { RECIPIENT_CHOICES_MAX } from '@portal/contracts/console-notifications';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/**
 * SQL of what operators send (migrations/0011_notification_broadcasts.sql) and of who it reaches. Operators see every
 * agent's partners (no scoping by agent); "a partner" is always an approved one, since only they can sign in to read it.
 */

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const BROADCAST_COLUMNS = `b.id, b.audience, b.audience_label, b.title, b.body, b.title_ar, b.body_ar, b.link, b.sender_type, b.sender_name,
  b.recipient_count, b.sent_count, b.state, b.error, ${ISO('b.created_at')} AS created_at, ${ISO('b.finished_at')} AS finished_at`;

/** A stored send, with what its fan-out needs. */
export interface BroadcastRecord extends NotificationBroadcast {
  audience_user_id: number | null;
  audience_agent_id: number | null;
  cursor_user_id: number;
  max_user_id: number;
}

export interface NewBroadcast {
  audience: NotificationAudience;
  audienceUserId: number | null;
  audienceAgentId: number | null;
  audienceLabel: string | null;
  title: string;
  body: string;
  titleAr: string | null;
  bodyAr: string | null;
  link: string | null;
  senderType: 'operator' | 'cli';
  senderOperatorId: number | null;
  senderName: string;
  recipientCount: number;
  state: BroadcastState;
  maxUserId: number;
}

export async function insertBroadcast(db: Queryable, broadcast: NewBroadcast): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO notification_broadcasts (audience, audience_user_id, audience_agent_id, audience_label, title, body, title_ar, body_ar, link,
                                          sender_type, sender_operator_id, sender_name, recipient_count, state, max_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      broadcast.audience,
      broadcast.audienceUserId,
      broadcast.audienceAgentId,
      broadcast.audienceLabel,
      broadcast.title,
      broadcast.body,
      broadcast.titleAr,
      broadcast.bodyAr,
      broadcast.link,
      broadcast.senderType,
      broadcast.senderOperatorId,
      broadcast.senderName,
      broadcast.recipientCount,
      broadcast.state,
      broadcast.maxUserId,
    ],
  );
  return Number(rows[0]!.id);
}

/** One send; `lock` takes it FOR UPDATE (the fan-out's batch, in its transaction). */
export async function findBroadcast(db: Queryable, id: number, options: { lock?: boolean } = {}): Promise<BroadcastRecord | undefined> {
  const { rows } = await db.query<BroadcastRecord>(
    `SELECT ${BROADCAST_COLUMNS}, b.audience_user_id, b.audience_agent_id, b.cursor_user_id, b.max_user_id
       FROM notification_broadcasts b WHERE b.id = $1 ${options.lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/** A batch is stored: the cursor moves past it, and the count grows, in the batch's transaction. */
export async function advanceBroadcast(db: Queryable, id: number, change: { cursor: number; sent: number }): Promise<void> {
  await db.query(
    `UPDATE notification_broadcasts SET cursor_user_id = $2, sent_count = sent_count + $3, state = 'sending', error = NULL WHERE id = $1`,
    [id, change.cursor, change.sent],
  );
}

/** Every recipient has it: 'sent', and the count is what was reached (a partner suspended meanwhile is not counted). */
export async function finishBroadcast(db: Queryable, id: number, sentCount?: number): Promise<void> {
  await db.query(
    `UPDATE notification_broadcasts
        SET state = 'sent', error = NULL, finished_at = now(),
            sent_count = coalesce($2, sent_count), recipient_count = coalesce($2, sent_count)
      WHERE id = $1`,
    [id, sentCount ?? null],
  );
}

/** The fan-out's attempts ran out; the history shows why. Nothing is changed once it was sent. */
export async function failBroadcast(db: Queryable, id: number, error: string): Promise<void> {
  await db.query(`UPDATE notification_broadcasts SET state = 'failed', error = $2 WHERE id = $1 AND state <> 'sent'`, [id, error.slice(0, 500)]);
}

/** The approved partners a send reaches: of one agent, or all; `after`/`upTo` bound the user ids (the fan-out's window). */
function audienceWhere(audience: { agentId: number | null }, values: unknown[]): string {
  const conditions = ["u.status = 'approved'"];
  if (audience.agentId !== null) {
    values.push(audience.agentId);
    conditions.push(`p.referral_agent_id = $${values.length}`);
  }
  return conditions.join(' AND ');
}

export async function countApprovedPartners(db: Queryable, audience: { agentId: number | null }): Promise<number> {
  const values: unknown[] = [];
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM users u JOIN partner_profiles p ON p.user_id = u.id WHERE ${audienceWhere(audience, values)}`,
    values,
  );
  return rows[0]?.total ?? 0;
}

/** The next `limit` recipients of a fan-out after its cursor, in user id order. */
export async function nextRecipients(
  db: Queryable,
  audience: { agentId: number | null },
  window: { after: number; upTo: number; limit: number },
): Promise<number[]> {
  const values: unknown[] = [window.after, window.upTo, window.limit];
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN partner_profiles p ON p.user_id = u.id
      WHERE u.id > $1 AND u.id <= $2 AND ${audienceWhere(audience, values)}
      ORDER BY u.id LIMIT $3`,
    values,
  );
  return rows.map((row) => Number(row.id));
}

/** The newest account's id: a fan-out reaches the accounts that existed when it was sent. */
export async function newestUserId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number | null }>('SELECT max(id) AS id FROM users');
  return Number(rows[0]?.id ?? 0);
}

/** A partner account by id: name, status and agent (any status: the caller tells a pending one apart). */
export async function findPartner(db: Queryable, userId: number): Promise<{ id: number; name: string; status: string } | undefined> {
  const { rows } = await db.query<{ id: number; name: string; status: string }>(
    `SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.status FROM users u JOIN partner_profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

export async function findAgent(db: Queryable, agentId: number): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM referral_agents WHERE id = $1', [agentId]);
  return rows[0];
}

/** Approved partners matching `search` (name, e-mail, organisation), best first: names that start with it, then A–Z. */
export async function searchPartners(db: Queryable, search: string | undefined): Promise<PartnerChoice[]> {
  const values: unknown[] = [RECIPIENT_CHOICES_MAX];
  let where = "u.status = 'approved'";
  // Names and addresses that start with the search first (a constant would be read as a column position).
  let rank = '';
  if (search) {
    values.push(containsPattern(search), `${search.toLowerCase()}%`);
    where += ` AND (u.first_name || ' ' || u.last_name ILIKE $2 OR u.email ILIKE $2 OR coalesce(p.organisation, '') ILIKE $2)`;
    rank = `CASE WHEN lower(u.first_name || ' ' || u.last_name) LIKE $3 OR lower(u.email) LIKE $3 THEN 0 ELSE 1 END, `;
  }
  const { rows } = await db.query<PartnerChoice>(
    `SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.email, p.organisation, ra.name AS referral_agent
       FROM users u JOIN partner_profiles p ON p.user_id = u.id JOIN referral_agents ra ON ra.id = p.referral_agent_id
      WHERE ${where}
      ORDER BY ${rank}lower(u.first_name || ' ' || u.last_name), u.id
      LIMIT $1`,
    values,
  );
  return rows;
}

/** Referral agents matching `search` by name, with their approved partners counted. */
export async function searchAgents(db: Queryable, search: string | undefined): Promise<AgentChoice[]> {
  const values: unknown[] = [RECIPIENT_CHOICES_MAX];
  let where = 'true';
  let rank = '';
  if (search) {
    values.push(containsPattern(search), `${search.toLowerCase()}%`);
    where = 'ra.name ILIKE $2';
    rank = 'CASE WHEN lower(ra.name) LIKE $3 THEN 0 ELSE 1 END, ';
  }
  const { rows } = await db.query<AgentChoice>(
    `SELECT ra.id, ra.name,
            (SELECT count(*)::int FROM partner_profiles p JOIN users u ON u.id = p.user_id
              WHERE p.referral_agent_id = ra.id AND u.status = 'approved') AS partners
       FROM referral_agents ra
      WHERE ${where}
      ORDER BY ${rank}lower(ra.name), ra.id
      LIMIT $1`,
    values,
  );
  return rows;
}

/** The history: newest first, searchable by title or audience, filtered by audience. */
export async function listBroadcasts(
  db: Queryable,
  query: { search?: string | undefined; audience?: NotificationAudience | undefined; page: number; per_page: number },
): Promise<{ rows: NotificationBroadcast[]; total: number }> {
  const values: unknown[] = [];
  const conditions = ['true'];
  if (query.search) {
    values.push(containsPattern(query.search));
    conditions.push(`(b.title ILIKE $${values.length} OR coalesce(b.title_ar, '') ILIKE $${values.length} OR coalesce(b.audience_label, '') ILIKE $${values.length})`);
  }
  if (query.audience) {
    values.push(query.audience);
    conditions.push(`b.audience = $${values.length}`);
  }
  return queryPage<NotificationBroadcast>(db, {
    select: BROADCAST_COLUMNS,
    from: 'notification_broadcasts b',
    where: conditions.join(' AND '),
    values,
    orderBy: 'b.created_at DESC, b.id DESC',
    page: query.page,
    perPage: query.per_page,
  });
}

/** Strips the fan-out's own columns: what the history answers. */
export function toBroadcast(record: BroadcastRecord): NotificationBroadcast {
  const { audience_user_id: _user, audience_agent_id: _agent, cursor_user_id: _cursor, max_user_id: _max, ...broadcast } = record;
  return broadcast;
}
