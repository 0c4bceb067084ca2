import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recoveryCodesSchema, securityOverviewSchema, securitySessionsSchema, signedOutOthersSchema, twoFactorSetupSchema } from '@portal/contracts/account-security';
import { http } from '../../../lib/http';

/**
 * The Security tab's calls (packages/contracts/src/account-security.ts), one hook each. The re-authentication (its
 * call, `needsReauthentication`, the dialog and the gate) is shared: components/reauthentication.
 */

export const accountSecurityKeys = {
  all: ['account-security'] as const,
  overview: () => [...accountSecurityKeys.all, 'overview'] as const,
  sessions: () => [...accountSecurityKeys.all, 'sessions'] as const,
};

export function useSecurityOverview() {
  return useQuery({
    queryKey: accountSecurityKeys.overview(),
    queryFn: ({ signal }) => http.get('/api/account-security', { schema: securityOverviewSchema, signal }),
  });
}

export function useSecuritySessions() {
  return useQuery({
    queryKey: accountSecurityKeys.sessions(),
    queryFn: ({ signal }) => http.get('/api/account-security/sessions', { schema: securitySessionsSchema, signal }),
  });
}

/** After a change: the overview, the sessions and the activity list read again. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).includes('account-security') });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: () => http.post('/api/account-security/two-factor', undefined, { schema: twoFactorSetupSchema }) });
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (code: string) => http.post('/api/account-security/two-factor/confirm', { code }, { schema: recoveryCodesSchema }),
    onSuccess: () => void refresh(),
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: () => http.delete('/api/account-security/two-factor'),
    onSuccess: () => void refresh(),
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: () => http.post('/api/account-security/recovery-codes', undefined, { schema: recoveryCodesSchema }),
    onSuccess: () => void refresh(),
  });
}

export function useEndSession() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/api/account-security/sessions/${encodeURIComponent(id)}`),
    onSettled: () => void refresh(),
  });
}

export function useSignOutOthers() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: () => http.post('/api/account-security/sessions/sign-out-others', undefined, { schema: signedOutOthersSchema }),
    onSettled: () => void refresh(),
  });
}
