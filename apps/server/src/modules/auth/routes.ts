import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authenticateRequestSchema,
  codedErrorSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  passwordFailureSchema,
  registrationOptionsSchema,
  registrationRequestSchema,
  registrationResponseSchema,
  resetPasswordRequestSchema,
  successMessageSchema,
  twoFactorChallengeSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  userSchema,
  type LoginResponse,
} from '@portal/contracts/auth';
import { messageSchema, validationErrorSchema } from '@portal/contracts/errors';
import { partnerAuditActor } from '../../plugins/audit-actor.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { recordAudit, requestOrigin } from '../../lib/audit/audit-log.ts';
import { ValidationError } from '../../lib/errors.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { createPasswordService } from './password-service.ts';
import { createRegistrationService } from './registration-service.ts';
import { createSignInService, type AuthDependencies, type SignInMethod, type SignInOutcome } from './service.ts';

/** Session data of a sign-in waiting for its second factor (Fortify's `login.id` / `login.remember`). */
const PENDING_LOGIN_ID = 'login.id';
const PENDING_LOGIN_REMEMBER = 'login.remember';
const PENDING_LOGIN_EXPIRES = 'login.expires_at';
/** How long a password-checked sign-in waits for its code before the user must start again. */
const PENDING_LOGIN_TTL_MS = 10 * 60_000;

const noContent = z.null().describe('No content');
const csrfMismatch = messageSchema.describe('CSRF token mismatch.');

