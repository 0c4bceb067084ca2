import {
  LOGIN_DECAY_SECONDS,
  LOGIN_MAX_ATTEMPTS,
  PASSWORD_RESET_EXPIRE_MINUTES,
  PASSWORD_RESET_THROTTLE_SECONDS,
} from '@portal/contracts/constants';
import type { ResetPasswordRequest, UpdatePasswordRequest, User } from '@portal/contracts/auth';
import { inTransaction } from '../../db/queryable.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { AppError, TooManyRequestsError, UnauthenticatedError, ValidationError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { passwordResetMail } from './mails.ts';
import { AUTH_MESSAGES } from './messages.ts';
import {
  consumeResetToken,
  deletePendingTwoFactorSessions,
  findCredentialsByEmail,
  findCredentialsById,
  findPresentableUser,
  resetTokenIsValid,
  saveResetToken,
  updatePasswordHash,
} from './repository.ts';
import type { AuthDependencies, RequestOrigin } from './service.ts';
import { presentUser } from './user-presenter.ts';

/** Ends a user's sessions: every one, or all but `exceptSessionId` (SessionManager.destroyUserSessions). */
export type EndSessions = (userId: number, exceptSessionId?: string) => Promise<void>;

function invalidResetToken(): AppError {
  return new AppError(422, AUTH_MESSAGES.resetTokenInvalid, 'reset_token_invalid', {
    success: false,
    errors: { email: [AUTH_MESSAGES.resetTokenInvalid] },
  });
}

/** The password operations of the auth routes: the reset link, the reset, and the signed-in user's change. */
export type PasswordService = ReturnType<typeof createPasswordService>;

export function createPasswordService(deps: AuthDependencies) {
  return {
    /**
     * POST /api/users/forgot-password. Unlike Fortify (422 "We can't find a user with that email
     * address."), the answer is the same whether or not an account exists, so the form cannot be used to
     * find out who has one. For the same reason the 60-second throttle counts every address, known or not,
     * and the e-mail is sent in the background: neither the status nor the time of the answer tells.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const limiter = new RateLimiter(deps.pool);
      const key = `forgot-password:${email.toLowerCase()}`;
      if (await limiter.tooManyAttempts(key, 1)) {
        throw new TooManyRequestsError(AUTH_MESSAGES.resetThrottled, await limiter.availableIn(key), { success: false });
      }
      await limiter.hit(key, PASSWORD_RESET_THROTTLE_SECONDS);

      const user = await findCredentialsByEmail(deps.pool, email);
      if (!user || user.status !== 'approved') return;
      // 40 random bytes (320 bits); only its sha256 is stored, one row per address (a new link replaces the old).
      const token = randomToken(40);
      await saveResetToken(deps.pool, user.email, sha256(token));
      const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
      // Queued (a job), never sent here: neither the status nor the time of the answer depends on SMTP.
      await deps.mailer.queue(passwordResetMail({ to: user.email, firstName: user.first_name, link, locale: user.locale }));
    },

    /**
     * POST /api/users/reset-password. The token is single use (deleted by the same statement that checks
     * it) and lives 60 minutes. Every session of the user ends, and the user is NOT signed in: they sign in
     * again, through two-factor when they have it (ASVS 6.4.3: a reset must not bypass the second factor).
     */
    async resetPassword(input: ResetPasswordRequest, endSessions: EndSessions, origin: RequestOrigin = {}): Promise<void> {
      const tokenHash = sha256(input.token);
      const user = await findCredentialsByEmail(deps.pool, input.email);
      // A cheap check first, so a wrong token costs no argon2 hash.
      if (!user || user.status !== 'approved' || !(await resetTokenIsValid(deps.pool, input.email, tokenHash, PASSWORD_RESET_EXPIRE_MINUTES))) {
        throw invalidResetToken();
      }
      const passwordHash = await hashPassword(input.password);
      await inTransaction(deps.pool, async (client) => {
        if (!(await consumeResetToken(client, input.email, tokenHash, PASSWORD_RESET_EXPIRE_MINUTES))) throw invalidResetToken();
        await updatePasswordHash(client, user.id, passwordHash);
        await recordAudit(client, { type: 'partner', id: user.id, ...origin }, {
          action: 'auth.password_reset',
          target: { type: 'user', id: user.id },
          after: { sessions_ended: 'all' },
        });
      });
      await endSessions(user.id);
      await deletePendingTwoFactorSessions(deps.pool, user.id);
    },

    /**
     * POST /api/users/update-password for the signed-in user: the current password is required (ASVS
     * 6.2.3, and throttled like sign-in so a left-open session cannot be used to guess it), the forced-update
     * flag is lifted, and the user's other sessions end (ASVS 7.4.3); this one stays signed in.
     */
    async updatePassword(
      userId: number,
      input: UpdatePasswordRequest,
      currentSessionId: string,
      endSessions: EndSessions,
      origin: RequestOrigin = {},
    ): Promise<User> {
      const limiter = new RateLimiter(deps.pool);
      const key = `update-password:${userId}`;
      if (await limiter.tooManyAttempts(key, LOGIN_MAX_ATTEMPTS)) {
        const seconds = await limiter.availableIn(key);
        const message = AUTH_MESSAGES.tooManyAttempts({ seconds: Math.max(1, seconds) });
        throw new TooManyRequestsError(message, seconds, { errors: { current_password: [message] } });
      }
      const user = await findCredentialsById(deps.pool, userId);
      if (!user) throw new UnauthenticatedError();
      if (!(await verifyPassword(user.password_hash, input.current_password))) {
        await limiter.hit(key, LOGIN_DECAY_SECONDS);
        throw ValidationError.field('current_password', AUTH_MESSAGES.currentPasswordWrong);
      }
      await limiter.clear(key);
      const passwordHash = await hashPassword(input.password);
      await inTransaction(deps.pool, async (client) => {
        await updatePasswordHash(client, userId, passwordHash);
        await recordAudit(client, { type: 'partner', id: userId, ...origin }, {
          action: 'auth.password_changed',
          target: { type: 'user', id: userId },
          after: { sessions_ended: 'others' },
        });
      });
      await endSessions(userId, currentSessionId);
      await deletePendingTwoFactorSessions(deps.pool, userId);
      const row = await findPresentableUser(deps.pool, userId);
      if (!row) throw new UnauthenticatedError();
      return presentUser(row);
    },
  };
}
