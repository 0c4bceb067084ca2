import type pg from 'pg';
import QRCode from 'qrcode';
import { LOGIN_DECAY_SECONDS, LOGIN_MAX_ATTEMPTS } from '@portal/contracts/constants';
import {
  SECURITY_ACTIVITY_KINDS,
  SIGN_IN_METHODS,
  type ReauthenticateRequest,
  type SecurityActivityKind,
  type SecurityActivityRow,
  type SecurityOverview,
  type SecuritySession,
  type TwoFactorSetupAnswer,
} from '@portal/contracts/account-security';
import type { Config } from '../../config.ts';
import { inTransaction } from '../../db/queryable.ts';
import { listSecurityEvents } from '../../lib/audit/audit-events.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { sha256 } from '../../lib/tokens.ts';
import {
  confirmTwoFactorSetup,
  regenerateRecoveryCodes,
  removeTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
  verifyTwoFactorCode,
} from '../auth/public.ts';
import { describeDevice } from './devices.ts';
import { securityNoticeMail } from './mails.ts';
import { requireRecentReauthentication as requireSessionReauthentication } from './public.ts';
import { ACCOUNT_SECURITY_MESSAGES } from './messages.ts';
import {
  deleteOtherSessions,
  deleteUserSession,
  findMailRecipient,
  findPasswordHash,
  listUserSessions,
  markReauthenticated,
  reauthenticatedUntil,
} from './repository.ts';

export interface AccountSecurityDependencies {
  pool: pg.Pool;
  config: Config;
  mailer: Mailer;
  /** Closes the member's realtime sockets (app.broadcaster.terminateUserConnections), after their sessions ended. */
  closeSockets(userId: number): Promise<void>;
}

/** Who is asking: the member, the session they ask from, and where the request came from (for the audit rows). */
export interface SecurityCaller {
  userId: number;
  email: string;
  sessionId: string;
  origin: Pick<AuditActor, 'ip' | 'userAgent'>;
}

/**
 * A session's handle as the SPA sees it: the stored id is the sha256 of the cookie's token, which is no secret by
 * itself, but a handle of its own means a list that leaks (a screenshot, a log) names nothing the session table keys.
 */
export function sessionHandle(sessionId: string): string {
  return sha256(`session-handle:${sessionId}`).slice(0, 32);
}

const AUDIT_KINDS = new Set<string>(SECURITY_ACTIVITY_KINDS);
const METHODS = new Set<string>(SIGN_IN_METHODS);

