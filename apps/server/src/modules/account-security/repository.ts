import { UnauthenticatedError } from '../../lib/errors.ts';
import { REAUTHENTICATION_MINUTES } from '@portal/contracts/account-security';
import type { Queryable } from '../../db/queryable.ts';
import type { Locale } from '@portal/contracts/preferences';

/** The Security tab's SQL: the member's sessions (always by user_id inside the statement) and the re-auth mark. */

export interface SessionRow {
  id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_activity_at: Date;
}

/** The member's signed-in, unexpired sessions, the most recently used first. */
export async function listUserSessions(db: Queryable, userId: number): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT id, ip, user_agent, created_at, last_activity_at FROM sessions
      WHERE user_id = $1 AND expires_at > now()
      ORDER BY last_activity_at DESC, created_at DESC`,
    [userId],
  );
  return rows;
}

/** Deletes one session of the member; false when it is not theirs (or gone). */
export async function deleteUserSession(db: Queryable, userId: number, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2', [sessionId, userId]);
  return rowCount === 1;
}

/** Deletes every session of the member but `keepSessionId`; how many ended. */
export async function deleteOtherSessions(db: Queryable, userId: number, keepSessionId: string): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keepSessionId]);
  return rowCount ?? 0;
}

/** Marks the session re-authenticated now; answers until when the mark counts. */
export async function markReauthenticated(db: Queryable, sessionId: string): Promise<Date> {
  const { rows } = await db.query<{ until: Date }>(
    `UPDATE sessions SET reauthenticated_at = now() WHERE id = $1
     RETURNING reauthenticated_at + make_interval(mins => $2) AS until`,
    [sessionId, REAUTHENTICATION_MINUTES],
  );
  // The session ended meanwhile (from another device, or the member was deactivated): nobody to re-authenticate.
  if (!rows[0]) throw new UnauthenticatedError();
  return rows[0].until;
}

/** Until when the session's re-authentication counts; null when there is none within the last 5 minutes. */
export async function reauthenticatedUntil(db: Queryable, sessionId: string): Promise<Date | null> {
  const { rows } = await db.query<{ until: Date }>(
    `SELECT reauthenticated_at + make_interval(mins => $2) AS until FROM sessions
      WHERE id = $1 AND reauthenticated_at > now() - make_interval(mins => $2)`,
    [sessionId, REAUTHENTICATION_MINUTES],
  );
  return rows[0]?.until ?? null;
}

export async function findPasswordHash(db: Queryable, userId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return rows[0]?.password_hash;
}

export interface MailRecipientRow {
  email: string;
  first_name: string;
  locale: Locale;
}

export async function findMailRecipient(db: Queryable, userId: number): Promise<MailRecipientRow | undefined> {
  const { rows } = await db.query<MailRecipientRow>('SELECT email, first_name, locale FROM users WHERE id = $1', [userId]);
  return rows[0];
}
