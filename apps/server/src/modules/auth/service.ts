import type pg from 'pg';
import { LOGIN_DECAY_SECONDS, LOGIN_MAX_ATTEMPTS } from '@portal/contracts/constants';
import { AUTH_ERROR_CODES, type LoginRequest, type TwoFactorChallenge, type User } from '@portal/contracts/auth';
import { TEAM_INVITATION_ACCEPTED_JOB } from '@portal/contracts/team';
import type { Config } from '../../config.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { createEncrypter } from '../../lib/encryption.ts';
import { ForbiddenError, TooManyRequestsError, UnauthenticatedError, ValidationError } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { sha256 } from '../../lib/tokens.ts';
import { AUTH_MESSAGES } from './messages.ts';
import {
  acceptTotpStep,
  activateInvitedUser,
  isPendingInvitation,
  consumeLoginLink,
  findCredentialsByEmail,
  findCredentialsById,
  findPresentableUser,
  markFirstLoginDone,
  useRecoveryCode,
  type CredentialRow,
} from './repository.ts';
import { hashRecoveryCode, matchTotpStep } from './two-factor.ts';
import { presentUser } from './user-presenter.ts';

/** What the auth services work with; routes build it from the app, the CLI and tests from their own. */
export interface AuthDependencies {
  pool: pg.Pool;
  config: Config;
  mailer: Mailer;
  /** Sends the team's TEAM_INVITATION_ACCEPTED_JOB when an invitation's link is spent (routes pass app.jobs). */
  jobs?: Pick<JobQueue, 'send'>;
}

/** Where a request came from (lib/audit requestOrigin), for the security events in the audit log. */
export type RequestOrigin = Pick<AuditActor, 'ip' | 'userAgent'>;

/** How a sign-in was proven, as the audit log's security events say it. */
export type SignInMethod = 'password' | 'link' | 'totp' | 'recovery_code';

/**
 * A partner's security event (docs/services.md, Audit log): one INSERT on the pool, since nothing else is written in
 * the same step (a failed attempt changes no data; a sign-in's session row is the session plugin's).
 */
function securityEvent(deps: AuthDependencies, userId: number, origin: RequestOrigin, action: string, after: Record<string, unknown>) {
  return recordAudit(deps.pool, { type: 'partner', id: userId, ...origin }, { action, target: { type: 'user', id: userId }, after });
}

/** Credentials (or a sign-in link) checked out: either sign in now, or ask for a second factor first. */
export type SignInOutcome = { kind: 'signed_in'; userId: number } | { kind: 'two_factor'; userId: number };

/** Purpose label of the key that seals TOTP secrets (see lib/encryption.ts). */
export const TOTP_SECRET_PURPOSE = 'two-factor-secret';

/** 429 with Retry-After and a 422-style body, as Fortify's LockoutResponse answers. */
export function lockoutError(seconds: number, field: string): TooManyRequestsError {
  const message = AUTH_MESSAGES.throttle({ seconds: Math.max(1, seconds) });
  return new TooManyRequestsError(message, seconds, { errors: { [field]: [message] } });
}

function hasTwoFactor(user: CredentialRow): boolean {
  return user.two_factor_confirmed_at !== null && user.two_factor_secret !== null;
}

/** Approved accounts sign in; pending and rejected ones get a 403 with a code, and no session user. */
function assertMaySignIn(user: CredentialRow): void {
  if (user.status === 'pending') {
    throw new ForbiddenError(AUTH_MESSAGES.approvalPending, AUTH_ERROR_CODES.approvalPending, {
      code: AUTH_ERROR_CODES.approvalPending,
    });
  }
  if (user.status === 'rejected') {
    throw new ForbiddenError(AUTH_MESSAGES.registrationRejected, AUTH_ERROR_CODES.registrationRejected, {
      code: AUTH_ERROR_CODES.registrationRejected,
    });
  }
  if (user.status === 'suspended') {
    throw new ForbiddenError(AUTH_MESSAGES.accountSuspended, AUTH_ERROR_CODES.accountSuspended, { code: AUTH_ERROR_CODES.accountSuspended });
  }
  // A member their team's owner deactivated, or an invitee who has not spent the invitation's link (modules/team).
  if (user.status === 'deactivated' || user.status === 'invited') {
    throw new ForbiddenError(AUTH_MESSAGES.accountDeactivated, AUTH_ERROR_CODES.accountDeactivated, { code: AUTH_ERROR_CODES.accountDeactivated });
  }
}

/** The sign-in operations of the auth routes (password, second factor, one-time link, the signed-in user). */
export type SignInService = ReturnType<typeof createSignInService>;