/** An audit row of the auth area as the activity list shows it. */
function activityKind(action: string, after: Record<string, unknown>): SecurityActivityKind {
  const name = action.slice('auth.'.length);
  if (name === 'session_ended') return after.reason === 'signed_out' || after.method === 'signed_out' ? 'signed_out' : 'session_ended';
  return AUDIT_KINDS.has(name) ? (name as SecurityActivityKind) : 'other';
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;

export function createAccountSecurityService(deps: AccountSecurityDependencies) {
  const { pool, config } = deps;

  function event(caller: SecurityCaller, action: string, after: Record<string, unknown>, db: pg.Pool | pg.PoolClient = pool) {
    return recordAudit(db, { type: 'partner', id: caller.userId, ...caller.origin }, { action, target: { type: 'user', id: caller.userId }, after });
  }

  /** 403 `reauthentication_required` unless this session was re-authenticated within the last 5 minutes. */
  function requireRecentReauthentication(caller: SecurityCaller): Promise<void> {
    return requireSessionReauthentication(pool, caller.sessionId);
  }

  async function notify(userId: number, kind: 'twoFactorDisabled' | 'signedOutEverywhere', db: pg.PoolClient): Promise<void> {
    const recipient = await findMailRecipient(db, userId);
    if (!recipient) return;
    await deps.mailer.queue(
      securityNoticeMail({ kind, to: recipient.email, firstName: recipient.first_name, locale: recipient.locale, securityUrl: `${config.appUrl}/profile/security` }),
      { db },
    );
  }

  return {
    async overview(caller: SecurityCaller): Promise<SecurityOverview> {
      const [status, until] = await Promise.all([twoFactorStatus(pool, caller.userId), reauthenticatedUntil(pool, caller.sessionId)]);
      return {
        two_factor_enabled: status.enabled,
        recovery_codes_left: status.recoveryCodesLeft,
        reauthenticated_until: until?.toISOString() ?? null,
      };
    },

    /**
     * The current password, or a code of the member's app (only with two-factor on), marks this session
     * re-authenticated for 5 minutes. 5 failures a minute per member, then 429; each failure is a security event.
     */
    async reauthenticate(caller: SecurityCaller, input: ReauthenticateRequest): Promise<Date> {
      const field = input.code ? 'code' : 'password';
      const limiter = new RateLimiter(pool);
      const key = `reauthenticate:${caller.userId}`;
      if (await limiter.tooManyAttempts(key, LOGIN_MAX_ATTEMPTS)) {
        const seconds = Math.max(1, await limiter.availableIn(key));
        const message = ACCOUNT_SECURITY_MESSAGES.tooManyAttempts({ seconds });
        throw new TooManyRequestsError(message, seconds, { errors: { [field]: [message] } });
      }
      let valid: boolean;
      if (input.code) {
        if (!(await twoFactorStatus(pool, caller.userId)).enabled) throw ValidationError.field('code', ACCOUNT_SECURITY_MESSAGES.codeNeedsTwoFactor);
        valid = await verifyTwoFactorCode(pool, config.appKey, caller.userId, input.code);
      } else {
        const hash = await findPasswordHash(pool, caller.userId);
        valid = hash !== undefined && (await verifyPassword(hash, input.password ?? ''));
      }
      const method = input.code ? 'totp' : 'password';
      if (!valid) {
        await limiter.hit(key, LOGIN_DECAY_SECONDS);
        await event(caller, 'auth.reauthentication_failed', { method });
        throw ValidationError.field(field, input.code ? ACCOUNT_SECURITY_MESSAGES.invalidCode : ACCOUNT_SECURITY_MESSAGES.passwordWrong);
      }
      await limiter.clear(key);
      const until = await markReauthenticated(pool, caller.sessionId);
      await event(caller, 'auth.reauthenticated', { method });
      return until;
    },

    async startTwoFactor(caller: SecurityCaller): Promise<TwoFactorSetupAnswer> {
      await requireRecentReauthentication(caller);
      const setup = await startTwoFactorSetup(pool, config.appKey, { id: caller.userId, email: caller.email });
      if (!setup) throw new ConflictError(ACCOUNT_SECURITY_MESSAGES.alreadyEnabled);
      const svg = await QRCode.toString(setup.uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret: setup.secret, otpauth_uri: setup.uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    async confirmTwoFactor(caller: SecurityCaller, code: string): Promise<string[]> {
      await requireRecentReauthentication(caller);
      return inTransaction(pool, async (client) => {
        const result = await confirmTwoFactorSetup(client, config.appKey, caller.userId, code);
        if (result === 'invalid_code') throw ValidationError.field('code', ACCOUNT_SECURITY_MESSAGES.invalidCode);
        if (result === 'no_setup') throw ValidationError.field('code', ACCOUNT_SECURITY_MESSAGES.noSetup);
        await event(caller, 'auth.two_factor_enabled', { by: 'partner' }, client);
        return result.recoveryCodes;
      });
    },

    async disableTwoFactor(caller: SecurityCaller): Promise<void> {
      await requireRecentReauthentication(caller);
      await inTransaction(pool, async (client) => {
        if (!(await twoFactorStatus(client, caller.userId)).enabled) throw new ConflictError(ACCOUNT_SECURITY_MESSAGES.notEnabled);
        await removeTwoFactor(client, caller.userId);
        await event(caller, 'auth.two_factor_disabled', { by: 'partner' }, client);
        await notify(caller.userId, 'twoFactorDisabled', client);
      });
    },

    async regenerateRecoveryCodes(caller: SecurityCaller): Promise<string[]> {
      await requireRecentReauthentication(caller);
      return inTransaction(pool, async (client) => {
        const codes = await regenerateRecoveryCodes(client, caller.userId);
        if (!codes) throw new ConflictError(ACCOUNT_SECURITY_MESSAGES.notEnabled);
        await event(caller, 'auth.recovery_codes_regenerated', {}, client);
        return codes;
      });
    },

    async listSessions(caller: SecurityCaller): Promise<SecuritySession[]> {
      const rows = await listUserSessions(pool, caller.userId);
      return rows.map((row) => ({
        id: sessionHandle(row.id),
        device: describeDevice(row.user_agent),
        ip: row.ip || null,
        created_at: row.created_at.toISOString(),
        last_seen_at: row.last_activity_at.toISOString(),
        current: row.id === caller.sessionId,
      }));
    },

    /** Ends one of the member's other sessions; 404 for a handle that is not one of theirs. Its sockets close. */
    async endSession(caller: SecurityCaller, handle: string): Promise<void> {
      const rows = await listUserSessions(pool, caller.userId);
      const target = rows.find((row) => sessionHandle(row.id) === handle);
      if (!target) throw new NotFoundError(ACCOUNT_SECURITY_MESSAGES.sessionNotFound);
      if (target.id === caller.sessionId) throw ValidationError.field('session', ACCOUNT_SECURITY_MESSAGES.currentSession);
      const ended = await inTransaction(pool, async (client) => {
        if (!(await deleteUserSession(client, caller.userId, target.id))) return false;
        await event(caller, 'auth.session_ended', { reason: 'ended_from_another_device', device: describeDevice(target.user_agent) }, client);
        return true;
      });
      if (!ended) throw new NotFoundError(ACCOUNT_SECURITY_MESSAGES.sessionNotFound);
      // Per user, as after a password change: the member's live sessions' tabs reconnect (lib/realtime.ts).
      await deps.closeSockets(caller.userId);
    },

    /** Signs out every other device of the member (this session stays), closes their sockets, and e-mails a notice. */
    async signOutOthers(caller: SecurityCaller): Promise<number> {
      const ended = await inTransaction(pool, async (client) => {
        const count = await deleteOtherSessions(client, caller.userId, caller.sessionId);
        await event(caller, 'auth.sessions_ended', { reason: 'signed_out_others', count }, client);
        if (count > 0) await notify(caller.userId, 'signedOutEverywhere', client);
        return count;
      });
      await deps.closeSockets(caller.userId);
      return ended;
    },

    async activity(userId: number, page: { page: number; perPage: number }): Promise<{ rows: SecurityActivityRow[]; total: number }> {
      const { rows, total } = await listSecurityEvents(pool, userId, page);
      return {
        total,
        rows: rows.map((row) => {
          const after = row.after && typeof row.after === 'object' ? (row.after as Record<string, unknown>) : {};
          const method = typeof after.method === 'string' && METHODS.has(after.method) ? (after.method as SecurityActivityRow['method']) : null;
          return {
            id: row.id,
            kind: activityKind(row.action, after),
            method,
            by_operator: row.actor_type !== 'partner',
            ip: row.ip,
            device: row.actor_type === 'partner' && row.user_agent ? describeDevice(row.user_agent) : null,
            created_at: row.created_at.toISOString(),
          };
        }),
      };
    },
  };
}
