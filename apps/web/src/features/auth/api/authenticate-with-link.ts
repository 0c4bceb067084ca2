import { loginResponseSchema, type LoginResponse } from '@portal/contracts/session';
import { ensureCsrfCookie, http } from '../../../lib/http';

/** GET /sanctum/csrf-cookie, then POST /api/authenticate `{token}`: a one-time sign-in link; answers like a sign-in. */
export async function authenticateWithLink(token: string, password?: { password: string; password_confirmation: string }): Promise<LoginResponse> {
  await ensureCsrfCookie();
  return http.post('/api/authenticate', { token, ...password }, { schema: loginResponseSchema, signOutOnUnauthorized: false });
}

const attempts = new Map<string, Promise<LoginResponse>>();

/**
 * The link works once, so a page that mounts twice (React's StrictMode, a remount) must not spend it twice:
 * callers with the same token share one request.
 */
export function authenticateWithLinkOnce(token: string): Promise<LoginResponse> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = authenticateWithLink(token);
    attempts.set(token, attempt);
    // A failed attempt may be retried (a network error): forget it once it has settled.
    attempt.catch(() => attempts.delete(token));
  }
  return attempt;
}
