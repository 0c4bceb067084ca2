import {
  OPERATOR_INVITATION_EXPIRE_HOURS,
  OPERATOR_INVITATION_PATH,
  type AcceptInvitationRequest,
  type Invitation,
  type InviteOperatorRequest,
  type OperatorAccount,
  type OperatorAccountActionResult,
} from '@portal/contracts/console-operators';
import { CONSOLE_BASE_PATH } from '@portal/contracts/console-session';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import type { Config } from '../../config.ts';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { operatorInvitationMail } from './invitation-mail.ts';
import { OPERATOR_MANAGEMENT_MESSAGES as MESSAGES } from './management-messages.ts';
import {
  clearOperatorTwoFactor,
  countOtherActiveAdmins,
  deleteInvitation,
  deleteOperatorSessions,
  findInvitation,
  findOperatorAccount,
  lockOperatorForChange,
  saveInvitation,
  setOperatorPassword,
  setOperatorRole,
  setOperatorStatus,
} from './management-repository.ts';
import { createOperatorAccount, OperatorExistsError, type OperatorDependencies } from './service.ts';

/**
 * The Operators page's writes (issue 14, admin only). Each is one transaction: the change, its one audit row (the
 * acting operator, role, IP, user agent; before and after; the reason when it asks for one) and, for an invitation,
 * the queued e-mail. A refusal (self, last admin, wrong state) is a 409 with its reason and records nothing.
 */

export interface OperatorManagementDependencies extends OperatorDependencies {
  config: Pick<Config, 'appKey' | 'appUrl'>;
  mailer: Pick<Mailer, 'queue'>;
}

/** The operator acting, for the guards, and the audit row's actor (the request's `auditActor`). */
export interface ActingOperator {
  id: number;
  name: string;
  role: OperatorRole;
  actor: AuditActor;
}

const actorOf = (operator: ActingOperator): AuditActor => operator.actor;

const target = (id: number) => ({ type: 'operator', id });

export type OperatorManagementService = ReturnType<typeof createOperatorManagementService>;

