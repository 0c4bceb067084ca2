import { useMutation } from '@tanstack/react-query';
import { successMessageSchema, type ResetPasswordRequest, type SuccessMessage } from '@portal/contracts/auth';
import { ensureCsrfCookie, http } from '../../../lib/http';

/** GET /sanctum/csrf-cookie, then POST /api/users/reset-password → `{success, message}` (spec §7). */
export async function resetPassword(body: ResetPasswordRequest): Promise<SuccessMessage> {
  await ensureCsrfCookie();
  return http.post('/api/users/reset-password', body, { schema: successMessageSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
