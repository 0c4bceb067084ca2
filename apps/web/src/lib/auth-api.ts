/**
 * The session's own calls: sign in, sign out and fetch the signed-in user. They live in lib/, not in
 * features/auth, because the auth store (stores/) makes them and shared code never depends on an area
 * (bulletproof-react keeps its auth API in `lib/auth.tsx` for the same reason). The auth pages' other calls
 * (registration, password reset, two-factor, sign-in links) stay in features/auth/api.
 */
import { loginResponseSchema, userSchema, type LoginRequest, type LoginResponse, type User } from '@portal/contracts/session';
import { http } from './http';

/**
 * POST /api/login. 200 `{two_factor, user?}`; 422 field errors; 429 throttled; 403 `approval_pending` or
 * `registration_rejected`. The auth store's `login` action is the only caller (spec §4).
 */
export function signIn(credentials: LoginRequest): Promise<LoginResponse> {
  return http.post('/api/login', credentials, { schema: loginResponseSchema, signOutOnUnauthorized: false });
}

/** POST /api/logout (204). Its 401 must not trigger another sign-out: that would loop. */
export async function signOut(): Promise<void> {
  await http.post('/api/logout', undefined, { signOutOnUnauthorized: false });
}

/** GET /api/user: the signed-in user, or HttpError 401 without a session. */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return http.get('/api/user', { schema: userSchema, signal });
}
