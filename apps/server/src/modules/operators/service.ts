import type pg from 'pg';
import QRCode from 'qrcode';
import { LOGIN_DECAY_SECONDS, LOGIN_MAX_ATTEMPTS } from '@portal/contracts/constants';
import type { ConsoleLoginRequest, Operator, TwoFactorEnrolment } from '@portal/contracts/console-session';
import type { TwoFactorChallenge } from '@portal/contracts/session';
import { isOperatorRole, permissionsOf, type OperatorRole } from '@portal/contracts/operator-permissions';
import type { Config } from '../../config.ts';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { createEncrypter } from '../../lib/encryption.ts';
import { ForbiddenError, TooManyRequestsError, ValidationError } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { randomToken } from '../../lib/tokens.ts';
import { generateRecoveryCodes, generateTotpSecret, hashRecoveryCode, matchTotpStep, totpUri } from '../../lib/two-factor.ts';
import { OPERATOR_MESSAGES } from './messages.ts';
import {
  acceptOperatorTotpStep,
  confirmOperatorTwoFactor,
  findOperatorByEmail,
  findOperatorById,
  insertOperator,
  markOperatorSignedIn,
  replaceOperatorRecoveryCodes,
  useOperatorRecoveryCode,
  type OperatorRow,
} from './repository.ts';

/** What the operator services work with; the routes build it from the app, the CLI and the demo seed from theirs. */
export interface OperatorDependencies {
  pool: pg.Pool;
  config: Pick<Config, 'appKey'>;
}

/** Where a request came from, for the audit rows of the sign-in steps. */
export type RequestOrigin = Pick<AuditActor, 'ip' | 'userAgent'>;

/** Purpose label of the key that seals operators' TOTP secrets (lib/encryption.ts): not the partners' key. */
export const OPERATOR_TOTP_PURPOSE = 'operator-two-factor-secret';
/** The issuer an authenticator app shows beside the account, so operators tell it from a partner login. */
export const CONSOLE_TOTP_ISSUER = 'Partner Portal Console';

export function presentOperator(row: Pick<OperatorRow, 'id' | 'email' | 'name' | 'role'>): Operator {
  return { id: row.id, email: row.email, name: row.name, role: row.role, permissions: permissionsOf(row.role) };
}

function operatorActor(row: Pick<OperatorRow, 'id' | 'role'>, origin: RequestOrigin): AuditActor {
  return { type: 'operator', id: row.id, role: row.role, ...origin };
}

function operatorTarget(id: number) {
  return { type: 'operator', id };
}

function lockout(seconds: number, field: string): TooManyRequestsError {
  const message = OPERATOR_MESSAGES.throttle({ seconds: Math.max(1, seconds) });
  return new TooManyRequestsError(message, seconds, { errors: { [field]: [message] } });
}

function hasTwoFactor(row: OperatorRow): boolean {
  return row.two_factor_confirmed_at !== null && row.two_factor_secret !== null;
}

/** What follows a right password. */
export interface PasswordChecked {
  operatorId: number;
  next: 'two_factor' | 'enrol';
}

export type OperatorSignInService = ReturnType<typeof createOperatorSignInService>;

/**
 * The console's sign-in steps, the partners' rules (throttling, one use per code) with two-factor mandatory: a right
 * password only leads to the code, or at the first sign-in to enrolling an app. The session handling (rotation, the
 * pending state) is the routes'.
 */
