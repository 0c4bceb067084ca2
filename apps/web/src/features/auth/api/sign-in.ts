import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@portal/contracts/session';
import { http } from '../../../lib/http';

/**
 * POST /api/login. 200 `{two_factor, user?}`; 422 field errors; 429 throttled; 403 `approval_pending` or
 * `registration_rejected`. The auth store's `login` action is the only caller (spec §4).
 */
export function signIn(credentials: LoginRequest): Promise<LoginResponse> {
  return http.post('/api/login', credentials, { schema: loginResponseSchema, signOutOnUnauthorized: false });
}