/**
 * The session and account calls of spec §7 (and the ones this portal adds: two-factor, sign-in links,
 * registration). Rules live in the services; these handlers move data between HTTP and them and own
 * the session: rotation at sign-in, the pending two-factor state, and sign-out.
 */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: AuthDependencies = { pool: app.database.pool, config: app.config, mailer: app.mailer, jobs: app.jobs };
  const signIn = createSignInService(deps);
  const passwords = createPasswordService(deps);
  const registration = createRegistrationService(deps);
  /**
   * A password change ends the user's sessions, and with them the realtime sockets they authorised: a socket
   * stays subscribed after its session is gone. Termination is per user (`pusher:signin`), not per session, so
   * after update-password the socket of the tab that made the change closes too.
   */
  const endSessions = async (userId: number, exceptSessionId?: string) => {
    await app.sessions.destroyUserSessions(userId, exceptSessionId);
    await app.broadcaster.terminateUserConnections(String(userId));
  };

  /** Finishes a sign-in: a new session for the user (rotation), or the pending state for a second factor. */
  async function finishSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: SignInOutcome,
    remember: boolean,
    method: SignInMethod,
  ): Promise<LoginResponse> {
    if (outcome.kind === 'two_factor') {
      const session = request.session ?? (await app.sessions.ensure(request, reply));
      session.data = {
        ...session.data,
        [PENDING_LOGIN_ID]: outcome.userId,
        [PENDING_LOGIN_REMEMBER]: remember,
        [PENDING_LOGIN_EXPIRES]: Date.now() + PENDING_LOGIN_TTL_MS,
      };
      await app.sessions.saveData(request);
      return { two_factor: true };
    }
    await app.sessions.start(request, reply, { userId: outcome.userId, remember });
    return { two_factor: false, user: await signIn.completeSignIn(outcome.userId, { method, remember, origin: requestOrigin(request) }) };
  }

  function pendingLogin(request: FastifyRequest): { userId: number; remember: boolean } {
    const data = request.session?.data ?? {};
    const userId = data[PENDING_LOGIN_ID];
    const expiresAt = data[PENDING_LOGIN_EXPIRES];
    if (typeof userId !== 'number' || typeof expiresAt !== 'number' || expiresAt < Date.now()) {
      throw ValidationError.field('code', AUTH_MESSAGES.twoFactorExpired);
    }
    return { userId, remember: data[PENDING_LOGIN_REMEMBER] === true };
  }

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'Answers the user, or `{two_factor: true}` when a code is needed next (POST /api/two-factor-challenge). ' +
          'Rotates the session. 403 with `code` approval_pending or registration_rejected; 429 after 5 failures a minute per e-mail and IP.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 403: codedErrorSchema, 419: csrfMismatch, 422: validationErrorSchema, 429: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await signIn.attemptLogin(request.body, request.ip, requestOrigin(request).userAgent ?? null);
      return finishSignIn(request, reply, outcome, request.body.remember, 'password');
    },
  );

  app.post(
    '/api/two-factor-challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'Complete a sign-in with a TOTP code or a recovery code',
        description: 'Needs the session of a POST /api/login that answered `{two_factor: true}`. Each code works once; 5 failures a minute, then 429.',
        body: twoFactorChallengeSchema,
        response: { 200: loginResponseSchema, 419: csrfMismatch, 422: validationErrorSchema, 429: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const pending = pendingLogin(request);
      await signIn.passTwoFactorChallenge(pending.userId, request.body, request.ip, requestOrigin(request).userAgent ?? null);
      const method = request.body.recovery_code ? 'recovery_code' : 'totp';
      return finishSignIn(request, reply, { kind: 'signed_in', userId: pending.userId }, pending.remember, method);
    },
  );

  app.post(
    '/api/authenticate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a one-time link (approval e-mail, invitation)',
        description: 'Spends the token of /authenticate?token=…; answers like POST /api/login.',
        body: authenticateRequestSchema,
        response: { 200: loginResponseSchema, 419: csrfMismatch, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await signIn.signInWithLink(request.body.token, request.body.password);
      return finishSignIn(request, reply, outcome, false, 'link');
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        description: 'Ends the session on the server and starts a fresh guest session (new XSRF-TOKEN cookie). 204 signed in or not.',
        response: { 204: noContent, 419: csrfMismatch },
      },
    },
    async (request, reply) => {
      await app.sessions.load(request, reply);
      const userId = request.session?.userId ?? null;
      await app.sessions.destroy(request, reply);
      // A partner's security event (docs/services.md, Audit log): the session ended by its owner.
      if (userId !== null) {
        await recordAudit(app.database.pool, partnerAuditActor(request, userId), {
          action: 'auth.session_ended',
          target: { type: 'user', id: userId },
          after: { reason: 'signed_out' },
        });
      }
      await app.sessions.start(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/user',
    {
      preHandler: app.requireUserAllowingPasswordUpdate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: messageSchema },
      },
    },
    async (request) => signIn.loadCurrentUser(currentUser(request).id),
  );

  app.post(
    '/api/users/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link',
        description: 'The same answer whether or not the address has an account. One request per address a minute, then 429.',
        body: forgotPasswordRequestSchema,
        response: { 200: successMessageSchema, 419: csrfMismatch, 422: validationErrorSchema, 429: successMessageSchema },
      },
    },
    async (request) => {
      await passwords.requestPasswordReset(request.body.email);
      return { success: true, message: app.translate(AUTH_MESSAGES.resetLinkSent, request.locale) };
    },
  );

  app.post(
    '/api/users/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        description: 'Ends every session of the user and does not sign in. A token works once, for 60 minutes.',
        body: resetPasswordRequestSchema,
        response: { 200: successMessageSchema, 419: csrfMismatch, 422: passwordFailureSchema },
      },
    },
    async (request) => {
      await passwords.resetPassword(request.body, endSessions, requestOrigin(request));
      return { success: true, message: app.translate(AUTH_MESSAGES.passwordReset, request.locale) };
    },
  );

  app.post(
    '/api/users/update-password',
    {
      preHandler: app.requireUserAllowingPasswordUpdate,
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password",
        description: 'Needs the current password. Lifts password_updated_check and ends the other sessions of the user.',
        body: updatePasswordRequestSchema,
        response: {
          200: updatePasswordResponseSchema,
          401: messageSchema,
          419: csrfMismatch,
          422: validationErrorSchema,
          429: validationErrorSchema,
        },
      },
    },
    async (request) => {
      const user = await passwords.updatePassword(currentUser(request).id, request.body, request.session!.id, endSessions, requestOrigin(request));
      return { success: true, message: app.translate(AUTH_MESSAGES.passwordUpdated, request.locale), user };
    },
  );

  app.get(
    '/api/registration/options',
    {
      schema: {
        tags: ['auth'],
        summary: 'Partner types and industries for the registration form',
        response: { 200: registrationOptionsSchema },
      },
    },
    async () => registration.registrationOptions(),
  );

  app.post(
    '/api/registration',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a partner (pending approval)',
        description: 'Creates the organisation (a new referral agent), the user pending approval and the partner profile.',
        body: registrationRequestSchema,
        response: { 201: registrationResponseSchema, 419: csrfMismatch, 422: validationErrorSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      await registration.registerPartner(request.body, request.ip, request.locale);
      return reply.code(201).send({ success: true, message: app.translate(AUTH_MESSAGES.registered, request.locale) });
    },
  );
}
