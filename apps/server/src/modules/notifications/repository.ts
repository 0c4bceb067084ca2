import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@portal/contracts/notifications';
import type { Drizzle } from '../../db/client.ts';
import { notifications, type NotificationRow } from '../../db/schema/notifications.ts';

/**
 * Notification queries. Every read and write of a user's notifications names the user in its WHERE clause,
 * so another user's id finds nothing (404) instead of being checked after the fact (ARCHITECTURE habit 5).
 */

/** A transaction or the database itself. */
export type Executor = Pick<Drizzle, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Not a uuid: cannot be anyone's notification (and PostgreSQL would reject the cast). */
export function isNotificationId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    data: row.data ?? {},
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface NewNotification {
  type: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
}

/** Rows per INSERT: a referral agent with thousands of partners becomes a few statements, not one huge one. */
const INSERT_CHUNK = 500;

export async function insertForUsers(db: Executor, userIds: number[], input: NewNotification): Promise<NotificationRow[]> {
  const rows: NotificationRow[] = [];
  for (let start = 0; start < userIds.length; start += INSERT_CHUNK) {
    const chunk = userIds.slice(start, start + INSERT_CHUNK);
    rows.push(
      ...(await db
        .insert(notifications)
        .values(chunk.map((userId) => ({ userId, ...input })))
        .returning()),
    );
  }
  return rows;
}

export async function listForUser(
  db: Executor,
  userId: number,
  options: { page: number; perPage: number; unreadOnly: boolean },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = options.unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [totalRow] = await db.select({ total: count() }).from(notifications).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.total ?? 0);
}

/** Unread counts of several users at once; users with none are absent from the map. */
export async function countUnreadForUsers(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, total: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, Number(row.total));
  return counts;
}

/** Marks one read (keeping the first read time if it was already read); false when the user has no such notification. */
export async function markRead(db: Executor, userId: number, id: string): Promise<boolean> {
  if (!isNotificationId(id)) return false;
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteOne(db: Executor, userId: number, id: string): Promise<boolean> {
  if (!isNotificationId(id)) return false;
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** The approved partners of a referral agent: who "every partner of the agent" means. */
export async function approvedUserIdsOfAgent(db: Executor, referralAgentId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN partner_profiles p ON p.user_id = u.id
         WHERE p.referral_agent_id = ${referralAgentId} AND u.status = 'approved' ORDER BY u.id`,
  );
  return result.rows.map((row) => Number(row.id));
}

/** The subset of `userIds` that exist (a stale id from a caller must not fail the whole insert on the FK). */
export async function existingUserIds(db: Executor, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE id IN (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}) ORDER BY id`,
  );
  return result.rows.map((row) => Number(row.id));
}
