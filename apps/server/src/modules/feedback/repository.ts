import type { FeedbackCategory, FeedbackListQuery, FeedbackRow, FeedbackStatus } from '@portal/contracts/feedback';
import type { ConsoleFeedbackListQuery, ConsoleFeedbackRow } from '@portal/contracts/console-feedback';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';
import type { StoredFile } from '../../lib/storage/file-store.ts';

/**
 * Feedback queries. Each takes the pool or a transaction's client. A partner's read names the viewer in its WHERE
 * clause: the agent, and the author too for members who see only their own threads (`FeedbackViewer.authorId`).
 */

/** Whose threads a partner reads: the agent's, and when `authorId` is set only that member's. */
export interface FeedbackViewer {
  referralAgentId: number;
  /** null: every thread of the agent (owners, managers) */
  authorId: number | null;
}

interface ThreadRecord {
  id: number;
  referral_agent_id: number;
  agent_name: string;
  author_user_id: number;
  author_name: string;
  author_email: string;
  author_first_name: string;
  author_locale: string;
  category: FeedbackCategory;
  rating: number | null;
  status: FeedbackStatus;
  assignee_operator_id: number | null;
  assignee_name: string | null;
  page_url: string | null;
  app_version: string | null;
  language: string | null;
  excerpt: string;
  message_count: number;
  created_at: Date;
  last_message_at: Date;
}
export type FeedbackThreadRecord = ThreadRecord;

const EXCERPT_LENGTH = 160;

const THREAD_SELECT = `t.id, t.referral_agent_id, ra.name AS agent_name, t.author_user_id,
  trim(u.first_name || ' ' || u.last_name) AS author_name, u.email AS author_email, u.first_name AS author_first_name,
  u.locale AS author_locale, t.category, t.rating, t.status, t.assignee_operator_id, o.name AS assignee_name,
  t.page_url, t.app_version, t.language, t.created_at, t.last_message_at,
  coalesce((SELECT left(m.body, ${EXCERPT_LENGTH}) FROM feedback_messages m WHERE m.thread_id = t.id ORDER BY m.created_at, m.id LIMIT 1), '') AS excerpt,
  (SELECT count(*)::int FROM feedback_messages m WHERE m.thread_id = t.id AND NOT m.internal) AS message_count`;
const THREAD_FROM = `feedback_threads t
  JOIN users u ON u.id = t.author_user_id
  JOIN referral_agents ra ON ra.id = t.referral_agent_id
  LEFT JOIN operators o ON o.id = t.assignee_operator_id`;

/** Every sort ends with the id, so pages never overlap. */
const ORDER_BY: Record<FeedbackListQuery['sort'], string> = {
  last_message_at: 't.last_message_at ASC, t.id ASC',
  '-last_message_at': 't.last_message_at DESC, t.id DESC',
  created_at: 't.created_at ASC, t.id ASC',
  '-created_at': 't.created_at DESC, t.id DESC',
};

export function toFeedbackRow(record: ThreadRecord): FeedbackRow {
  return {
    id: record.id,
    category: record.category,
    status: record.status,
    rating: record.rating,
    excerpt: record.excerpt,
    author: { id: record.author_user_id, name: record.author_name },
    message_count: record.message_count,
    created_at: record.created_at.toISOString(),
    last_message_at: record.last_message_at.toISOString(),
  };
}

export function toConsoleRow(record: ThreadRecord): ConsoleFeedbackRow {
  return {
    ...toFeedbackRow(record),
    referral_agent: { id: record.referral_agent_id, name: record.agent_name },
    assignee: record.assignee_operator_id === null ? null : { id: record.assignee_operator_id, name: record.assignee_name ?? '' },
  };
}

/** The viewer's scope as SQL, its values appended to `values`. */
function viewerWhere(viewer: FeedbackViewer, values: unknown[]): string {
  values.push(viewer.referralAgentId);
  let where = `t.referral_agent_id = $${values.length}`;
  if (viewer.authorId !== null) {
    values.push(viewer.authorId);
    where += ` AND t.author_user_id = $${values.length}`;
  }
  return where;
}

export async function findFeedbackPage(db: Queryable, viewer: FeedbackViewer, query: FeedbackListQuery): Promise<{ rows: FeedbackRow[]; total: number }> {
  const values: unknown[] = [];
  let where = viewerWhere(viewer, values);
  if (query.status) {
    values.push(query.status);
    where += ` AND t.status = $${values.length}`;
  }
  if (query.search) {
    values.push(containsPattern(query.search));
    where += ` AND EXISTS (SELECT 1 FROM feedback_messages s WHERE s.thread_id = t.id AND NOT s.internal AND s.body ILIKE $${values.length})`;
  }
  const { rows, total } = await queryPage<ThreadRecord>(db, {
    select: THREAD_SELECT,
    from: THREAD_FROM,
    where,
    values,
    orderBy: ORDER_BY[query.sort],
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toFeedbackRow), total };
}