export function createOperatorSignInService(deps: OperatorDependencies) {
  const encrypter = createEncrypter(deps.config.appKey, OPERATOR_TOTP_PURPOSE);
  const limiter = new RateLimiter(deps.pool);

  /** An operator that may go on signing in, or the answer that ends the attempt. */
  async function pendingOperator(operatorId: number): Promise<OperatorRow> {
    const row = await findOperatorById(deps.pool, operatorId);
    if (!row || row.status !== 'active') throw ValidationError.field('code', OPERATOR_MESSAGES.signInExpired);
    return row;
  }

  async function throttled<T>(key: string, field: string, attempt: () => Promise<T | null>, onFailure: () => Promise<void>, message: string): Promise<T> {
    if (await limiter.tooManyAttempts(key, LOGIN_MAX_ATTEMPTS)) throw lockout(await limiter.availableIn(key), field);
    const result = await attempt();
    if (result === null) {
      await limiter.hit(key, LOGIN_DECAY_SECONDS);
      await onFailure();
      throw ValidationError.field(field, message);
    }
    await limiter.clear(key);
    return result;
  }

  return {
    /** POST /api/console/login: 5 failures a minute per e-mail and IP, then 429; an unknown e-mail costs the same time. */
    async attemptLogin(input: ConsoleLoginRequest, origin: RequestOrigin & { ip: string }): Promise<PasswordChecked> {
      const key = `console-login:${input.email.toLowerCase()}|${origin.ip}`;
      let found: OperatorRow | undefined;
      const row = await throttled(
        key,
        'email',
        async () => {
          found = await findOperatorByEmail(deps.pool, input.email);
          const valid = await verifyPassword(found?.password_hash ?? (await dummyPasswordHash()), input.password);
          return found && valid ? found : null;
        },
        async () => {
          if (found) await recordAudit(deps.pool, operatorActor(found, origin), { action: 'console.sign_in_failed', target: operatorTarget(found.id), after: { method: 'password' } });
        },
        OPERATOR_MESSAGES.failed,
      );
      if (row.status !== 'active') throw new ForbiddenError(OPERATOR_MESSAGES.disabled, 'operator_disabled', { code: 'operator_disabled' });
      return { operatorId: row.id, next: hasTwoFactor(row) ? 'two_factor' : 'enrol' };
    },

    /** A new secret to enrol (each call a new one); the caller keeps it sealed in the session until it is confirmed. */
    async startEnrolment(operatorId: number): Promise<{ enrolment: TwoFactorEnrolment; sealedSecret: string }> {
      const row = await pendingOperator(operatorId);
      if (hasTwoFactor(row)) throw ValidationError.field('code', OPERATOR_MESSAGES.signInExpired);
      const secret = generateTotpSecret();
      const uri = totpUri(secret, row.email, CONSOLE_TOTP_ISSUER);
      const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return { enrolment: { secret, otpauth_uri: uri, qr_code: qrCode }, sealedSecret: encrypter.encrypt(secret) };
    },

    /**
     * Confirms the enrolment with a code of the new secret: stores the secret and eight new recovery codes, in one
     * transaction with its audit row, and answers the codes in clear, this once.
     */
    async confirmEnrolment(operatorId: number, sealedSecret: string, code: string, origin: RequestOrigin & { ip: string }): Promise<{ operator: Operator; recoveryCodes: string[] }> {
      const row = await pendingOperator(operatorId);
      if (hasTwoFactor(row)) throw ValidationError.field('code', OPERATOR_MESSAGES.signInExpired);
      const secret = encrypter.decrypt(sealedSecret);
      const step = await throttled(
        `console-two-factor:${operatorId}|${origin.ip}`,
        'code',
        async () => matchTotpStep(secret, code),
        async () => recordAudit(deps.pool, operatorActor(row, origin), { action: 'console.sign_in_failed', target: operatorTarget(row.id), after: { method: 'totp_enrolment' } }),
        OPERATOR_MESSAGES.invalidCode,
      );
      const recoveryCodes = generateRecoveryCodes();
      await inTransaction(deps.pool, async (client) => {
        await confirmOperatorTwoFactor(client, row.id, encrypter.encrypt(secret), step);
        await replaceOperatorRecoveryCodes(client, row.id, recoveryCodes.map(hashRecoveryCode));
        await recordAudit(client, operatorActor(row, origin), { action: 'console.two_factor_enrolled', target: operatorTarget(row.id), before: { two_factor: false }, after: { two_factor: true } });
      });
      return { operator: presentOperator(row), recoveryCodes };
    },

    /** POST /api/console/two-factor-challenge: a code (each time step once) or a recovery code (each once). */
    async passChallenge(operatorId: number, input: TwoFactorChallenge, origin: RequestOrigin & { ip: string }): Promise<Operator> {
      const row = await pendingOperator(operatorId);
      if (!hasTwoFactor(row)) throw ValidationError.field('code', OPERATOR_MESSAGES.signInExpired);
      const field = input.recovery_code ? 'recovery_code' : 'code';
      await throttled(
        `console-two-factor:${operatorId}|${origin.ip}`,
        field,
        async () => {
          if (input.recovery_code) return (await useOperatorRecoveryCode(deps.pool, row.id, hashRecoveryCode(input.recovery_code))) || null;
          const step = input.code ? matchTotpStep(encrypter.decrypt(row.two_factor_secret!), input.code) : null;
          return (step !== null && (await acceptOperatorTotpStep(deps.pool, row.id, step))) || null;
        },
        async () => recordAudit(deps.pool, operatorActor(row, origin), { action: 'console.sign_in_failed', target: operatorTarget(row.id), after: { method: field === 'code' ? 'totp' : 'recovery_code' } }),
        field === 'code' ? OPERATOR_MESSAGES.invalidCode : OPERATOR_MESSAGES.invalidRecoveryCode,
      );
      return presentOperator(row);
    },

    /** The sign-in completed (after the second factor): last sign-in time and its audit row, together. */
    async recordSignIn(operator: Operator, method: 'totp' | 'recovery_code' | 'totp_enrolment', origin: RequestOrigin): Promise<void> {
      await inTransaction(deps.pool, async (client) => {
        await markOperatorSignedIn(client, operator.id);
        await recordAudit(client, operatorActor(operator, origin), { action: 'console.sign_in', target: operatorTarget(operator.id), after: { method } });
      });
    },

    async recordSignOut(operator: { id: number; role: OperatorRole }, origin: RequestOrigin): Promise<void> {
      await recordAudit(deps.pool, operatorActor(operator, origin), { action: 'console.signed_out', target: operatorTarget(operator.id) });
    },
  };
}

