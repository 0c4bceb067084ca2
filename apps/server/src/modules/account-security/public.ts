import { ACCOUNT_SECURITY_ERROR_CODES } from '@portal/contracts/account-security';
import type { Queryable } from '../../db/queryable.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { ACCOUNT_SECURITY_MESSAGES } from './messages.ts';
import { reauthenticatedUntil } from './repository.ts';

/**
 * 403 `reauthentication_required` unless session `sessionId` confirmed its password (or a code) within the last 5
 * minutes (POST /api/account-security/reauthenticate): the gate of the Security tab's changes and of other areas'
 * sensitive writes (payment details). The SPA's re-authentication dialog answers it and repeats the request.
 */
export async function requireRecentReauthentication(db: Queryable, sessionId: string): Promise<void> {
  if (await reauthenticatedUntil(db, sessionId)) return;
  throw new ForbiddenError(ACCOUNT_SECURITY_MESSAGES.reauthenticationRequired, ACCOUNT_SECURITY_ERROR_CODES.reauthenticationRequired, {
    code: ACCOUNT_SECURITY_ERROR_CODES.reauthenticationRequired,
  });
}
