/** PATCH /api/user/preferences: the signed-in user's language and theme, saved on the server (any device, e-mails). */
import { preferencesSchema, type Preferences, type UpdatePreferencesRequest } from '@portal/contracts/preferences';
import { http } from './http';

export function savePreferences(body: UpdatePreferencesRequest): Promise<Preferences> {
  return http.patch('/api/user/preferences', body, { schema: preferencesSchema });
}