export class OperatorExistsError extends Error {}

export interface NewOperatorAccount {
  email: string;
  name: string;
  role: OperatorRole;
  /** Generated (and answered) when not given. */
  password?: string;
  /** An enrolled app (the demo operators' fixed secret); otherwise the first sign-in enrols one. */
  twoFactor?: { secret: string; recoveryCodes: string[] };
  /**
   * Invited from the console (management-service.ts): the password is a random one nobody is told, the invitee
   * chooses theirs with the e-mailed link. Recorded in the one audit row of the creation.
   */
  invited?: boolean;
}

/**
 * Creates an operator and its audit row in one transaction (`npm run admin -- create-operator`, the demo seed, the
 * Operators page's invitation, which passes its transaction as `db`). Answers the password, generated when none was
 * given: shown once, to hand over safely (an invitation never shows it).
 */
export async function createOperatorAccount(
  deps: OperatorDependencies,
  input: NewOperatorAccount,
  actor: AuditActor,
  db?: Queryable,
): Promise<{ id: number; email: string; role: OperatorRole; password: string }> {
  if (!isOperatorRole(input.role)) throw new Error(`Unknown operator role '${String(input.role)}'.`);
  const password = input.password ?? randomToken(18);
  const passwordHash = await hashPassword(password);
  const work = async (client: Queryable) => {
    const id = await insertOperator(client, { email: input.email, name: input.name, passwordHash, role: input.role });
    if (id === undefined) throw new OperatorExistsError(`An operator with the e-mail address ${input.email} exists already.`);
    if (input.twoFactor) {
      const encrypter = createEncrypter(deps.config.appKey, OPERATOR_TOTP_PURPOSE);
      await confirmOperatorTwoFactor(client, id, encrypter.encrypt(input.twoFactor.secret), null);
      await replaceOperatorRecoveryCodes(client, id, input.twoFactor.recoveryCodes.map(hashRecoveryCode));
    }
    await recordAudit(client, actor, {
      action: 'operator.created',
      target: operatorTarget(id),
      after: { email: input.email.trim(), name: input.name, role: input.role, two_factor: Boolean(input.twoFactor), ...(input.invited ? { invited: true } : {}) },
    });
    return id;
  };
  const id = db ? await work(db) : await inTransaction(deps.pool, work);
  return { id, email: input.email.trim(), role: input.role, password };
}
