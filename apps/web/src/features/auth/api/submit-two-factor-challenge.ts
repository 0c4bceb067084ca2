import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginResponse, type TwoFactorChallenge } from '@portal/contracts/session';
import { http } from '../../../lib/http';

/** POST /api/two-factor-challenge with `{code}` or `{recovery_code}`: answers like a sign-in. */
export function submitTwoFactorChallenge(body: TwoFactorChallenge): Promise<LoginResponse> {
  return http.post('/api/two-factor-challenge', body, { schema: loginResponseSchema, signOutOnUnauthorized: false });
}

export function useSubmitTwoFactorChallenge() {
  return useMutation({ mutationFn: submitTwoFactorChallenge });
}
