import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONSOLE_API_PREFIX,
  OPERATOR_PENDING_SIGN_IN_MINUTES,
  consoleLoginRequestSchema,
  consoleLoginResponseSchema,
  consoleSignedInSchema,
  consoleTwoFactorChallengeSchema,
  twoFactorConfirmRequestSchema,
  twoFactorConfirmResponseSchema,
  twoFactorEnrolmentSchema,
} from '@portal/contracts/console-session';
import { codedErrorSchema } from '@portal/contracts/session';
import { operatorRoute, publicConsoleRoute } from '../../kit/operator-routes.ts';
import { requestOrigin } from '../../lib/audit/audit-log.ts';
import { ValidationError } from '../../lib/errors.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import { OPERATOR_MESSAGES } from './messages.ts';
import { createOperatorSignInService, presentOperator } from './service.ts';

/** Session data of a sign-in between its password and its second factor. */
const PENDING_ID = 'operator.pending_id';
const PENDING_EXPIRES = 'operator.pending_expires_at';
/** The secret being enrolled, sealed with APP_KEY (never in clear in the database). */
const ENROL_SECRET = 'operator.enrol_secret';

const noContent = z.null().describe('No content');

/**
 * The console's sign-in (issue 14): password, then a TOTP code, or at the first sign-in an app to enrol (QR code)
 * and recovery codes. Each step rotates the console session; only the last one puts an operator in it.
 */
export async function operatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signIn = createOperatorSignInService({ pool: app.database.pool, config: app.config });

  /** Where a sign-in step came from (no operator is in the session yet, so there is no request.auditActor). */
  function origin(request: FastifyRequest) {
    return { userAgent: requestOrigin(request).userAgent, ip: request.ip };
  }

  function pending(request: FastifyRequest): number {
    const data = request.operatorSession?.data ?? {};
    const id = data[PENDING_ID];
    const expires = data[PENDING_EXPIRES];
    if (typeof id !== 'number' || typeof expires !== 'number' || expires < Date.now()) {
      throw ValidationError.field('code', OPERATOR_MESSAGES.signInExpired);
    }
    return id;
  }

  app.get(
    `${CONSOLE_API_PREFIX}/csrf-cookie`,
    publicConsoleRoute(app, {
      tags: ['console-auth'],
      summary: 'Start a console session and set the CONSOLE-XSRF-TOKEN cookie',
      response: { 204: noContent },
    }),
    async (request, reply) => {
      await app.operatorSessions.ensure(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${CONSOLE_API_PREFIX}/login`,
    publicConsoleRoute(app, {
      tags: ['console-auth'],
      summary: 'Sign an operator in with e-mail and password',
      description:
        'Answers what comes next: `two_factor` (POST /api/console/two-factor-challenge) or, at the first sign-in, `enrol` ' +
        '(POST /api/console/two-factor/enrolment, then /confirm). Nobody is signed in before the second factor. ' +
        '429 after 5 failures a minute per e-mail and IP.',
      body: consoleLoginRequestSchema,
      response: { 200: consoleLoginResponseSchema, 403: codedErrorSchema },
    }),
    async (request, reply) => {
      const checked = await signIn.attemptLogin(request.body, origin(request));
      await app.operatorSessions.start(request, reply, {
        data: { [PENDING_ID]: checked.operatorId, [PENDING_EXPIRES]: Date.now() + OPERATOR_PENDING_SIGN_IN_MINUTES * 60_000 },
      });
      return { next: checked.next };
    },
  );

  app.post(
    `${CONSOLE_API_PREFIX}/two-factor/enrolment`,
    publicConsoleRoute(app, {
      tags: ['console-auth'],
      summary: 'A new TOTP secret to enrol at the first sign-in (QR code)',
      description: 'Needs the session of a POST /api/console/login that answered `enrol`. Each call replaces the secret.',
      response: { 200: twoFactorEnrolmentSchema },
    }),
    async (request) => {
      const operatorId = pending(request);
      const { enrolment, sealedSecret } = await signIn.startEnrolment(operatorId);
      request.operatorSession!.data = { ...request.operatorSession!.data, [ENROL_SECRET]: sealedSecret };
      await app.operatorSessions.saveData(request);
      return enrolment;
    },
  );

  app.post(
    `${CONSOLE_API_PREFIX}/two-factor/confirm`,
    publicConsoleRoute(app, {
      tags: ['console-auth'],
      summary: 'Confirm the enrolment with a code, and sign in',
      description: 'Answers the operator and eight recovery codes, shown this once. 5 wrong codes a minute, then 429.',
      body: twoFactorConfirmRequestSchema,
      response: { 200: twoFactorConfirmResponseSchema },
    }),
    async (request, reply) => {
      const operatorId = pending(request);
      const sealed = request.operatorSession!.data[ENROL_SECRET];
      if (typeof sealed !== 'string') throw ValidationError.field('code', OPERATOR_MESSAGES.enrolmentNotStarted);
      const { operator, recoveryCodes } = await signIn.confirmEnrolment(operatorId, sealed, request.body.code, origin(request));
      await app.operatorSessions.start(request, reply, { operatorId: operator.id });
      await signIn.recordSignIn(operator, 'totp_enrolment', origin(request));
      return { operator, recovery_codes: recoveryCodes };
    },
  );

  app.post(
    `${CONSOLE_API_PREFIX}/two-factor-challenge`,
    publicConsoleRoute(app, {
      tags: ['console-auth'],
      summary: 'Finish signing in with a TOTP code or a recovery code',
      description: 'Needs the session of a POST /api/console/login that answered `two_factor`. Each code works once; 5 failures a minute, then 429.',
      body: consoleTwoFactorChallengeSchema,
      response: { 200: consoleSignedInSchema },
    }),
    async (request, reply) => {
      const operatorId = pending(request);
      const operator = await signIn.passChallenge(operatorId, request.body, origin(request));
      await app.operatorSessions.start(request, reply, { operatorId: operator.id });
      await signIn.recordSignIn(operator, request.body.recovery_code ? 'recovery_code' : 'totp', origin(request));
      return { operator };
    },
  );

  app.get(
    `${CONSOLE_API_PREFIX}/me`,
    operatorRoute(app, {
      permission: 'console.use',
      tags: ['console-auth'],
      summary: 'The signed-in operator, with the permissions of the role',
      response: { 200: consoleSignedInSchema },
    }),
    async (request) => ({ operator: presentOperator(currentOperator(request)) }),
  );

  app.post(
    `${CONSOLE_API_PREFIX}/logout`,
    operatorRoute(app, {
      permission: 'console.use',
      tags: ['console-auth'],
      summary: 'Sign the operator out',
      description: 'Ends the session on the server and starts a fresh guest console session (a new CONSOLE-XSRF-TOKEN).',
      response: { 204: noContent },
    }),
    async (request, reply) => {
      const operator = currentOperator(request);
      await app.operatorSessions.destroy(request, reply);
      await signIn.recordSignOut(operator, origin(request));
      await app.operatorSessions.start(request, reply);
      return reply.code(204).send(null);
    },
  );
}