export function createSignInService(deps: AuthDependencies) {
  return {
    /**
     * POST /api/login. Fortify's rules: throttled per lower(e-mail)|IP (5 a minute); a failure counts, a
     * right password clears the count. An unknown e-mail still costs one argon2 verification so the answer
     * takes as long as for a known one.
     */
    async attemptLogin(input: Pick<LoginRequest, 'email' | 'password'>, ip: string, userAgent: string | null = null): Promise<SignInOutcome> {
      const limiter = new RateLimiter(deps.pool);
      const key = `login:${input.email.toLowerCase()}|${ip}`;
      if (await limiter.tooManyAttempts(key, LOGIN_MAX_ATTEMPTS)) {
        throw lockoutError(await limiter.availableIn(key), 'email');
      }
      const user = await findCredentialsByEmail(deps.pool, input.email);
      const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
      if (!user || !valid) {
        await limiter.hit(key, LOGIN_DECAY_SECONDS);
        // Only for an account that exists: that account's owner can see it; an unknown address has no one to tell.
        if (user) await securityEvent(deps, user.id, { ip, userAgent }, 'auth.sign_in_failed', { method: 'password' });
        throw ValidationError.field('email', AUTH_MESSAGES.failed);
      }
      await limiter.clear(key);
      assertMaySignIn(user);
      return hasTwoFactor(user) ? { kind: 'two_factor', userId: user.id } : { kind: 'signed_in', userId: user.id };
    },

    /**
     * POST /api/two-factor-challenge for the user of the session's pending sign-in. Throttled per user|IP
     * (5 a minute, as Fortify's two-factor limiter); a TOTP code is accepted once (its time step must be
     * newer than the last accepted one) and a recovery code once (marked used).
     */
    async passTwoFactorChallenge(userId: number, input: TwoFactorChallenge, ip: string, userAgent: string | null = null): Promise<void> {
      const field = input.recovery_code ? 'recovery_code' : 'code';
      const limiter = new RateLimiter(deps.pool);
      const key = `two-factor:${userId}|${ip}`;
      if (await limiter.tooManyAttempts(key, LOGIN_MAX_ATTEMPTS)) {
        throw lockoutError(await limiter.availableIn(key), field);
      }
      const user = await findCredentialsById(deps.pool, userId);
      if (!user || user.status !== 'approved' || !hasTwoFactor(user)) {
        throw ValidationError.field('code', AUTH_MESSAGES.twoFactorExpired);
      }

      let accepted = false;
      if (input.recovery_code) {
        accepted = await useRecoveryCode(deps.pool, user.id, hashRecoveryCode(input.recovery_code));
      } else if (input.code) {
        const secret = createEncrypter(deps.config.appKey, TOTP_SECRET_PURPOSE).decrypt(user.two_factor_secret!);
        const step = matchTotpStep(secret, input.code);
        accepted = step !== null && (await acceptTotpStep(deps.pool, user.id, step));
      }
      if (!accepted) {
        await limiter.hit(key, LOGIN_DECAY_SECONDS);
        await securityEvent(deps, user.id, { ip, userAgent }, 'auth.sign_in_failed', { method: input.recovery_code ? 'recovery_code' : 'totp' });
        throw ValidationError.field(field, field === 'code' ? AUTH_MESSAGES.invalidCode : AUTH_MESSAGES.invalidRecoveryCode);
      }
      await limiter.clear(key);
    },

    /** POST /api/authenticate: a one-time link (approval e-mail, invitation) in place of the password. */
    async signInWithLink(token: string, newPassword?: string): Promise<SignInOutcome> {
      // A team invitation's link (modules/team) is accepted with the invitee's own password, chosen on the same page:
      // without one the link is not spent.
      if (newPassword === undefined && (await isPendingInvitation(deps.pool, sha256(token)))) {
        throw ValidationError.field('password', AUTH_MESSAGES.invitationPasswordRequired);
      }
      const link = await consumeLoginLink(deps.pool, sha256(token));
      // Spending it makes the invitee an approved member with that password; the team area tells the inviter.
      if (link?.purpose === 'invitation' && newPassword !== undefined && (await activateInvitedUser(deps.pool, link.user_id, await hashPassword(newPassword)))) {
        await deps.jobs?.send(TEAM_INVITATION_ACCEPTED_JOB, { userId: link.user_id }, { key: `user:${link.user_id}` });
      }
      const user = link ? await findCredentialsById(deps.pool, link.user_id) : undefined;
      // Only an approved account signs in; the link is spent either way.
      if (!user || user.status !== 'approved') throw ValidationError.field('token', AUTH_MESSAGES.invalidLoginLink);
      return hasTwoFactor(user) ? { kind: 'two_factor', userId: user.id } : { kind: 'signed_in', userId: user.id };
    },

    /**
     * The user to answer a completed sign-in with. `first_login` is switched off in the database, but
     * this answer still says true, so the SPA can tell a first sign-in.
     */
    async completeSignIn(userId: number, signIn?: { method: SignInMethod; remember: boolean; origin: RequestOrigin }): Promise<User> {
      const row = await findPresentableUser(deps.pool, userId);
      if (!row) throw new UnauthenticatedError();
      if (signIn) await securityEvent(deps, userId, signIn.origin, 'auth.sign_in', { method: signIn.method, remember: signIn.remember });
      if (row.first_login) await markFirstLoginDone(deps.pool, userId);
      return presentUser(row);
    },

    /** GET /api/user. */
    async loadCurrentUser(userId: number): Promise<User> {
      const row = await findPresentableUser(deps.pool, userId);
      if (!row) throw new UnauthenticatedError();
      return presentUser(row);
    },
  };
}
