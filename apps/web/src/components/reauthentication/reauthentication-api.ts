import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_SECURITY_ERROR_CODES, reauthenticateResponseSchema, type ReauthenticateRequest } from '@portal/contracts/account-security';
import { http, isHttpError } from '../../lib/http';

/** POST /api/account-security/reauthenticate (packages/contracts/src/account-security.ts). */
export const REAUTHENTICATE_URL = '/api/account-security/reauthenticate';

/** True for the 403 that asks this session to confirm the password (or a code) before the call is retried. */
export function needsReauthentication(error: unknown): boolean {
  return isHttpError(error, 403) && error.code === ACCOUNT_SECURITY_ERROR_CODES.reauthenticationRequired;
}

/**
 * Confirms the password (or a code) for this session. Afterwards the Security tab's queries (their keys name
 * 'account-security': the overview's "confirmed until", the activity's "Identity confirmed") read again.
 */
export function useReauthenticate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReauthenticateRequest) => http.post(REAUTHENTICATE_URL, body, { schema: reauthenticateResponseSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).includes('account-security') }),
  });
}