/** A thread the viewer may see, or null (another agent's, or a colleague's for a member who sees only their own). */
export async function findThreadForViewer(db: Queryable, viewer: FeedbackViewer, id: number, options: { lock?: boolean } = {}): Promise<ThreadRecord | null> {
  const values: unknown[] = [id];
  const where = `t.id = $1 AND ${viewerWhere(viewer, values)}`;
  if (options.lock) await db.query(`SELECT 1 FROM feedback_threads t WHERE ${where} FOR UPDATE`, values);
  const { rows } = await db.query<ThreadRecord>(`SELECT ${THREAD_SELECT} FROM ${THREAD_FROM} WHERE ${where}`, values);
  return rows[0] ?? null;
}

/** Any thread (the console). */
export async function findThread(db: Queryable, id: number, options: { lock?: boolean } = {}): Promise<ThreadRecord | null> {
  if (options.lock) await db.query('SELECT 1 FROM feedback_threads WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<ThreadRecord>(`SELECT ${THREAD_SELECT} FROM ${THREAD_FROM} WHERE t.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findConsolePage(db: Queryable, query: ConsoleFeedbackListQuery): Promise<{ rows: ConsoleFeedbackRow[]; total: number }> {
  const values: unknown[] = [];
  const conditions: string[] = [];
  if (query.status) {
    values.push(query.status);
    conditions.push(`t.status = $${values.length}`);
  }
  if (query.category) {
    values.push(query.category);
    conditions.push(`t.category = $${values.length}`);
  }
  if (query.agent_id) {
    values.push(query.agent_id);
    conditions.push(`t.referral_agent_id = $${values.length}`);
  }
  if (query.assignee_id) {
    values.push(query.assignee_id);
    conditions.push(`t.assignee_operator_id = $${values.length}`);
  }
  if (query.search) {
    values.push(containsPattern(query.search));
    const n = values.length;
    conditions.push(
      `(u.first_name || ' ' || u.last_name ILIKE $${n} OR u.email ILIKE $${n} OR ra.name ILIKE $${n}
        OR EXISTS (SELECT 1 FROM feedback_messages s WHERE s.thread_id = t.id AND s.body ILIKE $${n}))`,
    );
  }
  const { rows, total } = await queryPage<ThreadRecord>(db, {
    select: THREAD_SELECT,
    from: THREAD_FROM,
    where: conditions.length > 0 ? conditions.join(' AND ') : 'true',
    values,
    orderBy: ORDER_BY[query.sort],
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toConsoleRow), total };
}

export interface MessageRecord {
  id: number;
  author_type: 'partner' | 'operator';
  author_name: string | null;
  internal: boolean;
  body: string;
  created_at: Date;
}

/** A thread's messages, oldest first; the internal notes only when asked for (the console). */
export async function messagesOf(db: Queryable, threadId: number, options: { internal: boolean }): Promise<MessageRecord[]> {
  const { rows } = await db.query<MessageRecord>(
    `SELECT m.id, m.author_type, m.internal, m.body, m.created_at,
            CASE WHEN m.author_type = 'partner' THEN trim(u.first_name || ' ' || u.last_name) ELSE o.name END AS author_name
       FROM feedback_messages m
       LEFT JOIN users u ON u.id = m.author_user_id
       LEFT JOIN operators o ON o.id = m.author_operator_id
      WHERE m.thread_id = $1 ${options.internal ? '' : 'AND NOT m.internal'}
      ORDER BY m.created_at, m.id`,
    [threadId],
  );
  return rows;
}

export interface AttachmentRecord {
  id: number;
  message_id: number;
  file: StoredFile;
}

export async function attachmentsOfMessages(db: Queryable, messageIds: number[]): Promise<AttachmentRecord[]> {
  if (messageIds.length === 0) return [];
  const { rows } = await db.query<AttachmentRecord>(
    'SELECT id, message_id, file FROM feedback_attachments WHERE message_id = ANY($1::int[]) ORDER BY id',
    [messageIds],
  );
  return rows;
}

/** An attachment of a message of the thread the caller already may see (never of an internal note). */
export async function findAttachmentOfThread(db: Queryable, threadId: number, attachmentId: number): Promise<StoredFile | null> {
  const { rows } = await db.query<{ file: StoredFile }>(
    `SELECT a.file FROM feedback_attachments a JOIN feedback_messages m ON m.id = a.message_id
      WHERE a.id = $1 AND m.thread_id = $2 AND NOT m.internal`,
    [attachmentId, threadId],
  );
  return rows[0]?.file ?? null;
}

export async function insertUpload(db: Queryable, userId: number, file: StoredFile): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO feedback_attachments (uploaded_by_user_id, file) VALUES ($1, $2) RETURNING id',
    [userId, JSON.stringify(file)],
  );
  return rows[0]!.id;
}

