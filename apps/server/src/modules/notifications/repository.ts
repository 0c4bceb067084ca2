import { PARTNER_ROLES, partnerRoleCan, referralScope } from '@portal/contracts/partner-roles';
import type { Notification } from '@portal/contracts/notifications';
import type { Locale } from '@portal/contracts/preferences';
import { queryPage, type Queryable } from '../../db/queryable.ts';
import { renderStoredNotice } from './notices.ts';

/**
 * Notification queries. Every read and write of a user's notifications names the user in its WHERE clause,
 * so another user's id finds nothing (404) instead of being checked after the fact (ARCHITECTURE habit 5).
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Not a uuid: cannot be anyone's notification (and PostgreSQL would reject the cast). */
export function isNotificationId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/** A row of migrations/0003_notifications.sql, as NOTIFICATION_COLUMNS reads it. */
export interface NotificationRow {
  id: string;
  user_id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown> | null;
  read_at: Date | null;
  created_at: Date;
  /** A notice's key and values (notices.ts, migration 0036): worded again at each read in the reader's language. */
  message_key: string | null;
  message_values: Record<string, unknown> | null;
}

const NOTIFICATION_COLUMNS = 'id, user_id, type, title, body, link, data, read_at, created_at, message_key, message_values';

/**
 * The row as the API answers it: a notice worded in `locale` (the reader's) when given; otherwise, and for a plain
 * message or a key no area defines any more, the words stored when it was sent (in the recipient's saved language).
 */
export function toNotification(row: NotificationRow, locale?: Locale): Notification {
  const worded = locale && row.message_key ? renderStoredNotice(row.message_key, row.message_values, locale) : null;
  return {
    id: row.id,
    type: row.type,
    title: worded?.title ?? row.title,
    body: worded?.body ?? row.body,
    link: row.link,
    data: row.data ?? {},
    read_at: row.read_at ? row.read_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

export interface NewNotification {
  type: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  messageKey?: string | undefined;
  messageValues?: unknown;
}

/** Rows per INSERT: a referral agent with thousands of partners becomes a few statements, not one huge one. */
const INSERT_CHUNK = 500;

export async function insertForUsers(db: Queryable, userIds: number[], input: NewNotification): Promise<NotificationRow[]> {
  const rows: NotificationRow[] = [];
  for (let start = 0; start < userIds.length; start += INSERT_CHUNK) {
    const chunk = userIds.slice(start, start + INSERT_CHUNK);
    // One row per user: the same text for all, so it is sent once and unnested against the ids.
    const result = await db.query<NotificationRow>(
      `INSERT INTO notifications (user_id, type, title, body, link, data, message_key, message_values)
       SELECT user_id, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb FROM unnest($1::int[]) WITH ORDINALITY AS recipients(user_id, position)
        ORDER BY position
       RETURNING ${NOTIFICATION_COLUMNS}`,
      [chunk, input.type, input.title, input.body, input.link, JSON.stringify(input.data), input.messageKey ?? null, input.messageKey ? JSON.stringify(input.messageValues ?? {}) : null],
    );
    rows.push(...result.rows);
  }
  return rows;
}

export async function listForUser(
  db: Queryable,
  userId: number,
  options: { page: number; perPage: number; unreadOnly: boolean },
): Promise<{ rows: NotificationRow[]; total: number }> {
  return queryPage<NotificationRow>(db, {
    select: NOTIFICATION_COLUMNS,
    from: 'notifications',
    where: options.unreadOnly ? 'user_id = $1 AND read_at IS NULL' : 'user_id = $1',
    values: [userId],
    orderBy: 'created_at DESC, id DESC',
    page: options.page,
    perPage: options.perPage,
  });
}

export async function countUnread(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return rows[0]?.total ?? 0;
}

/** Unread counts of several users at once; users with none are absent from the map. */
export async function countUnreadForUsers(db: Queryable, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (userIds.length === 0) return counts;
  const { rows } = await db.query<{ user_id: number; total: number }>(
    `SELECT user_id, count(*)::int AS total FROM notifications
      WHERE user_id = ANY($1::int[]) AND read_at IS NULL GROUP BY user_id`,
    [userIds],
  );
  for (const row of rows) counts.set(row.user_id, row.total);
  return counts;
}

/** Marks one read (keeping the first read time if it was already read); false when the user has no such notification. */
export async function markRead(db: Queryable, userId: number, id: string): Promise<boolean> {
  if (!isNotificationId(id)) return false;
  const { rowCount } = await db.query(
    'UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
  return (rowCount ?? 0) > 0;
}

export async function markAllRead(db: Queryable, userId: number): Promise<number> {
  const { rowCount } = await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return rowCount ?? 0;
}

export async function deleteOne(db: Queryable, userId: number, id: string): Promise<boolean> {
  if (!isNotificationId(id)) return false;
  const { rowCount } = await db.query('DELETE FROM notifications WHERE id = $1 AND user_id = $2', [id, userId]);
  return (rowCount ?? 0) > 0;
}

const REFERRAL_READERS = PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'referrals.read'));
const AGENT_WIDE_READERS = REFERRAL_READERS.filter((role) => referralScope(role) === 'agent');

/**
 * The approved members of a referral agent who may see one of its referrals (issue 17, the bookings list's rule):
 * roles that read the whole agent's referrals, and the member who referred it if their role reads referrals at all.
 */
export async function approvedUserIdsSeeingReferral(db: Queryable, referralAgentId: number, referredByUserId: number | null): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN partner_profiles p ON p.user_id = u.id
      WHERE p.referral_agent_id = $1 AND u.status = 'approved'
        AND (p.role = ANY($2::text[]) OR (u.id = $3 AND p.role = ANY($4::text[])))
      ORDER BY u.id`,
    [referralAgentId, AGENT_WIDE_READERS, referredByUserId, REFERRAL_READERS],
  );
  return rows.map((row) => Number(row.id));
}

/** The approved partners of a referral agent: who "every partner of the agent" means. */
export async function approvedUserIdsOfAgent(db: Queryable, referralAgentId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN partner_profiles p ON p.user_id = u.id
      WHERE p.referral_agent_id = $1 AND u.status = 'approved' ORDER BY u.id`,
    [referralAgentId],
  );
  return rows.map((row) => Number(row.id));
}

/** The saved language of each of `userIds` (users.locale), in the order of the ids. */
export async function localesOfUsers(db: Queryable, userIds: number[]): Promise<{ id: number; locale: Locale }[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<{ id: number; locale: Locale }>(
    'SELECT u.id, u.locale FROM unnest($1::int[]) WITH ORDINALITY AS recipients(id, position) JOIN users u ON u.id = recipients.id ORDER BY position',
    [userIds],
  );
  return rows.map((row) => ({ id: Number(row.id), locale: row.locale }));
}

/** The subset of `userIds` that exist (a stale id from a caller must not fail the whole insert on the FK). */
export async function existingUserIds(db: Queryable, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE id = ANY($1::int[]) ORDER BY id', [userIds]);
  return rows.map((row) => Number(row.id));
}
