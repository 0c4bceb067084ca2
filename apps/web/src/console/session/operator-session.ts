/**
 * The console's session calls (packages/contracts/src/console-session.ts), one HTTP client with the partner SPA: the
 * console points it at its own CSRF cookie at start (console/main.tsx). The signed-in operator is a query, `me`:
 * the guard reads it, sign-in writes it, sign-out and any 401 clear it.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  CONSOLE_API_PREFIX,
  consoleLoginResponseSchema,
  consoleSignedInSchema,
  twoFactorConfirmResponseSchema,
  twoFactorEnrolmentSchema,
  type ConsoleLoginRequest,
  type ConsoleLoginResponse,
  type ConsoleSignedIn,
  type Operator,
  type TwoFactorConfirmResponse,
  type TwoFactorEnrolment,
} from '@portal/contracts/console-session';
import type { TwoFactorChallenge } from '@portal/contracts/session';
import { http, isHttpError } from '../../lib/http';

/** GET /api/console/me: the operator, or null when nobody is signed in (401). */
export const operatorQuery = queryOptions({
  queryKey: ['console', 'me'] as const,
  queryFn: async ({ signal }): Promise<Operator | null> => {
    try {
      return (await http.get(`${CONSOLE_API_PREFIX}/me`, { schema: consoleSignedInSchema, signal, signOutOnUnauthorized: false })).operator;
    } catch (error) {
      if (isHttpError(error, 401)) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

/** Sign-in steps: their 401/422 are answers to show, not a session that ended. */
const signInOptions = { signOutOnUnauthorized: false } as const;

export function login(body: ConsoleLoginRequest): Promise<ConsoleLoginResponse> {
  return http.post(`${CONSOLE_API_PREFIX}/login`, body, { schema: consoleLoginResponseSchema, ...signInOptions });
}

export function startEnrolment(): Promise<TwoFactorEnrolment> {
  return http.post(`${CONSOLE_API_PREFIX}/two-factor/enrolment`, undefined, { schema: twoFactorEnrolmentSchema, ...signInOptions });
}

export function confirmEnrolment(code: string): Promise<TwoFactorConfirmResponse> {
  return http.post(`${CONSOLE_API_PREFIX}/two-factor/confirm`, { code }, { schema: twoFactorConfirmResponseSchema, ...signInOptions });
}

export function passChallenge(body: TwoFactorChallenge): Promise<ConsoleSignedIn> {
  return http.post(`${CONSOLE_API_PREFIX}/two-factor-challenge`, body, { schema: consoleSignedInSchema, ...signInOptions });
}

/** Ends the session on the server; what this tab knew of the operator goes with it. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await http.post(`${CONSOLE_API_PREFIX}/logout`, undefined, signInOptions);
  } catch (error) {
    // A session that had already ended is signed out all the same.
    if (!isHttpError(error, 401)) throw error;
  }
  signedOut(queryClient);
}

/** Forgets the operator and every answer fetched for them (another operator may sign in next in this tab). */
export function signedOut(queryClient: QueryClient): void {
  // The guard watches `me`: nobody now, so it sends the page to sign-in. Everything else goes.
  queryClient.setQueryData(operatorQuery.queryKey, null);
  queryClient.removeQueries({ predicate: (query) => !(query.queryKey[0] === 'console' && query.queryKey[1] === 'me') });
}

export function signedIn(queryClient: QueryClient, operator: Operator): void {
  queryClient.setQueryData(operatorQuery.queryKey, operator);
}
