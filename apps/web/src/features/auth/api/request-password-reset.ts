import { useMutation } from '@tanstack/react-query';
import { successMessageSchema, type SuccessMessage } from '@portal/contracts/auth';
import { ensureCsrfCookie, http } from '../../../lib/http';

/** GET /sanctum/csrf-cookie, then POST /api/users/forgot-password `{email}` → `{success, message}` (spec §7). */
export async function requestPasswordReset(body: { email: string }): Promise<SuccessMessage> {
  await ensureCsrfCookie();
  return http.post('/api/users/forgot-password', body, { schema: successMessageSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
