import { inTransaction } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { createLoginLink, type CreatedLoginLink } from './login-links.ts';
import { approvalMail, loginLinkMail, rejectionMail } from './mails.ts';
import { findCredentialsByEmail, listPendingUsers, setUserStatus, type CredentialRow, type PendingUserRow } from './repository.ts';
import type { AuthDependencies } from './service.ts';
import { configureTwoFactor, removeTwoFactor, type TwoFactorSetup } from './two-factor-setup.ts';

/** A refusal the operator can act on (unknown e-mail, wrong state); the CLI prints its message. */
export class OperatorError extends Error {}

export interface ApprovalDependencies extends AuthDependencies {
  /**
   * Ends every session of a user (rejection). Without it the rows are deleted here; the admin command passes
   * one that also closes the user's realtime sockets.
   */
  endSessions?: (userId: number) => Promise<void>;
  /** Called once an account is approved and its link e-mailed (the admin command stores an "account approved" notification). */
  onApproved?: (userId: number) => Promise<void> | void;
  /**
   * Who acts, for the audit row every change here writes in its own transaction: the admin command passes
   * `{ type: 'cli', id: <OS user> }`, the console its operator. Default: the system.
   */
  actor?: AuditActor;
}

/** The audit target of an account (the profile's security events read rows of this target). */
function userTarget(userId: number) {
  return { type: 'user', id: userId };
}

export interface ApprovalResult {
  userId: number;
  email: string;
  link: CreatedLoginLink;
}

/** The operator's account commands (`npm run admin`): approval, rejection, sign-in links, two-factor. */
export type ApprovalService = ReturnType<typeof createApprovalService>;

export function createApprovalService(deps: ApprovalDependencies) {
  const actor: AuditActor = deps.actor ?? { type: 'system', id: 'approval' };

  async function findAccount(email: string): Promise<CredentialRow> {
    const user = await findCredentialsByEmail(deps.pool, email.trim());
    if (!user) throw new OperatorError(`No account has the e-mail address ${email}.`);
    return user;
  }

  return {
    listPendingRegistrations(): Promise<PendingUserRow[]> {
      return listPendingUsers(deps.pool);
    },

    /**
     * Approves a pending (or earlier rejected) registration and e-mails a one-time link to /authenticate.
     * The status change, the link, the queued e-mail and the audit row are one transaction: the e-mail goes out
     * (from the job queue, retried when SMTP fails) exactly when the approval commits.
     */
    async approveRegistration(email: string): Promise<ApprovalResult> {
      const user = await findAccount(email);
      if (user.status === 'approved') {
        throw new OperatorError(`${user.email} is already approved. To send a new sign-in link: send-login-link ${user.email}`);
      }
      const link = await inTransaction(deps.pool, async (client) => {
        await setUserStatus(client, user.id, 'approved');
        const created = await createLoginLink(client, deps.config.appUrl, user.id, 'approval');
        await deps.mailer.queue(
          approvalMail({ to: user.email, firstName: user.first_name, link: created.url, loginUrl: `${deps.config.appUrl}/login`, locale: user.locale }),
          { db: client },
        );
        await recordAudit(client, actor, {
          action: 'partner.approved',
          target: userTarget(user.id),
          before: { status: user.status },
          after: { status: 'approved', email: user.email },
        });
        return created;
      });
      await deps.onApproved?.(user.id);
      return { userId: user.id, email: user.email, link };
    },

    /** Rejects a registration (or withdraws an approval): the account cannot sign in, its sessions end. */
    async rejectRegistration(email: string, options: { notify?: boolean; reason?: string } = {}): Promise<{ userId: number; email: string }> {
      const user = await findAccount(email);
      if (user.status === 'rejected') throw new OperatorError(`${user.email} is already rejected.`);
      const notify = options.notify ?? true;
      await inTransaction(deps.pool, async (client) => {
        await setUserStatus(client, user.id, 'rejected');
        await client.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
        if (notify) await deps.mailer.queue(rejectionMail({ to: user.email, firstName: user.first_name, locale: user.locale }), { db: client });
        await recordAudit(client, actor, {
          action: 'partner.rejected',
          target: userTarget(user.id),
          before: { status: user.status },
          after: { status: 'rejected', notified: notify },
          reason: options.reason ?? null,
        });
      });
      // After the commit (its sessions are gone already): the caller's extra, e.g. closing the account's sockets.
      await deps.endSessions?.(user.id);
      return { userId: user.id, email: user.email };
    },

    /** A fresh one-time sign-in link for an approved account (a lost approval e-mail, a locked-out partner). */
    async sendLoginLink(email: string): Promise<ApprovalResult> {
      const user = await findAccount(email);
      if (user.status !== 'approved') throw new OperatorError(`${user.email} is ${user.status}; approve it first.`);
      const link = await inTransaction(deps.pool, async (client) => {
        const created = await createLoginLink(client, deps.config.appUrl, user.id, 'approval');
        await deps.mailer.queue(loginLinkMail({ to: user.email, firstName: user.first_name, link: created.url, locale: user.locale }), { db: client });
        await recordAudit(client, actor, { action: 'partner.login_link_sent', target: userTarget(user.id), after: { expires_at: created.expiresAt } });
        return created;
      });
      return { userId: user.id, email: user.email, link };
    },

    async enableTwoFactorFor(email: string): Promise<TwoFactorSetup & { email: string }> {
      const user = await findAccount(email);
      const setup = await inTransaction(deps.pool, async (client) => {
        const configured = await configureTwoFactor(client, deps.config.appKey, { id: user.id, email: user.email });
        // A partner's security event (auth.*), made by the operator.
        await recordAudit(client, actor, { action: 'auth.two_factor_enabled', target: userTarget(user.id), before: { two_factor: user.two_factor_confirmed_at !== null }, after: { two_factor: true } });
        return configured;
      });
      return { ...setup, email: user.email };
    },

    async disableTwoFactorFor(email: string): Promise<{ email: string }> {
      const user = await findAccount(email);
      await inTransaction(deps.pool, async (client) => {
        await removeTwoFactor(client, user.id);
        await recordAudit(client, actor, { action: 'auth.two_factor_disabled', target: userTarget(user.id), before: { two_factor: user.two_factor_confirmed_at !== null }, after: { two_factor: false } });
      });
      return { email: user.email };
    },
  };
}
