import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_EVENT_KEYS,
  NOTIFICATION_PREFERENCE_EVENTS,
  type NotificationChannel,
  type NotificationPreference,
  type NotificationPreferenceEventKey,
} from '@portal/contracts/profile';
import type { Locale, Theme } from '@portal/contracts/preferences';
import type { Queryable } from '../../db/queryable.ts';
import type { StoredFile } from '../../lib/storage/file-store.ts';

/** The profile's SQL. Every statement names the signed-in user in its WHERE clause: nobody else's row can change. */

export interface ProfileRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  locale: Locale;
  theme: Theme;
  time_zone: string | null;
  avatar_file: StoredFile | null;
  pending_email: string | null;
}

export async function findProfile(db: Queryable, userId: number): Promise<ProfileRecord | undefined> {
  const { rows } = await db.query<ProfileRecord>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.locale, u.theme, u.time_zone, u.avatar_file,
            (SELECT c.new_email FROM email_changes c
              WHERE c.user_id = u.id AND c.used_at IS NULL AND c.expires_at > now()
              ORDER BY c.created_at DESC LIMIT 1) AS pending_email
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

export async function updateProfile(
  db: Queryable,
  userId: number,
  changes: { first_name?: string | undefined; last_name?: string | undefined; time_zone?: string | null | undefined },
): Promise<void> {
  await db.query(
    `UPDATE users SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
            time_zone = CASE WHEN $4::boolean THEN $5 ELSE time_zone END, updated_at = now()
      WHERE id = $1`,
    [userId, changes.first_name ?? null, changes.last_name ?? null, changes.time_zone !== undefined, changes.time_zone ?? null],
  );
}

/** Sets (or clears) the avatar; answers the file it replaced, for the caller to delete after the commit. */
export async function setAvatar(db: Queryable, userId: number, file: StoredFile | null): Promise<StoredFile | null> {
  const { rows } = await db.query<{ previous: StoredFile | null }>(
    `UPDATE users u SET avatar_file = $2, updated_at = now()
       FROM (SELECT avatar_file AS previous FROM users WHERE id = $1 FOR UPDATE) old
      WHERE u.id = $1
      RETURNING old.previous`,
    [userId, file === null ? null : JSON.stringify(file)],
  );
  return rows[0]?.previous ?? null;
}

export async function passwordHashOf(db: Queryable, userId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return rows[0]?.password_hash;
}

/** Whether another account has this address (case-insensitive, as the unique index). */
export async function emailTaken(db: Queryable, email: string, exceptUserId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, exceptUserId]);
  return rows.length > 0;
}

/**
 * Starts a change: earlier pending links of the person stop working, so only the newest one does. Run in a
 * transaction: the person's user row is locked first, so two requests made at the same moment take turns and the
 * second one retires the first one's link (without the lock each retired only what it could see, and both links
 * stayed live).
 */
export async function insertEmailChange(db: Queryable, userId: number, newEmail: string, tokenHash: string, minutes: number): Promise<void> {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  await db.query('UPDATE email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  await db.query(
    `INSERT INTO email_changes (user_id, new_email, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4::integer))`,
    [userId, newEmail, tokenHash, minutes],
  );
}

/** Takes a usable link (unused, unexpired) and marks it used, in one statement: a second use finds nothing. */
export async function consumeEmailChange(db: Queryable, tokenHash: string): Promise<{ user_id: number; new_email: string; old_email: string } | undefined> {
  const { rows } = await db.query<{ user_id: number; new_email: string; old_email: string }>(
    `UPDATE email_changes c SET used_at = now()
       FROM users u
      WHERE c.token_hash = $1 AND c.used_at IS NULL AND c.expires_at > now() AND u.id = c.user_id
      RETURNING c.user_id, c.new_email, u.email AS old_email`,
    [tokenHash],
  );
  return rows[0];
}

/** Whether a database error is the unique index of users' addresses (another account has it). */
export function isEmailTakenError(error: unknown): boolean {
  const fields = error as { code?: unknown; constraint?: unknown } | null;
  return typeof fields === 'object' && fields !== null && fields.code === '23505' && fields.constraint === 'users_email_unique';
}

/**
 * Sets the address. Answers false, changing nothing, when another account has it: the caller's earlier check can miss
 * an account that took it a moment later (another confirmation, a registration, an invitation), which the unique
 * index then refuses. A savepoint keeps the caller's transaction usable.
 */
export async function setEmail(db: Queryable, userId: number, email: string): Promise<boolean> {
  await db.query('SAVEPOINT set_email');
  try {
    await db.query('UPDATE users SET email = $2, updated_at = now() WHERE id = $1', [userId, email]);
  } catch (error) {
    await db.query('ROLLBACK TO SAVEPOINT set_email');
    if (isEmailTakenError(error)) return false;
    throw error;
  }
  await db.query('RELEASE SAVEPOINT set_email');
  return true;
}

// ---- notification preferences ----

/** The grid: every offered cell with the person's choice, else the default; mandatory cells locked on. */
export async function notificationPreferences(db: Queryable, userId: number): Promise<NotificationPreference[]> {
  const { rows } = await db.query<{ event: string; channel: NotificationChannel; enabled: boolean }>(
    'SELECT event, channel, enabled FROM notification_preferences WHERE user_id = $1',
    [userId],
  );
  const chosen = new Map(rows.map((row) => [`${row.event}:${row.channel}`, row.enabled]));
  const grid: NotificationPreference[] = [];
  for (const event of NOTIFICATION_PREFERENCE_EVENT_KEYS) {
    for (const channel of NOTIFICATION_CHANNELS) {
      const rule = NOTIFICATION_PREFERENCE_EVENTS[event].channels[channel] as string;
      if (rule === 'never') continue;
      if (rule === 'always') grid.push({ event, channel, enabled: true, locked: true });
      else grid.push({ event, channel, enabled: chosen.get(`${event}:${channel}`) ?? rule === 'on', locked: false });
    }
  }
  return grid;
}

export async function saveNotificationPreferences(
  db: Queryable,
  userId: number,
  choices: { event: NotificationPreferenceEventKey; channel: NotificationChannel; enabled: boolean }[],
): Promise<void> {
  for (const choice of choices) {
    await db.query(
      `INSERT INTO notification_preferences (user_id, event, channel, enabled) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, event, channel) DO UPDATE SET enabled = excluded.enabled, updated_at = now()`,
      [userId, choice.event, choice.channel, choice.enabled],
    );
  }
}