export function createOperatorManagementService(deps: OperatorManagementDependencies) {
  /** A new link for `operatorId`, saved (replacing any other) and e-mailed, in the caller's transaction. */
  async function sendInvitation(client: Queryable, invitee: { id: number; name: string; email: string; role: OperatorRole }, invitedBy: string): Promise<Date> {
    const token = randomToken(32);
    const expiresAt = await saveInvitation(client, invitee.id, sha256(token), OPERATOR_INVITATION_EXPIRE_HOURS);
    const link = `${deps.config.appUrl}${CONSOLE_BASE_PATH}${OPERATOR_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
    await deps.mailer.queue(operatorInvitationMail({ to: invitee.email, name: invitee.name, role: invitee.role, invitedBy, link }), { db: client });
    return expiresAt;
  }

  /**
   * Runs `change` on the locked operator (404 if there is none) and records it; answers the account as it is after.
   * `change` throws a ConflictError to refuse, before anything is written.
   */
  async function changeOperator(
    acting: ActingOperator,
    id: number,
    change: (account: OperatorAccount, client: Queryable) => Promise<{ action: string; before: object; after: object; endedSessions?: number; reason?: string }>,
  ): Promise<OperatorAccountActionResult> {
    return inTransaction(deps.pool, async (client) => {
      const account = await lockOperatorForChange(client, id);
      if (!account) throw new NotFoundError();
      const done = await change(account, client);
      const endedSessions = done.endedSessions ?? 0;
      await recordAudit(client, actorOf(acting), {
        action: done.action,
        target: target(id),
        before: done.before,
        after: { ...done.after, ...(done.endedSessions === undefined ? {} : { sessions_ended: endedSessions }) },
        reason: done.reason ?? null,
      });
      return { operator: (await findOperatorAccount(client, id))!, ended_sessions: endedSessions };
    });
  }

  /** Refuses a change that would leave no admin able to sign in. */
  async function keepAnAdmin(client: Queryable, account: OperatorAccount, message: string): Promise<void> {
    if (account.role === 'admin' && account.status === 'active' && (await countOtherActiveAdmins(client, account.id)) === 0) throw new ConflictError(message);
  }

  return {
    /**
     * Creates the operator with the CLI's service (createOperatorAccount: one audit row, `invited: true`), with a
     * random password nobody is told, and e-mails a link to choose theirs. A taken e-mail address is a 422.
     */
    async invite(acting: ActingOperator, input: InviteOperatorRequest): Promise<OperatorAccount> {
      try {
        return await inTransaction(deps.pool, async (client) => {
          const created = await createOperatorAccount(deps, { email: input.email, name: input.name, role: input.role, invited: true }, actorOf(acting), client);
          await sendInvitation(client, { id: created.id, name: input.name, email: created.email, role: input.role }, acting.name);
          return (await findOperatorAccount(client, created.id))!;
        });
      } catch (error) {
        if (error instanceof OperatorExistsError) throw ValidationError.field('email', MESSAGES.emailTaken);
        throw error;
      }
    },

    /** A new invitation link (the old one stops working), for an operator who has not accepted theirs. */
    resendInvitation(acting: ActingOperator, id: number): Promise<OperatorAccountActionResult> {
      return changeOperator(acting, id, async (account, client) => {
        if (account.status !== 'invited') throw new ConflictError(MESSAGES.notInvited);
        const expiresAt = await sendInvitation(client, account, acting.name);
        return { action: 'operator.invitation_resent', before: { invitation_expires_at: account.invitation_expires_at }, after: { invitation_expires_at: expiresAt } };
      });
    },

    /** Another role; the operator's open sessions follow it at their next request (the guard reads the role each time). */
    changeRole(acting: ActingOperator, id: number, role: OperatorRole): Promise<OperatorAccountActionResult> {
      return changeOperator(acting, id, async (account, client) => {
        if (account.id === acting.id) throw new ConflictError(MESSAGES.selfRole);
        if (account.role === role) throw new ConflictError(MESSAGES.sameRole);
        if (role !== 'admin') await keepAnAdmin(client, account, MESSAGES.lastAdminDemote);
        await setOperatorRole(client, id, role);
        return { action: 'operator.role_changed', before: { role: account.role }, after: { role } };
      });
    },

    /** Disabled: cannot sign in, and every session ends now (their next request is a 401). */
    disable(acting: ActingOperator, id: number, reason: string): Promise<OperatorAccountActionResult> {
      return changeOperator(acting, id, async (account, client) => {
        if (account.id === acting.id) throw new ConflictError(MESSAGES.selfDisable);
        if (account.status === 'disabled') throw new ConflictError(MESSAGES.alreadyDisabled);
        await keepAnAdmin(client, account, MESSAGES.lastAdminDisable);
        await setOperatorStatus(client, id, 'disabled');
        return { action: 'operator.disabled', before: { status: account.status }, after: { status: 'disabled' }, endedSessions: await deleteOperatorSessions(client, id), reason };
      });
    },

    /** Re-enabled: signs in again as before (an invited operator is invited again, their link as it was). */
    enable(acting: ActingOperator, id: number): Promise<OperatorAccountActionResult> {
      return changeOperator(acting, id, async (account, client) => {
        if (account.status !== 'disabled') throw new ConflictError(MESSAGES.notDisabled);
        await setOperatorStatus(client, id, 'active');
        return { action: 'operator.enabled', before: { status: 'disabled' }, after: { status: 'active' } };
      });
    },

    /** Forgets the enrolled app and recovery codes, and ends every session: the next sign-in enrols a new app. */
    resetTwoFactor(acting: ActingOperator, id: number, reason: string): Promise<OperatorAccountActionResult> {
      return changeOperator(acting, id, async (account, client) => {
        if (account.id === acting.id) throw new ConflictError(MESSAGES.selfTwoFactor);
        if (!account.two_factor_enrolled) throw new ConflictError(MESSAGES.noTwoFactor);
        await clearOperatorTwoFactor(client, id);
        return { action: 'operator.two_factor_reset', before: { two_factor: true }, after: { two_factor: false }, endedSessions: await deleteOperatorSessions(client, id), reason };
      });
    },
  };
}

/** The invitee's side: who a link invites, and choosing the password (public console routes; the token is the key). */
export function createInvitationService(deps: OperatorDependencies) {
  const invalid = () => ValidationError.field('token', MESSAGES.invitationInvalid);
  return {
    async lookUp(token: string): Promise<Invitation> {
      const row = await findInvitation(deps.pool, sha256(token));
      if (!row) throw invalid();
      return { name: row.name, email: row.email, role: row.role };
    },

    /**
     * Sets the password and spends the link, with the audit row (the invitee as actor), in one transaction. They are
     * not signed in: they sign in with it, and the first sign-in enrols two-factor as for every operator.
     */
    async accept(input: AcceptInvitationRequest, origin: Pick<AuditActor, 'ip' | 'userAgent'>): Promise<{ email: string }> {
      const tokenHash = sha256(input.token);
      // A cheap check first, so a wrong token costs no argon2 hash.
      if (!(await findInvitation(deps.pool, tokenHash))) throw invalid();
      const passwordHash = await hashPassword(input.password);
      return inTransaction(deps.pool, async (client) => {
        const row = await findInvitation(client, tokenHash, { lock: true });
        if (!row) throw invalid();
        await setOperatorPassword(client, row.operator_id, passwordHash);
        await deleteInvitation(client, row.operator_id);
        await recordAudit(client, { type: 'operator', id: row.operator_id, role: row.role, ...origin }, {
          action: 'operator.invitation_accepted',
          target: target(row.operator_id),
          before: { status: 'invited' },
          after: { status: 'active' },
        });
        return { email: row.email };
      });
    },
  };
}
