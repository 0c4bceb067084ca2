import { useMutation } from '@tanstack/react-query';
import {
  updatePasswordResponseSchema,
  type UpdatePasswordRequest,
  type UpdatePasswordResponse,
} from '@portal/contracts/auth';
import { http } from '../../../lib/http';

/** POST /api/users/update-password → `{success, message, user}`; 422 field errors. */
export function updatePassword(body: UpdatePasswordRequest): Promise<UpdatePasswordResponse> {
  return http.post('/api/users/update-password', body, { schema: updatePasswordResponseSchema });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
