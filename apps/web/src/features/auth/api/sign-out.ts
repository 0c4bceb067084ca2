import { http } from '../../../lib/http';

/** POST /api/logout (204). Its 401 must not trigger another sign-out: that would loop. */
export async function signOut(): Promise<void> {
  await http.post('/api/logout', undefined, { signOutOnUnauthorized: false });
}