/** Gives the member's own unclaimed uploads to a message; answers how many it took (fewer: some were not theirs). */
export async function claimUploads(db: Queryable, userId: number, ids: number[], messageId: number): Promise<number> {
  if (ids.length === 0) return 0;
  const { rowCount } = await db.query(
    'UPDATE feedback_attachments SET message_id = $3 WHERE id = ANY($1::int[]) AND uploaded_by_user_id = $2 AND message_id IS NULL',
    [ids, userId, messageId],
  );
  return rowCount ?? 0;
}

export interface NewThread {
  referralAgentId: number;
  authorUserId: number;
  category: FeedbackCategory;
  rating: number | null;
  pageUrl: string | null;
  appVersion: string | null;
  language: string | null;
  status?: FeedbackStatus;
  assigneeOperatorId?: number | null;
  createdAt?: Date;
}

export async function insertThread(db: Queryable, thread: NewThread): Promise<number> {
  const at = thread.createdAt ?? new Date();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO feedback_threads (referral_agent_id, author_user_id, category, rating, page_url, app_version, language, status,
                                   assignee_operator_id, created_at, updated_at, last_message_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10) RETURNING id`,
    [
      thread.referralAgentId,
      thread.authorUserId,
      thread.category,
      thread.rating,
      thread.pageUrl,
      thread.appVersion,
      thread.language,
      thread.status ?? 'new',
      thread.assigneeOperatorId ?? null,
      at,
    ],
  );
  return rows[0]!.id;
}

export interface NewMessage {
  threadId: number;
  authorType: 'partner' | 'operator';
  authorUserId?: number | null;
  authorOperatorId?: number | null;
  internal?: boolean;
  body: string;
  createdAt?: Date;
}

/** Adds a message and moves the thread's last activity (an internal note is activity too, for the inbox). */
export async function insertMessage(db: Queryable, message: NewMessage): Promise<number> {
  const at = message.createdAt ?? new Date();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO feedback_messages (thread_id, author_type, author_user_id, author_operator_id, internal, body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [message.threadId, message.authorType, message.authorUserId ?? null, message.authorOperatorId ?? null, message.internal ?? false, message.body, at],
  );
  await db.query('UPDATE feedback_threads SET last_message_at = greatest(last_message_at, $2), updated_at = now() WHERE id = $1', [message.threadId, at]);
  return rows[0]!.id;
}

export async function setStatus(db: Queryable, id: number, status: FeedbackStatus): Promise<void> {
  await db.query('UPDATE feedback_threads SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

export async function setAssignee(db: Queryable, id: number, operatorId: number | null): Promise<void> {
  await db.query('UPDATE feedback_threads SET assignee_operator_id = $2, updated_at = now() WHERE id = $1', [id, operatorId]);
}

export async function findOperator(db: Queryable, id: number): Promise<{ id: number; name: string; role: string } | null> {
  const { rows } = await db.query<{ id: number; name: string; role: string }>("SELECT id, name, role FROM operators WHERE id = $1 AND status = 'active'", [id]);
  return rows[0] ?? null;
}

/** The inbox's filter choices: agents that have feedback, and active operators (the service keeps those who may be assigned). */
export async function consoleOptions(db: Queryable): Promise<{ agents: { id: number; name: string }[]; operators: { id: number; name: string; role: string }[] }> {
  const agents = await db.query<{ id: number; name: string }>(
    'SELECT ra.id, ra.name FROM referral_agents ra WHERE EXISTS (SELECT 1 FROM feedback_threads t WHERE t.referral_agent_id = ra.id) ORDER BY lower(ra.name), ra.id',
  );
  const operators = await db.query<{ id: number; name: string; role: string }>("SELECT id, name, role FROM operators WHERE status = 'active' ORDER BY lower(name), id");
  return { agents: agents.rows, operators: operators.rows };
}
