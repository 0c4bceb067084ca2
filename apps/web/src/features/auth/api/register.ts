import { useMutation } from '@tanstack/react-query';
import { successMessageSchema, type RegistrationRequest, type SuccessMessage } from '@portal/contracts/auth';
import { ensureCsrfCookie, http } from '../../../lib/http';

/** GET /sanctum/csrf-cookie, then POST /api/registration → 201 `{success, message}`; 422 field errors. */
export async function register(body: RegistrationRequest): Promise<SuccessMessage> {
  await ensureCsrfCookie();
  return http.post('/api/registration', body, { schema: successMessageSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
