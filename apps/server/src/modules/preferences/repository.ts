import type { Preferences, UpdatePreferencesRequest } from '@portal/contracts/preferences';
import type { Queryable } from '../../db/queryable.ts';

/**
 * Saves what the request names (a preference left out keeps its value) for this user only, and answers the saved
 * pair; undefined when there is no such user. The user is the WHERE clause: nobody else's row can change.
 */
export async function updatePreferences(db: Queryable, userId: number, changes: UpdatePreferencesRequest): Promise<Preferences | undefined> {
  const { rows } = await db.query<Preferences>(
    `UPDATE users SET locale = coalesce($2, locale), theme = coalesce($3, theme), updated_at = now()
      WHERE id = $1
      RETURNING locale, theme`,
    [userId, changes.locale ?? null, changes.theme ?? null],
  );
  return rows[0];
}
