import { inTransaction } from '../../db/queryable.ts';
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
}

export interface ApprovalResult {
  userId: number;
  email: string;
  link: CreatedLoginLink;
}

/** The operator's account commands (`npm run admin`): approval, rejection, sign-in links, two-factor. */
export type ApprovalService = ReturnType<typeof createApprovalService>;

export function createApprovalService(deps: ApprovalDependencies) {
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
     * The status change and the link are one transaction; the e-mail is sent after it commits, and if
     * sending fails the operator is told to run `send-login-link`.
     */
    async approveRegistration(email: string): Promise<ApprovalResult> {
      const user = await findAccount(email);
      if (user.status === 'approved') {
        throw new OperatorError(`${user.email} is already approved. To send a new sign-in link: send-login-link ${user.email}`);
      }
      const link = await inTransaction(deps.pool, async (client) => {
        await setUserStatus(client, user.id, 'approved');
        return createLoginLink(client, deps.config.appUrl, user.id, 'approval');
      });
      try {
        await deps.mailer.send(approvalMail({ to: user.email, firstName: user.first_name, link: link.url, loginUrl: `${deps.config.appUrl}/login`, locale: user.locale }));
      } catch (error) {
        throw new OperatorError(
          `${user.email} is approved, but the e-mail could not be sent (${(error as Error).message}). Retry with: send-login-link ${user.email}`,
        );
      }
      await deps.onApproved?.(user.id);
      return { userId: user.id, email: user.email, link };
    },

    /** Rejects a registration (or withdraws an approval): the account cannot sign in, its sessions end. */
    async rejectRegistration(email: string, options: { notify?: boolean } = {}): Promise<{ userId: number; email: string }> {
      const user = await findAccount(email);
      if (user.status === 'rejected') throw new OperatorError(`${user.email} is already rejected.`);
      await setUserStatus(deps.pool, user.id, 'rejected');
      if (deps.endSessions) await deps.endSessions(user.id);
      else await deps.pool.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
      if (options.notify ?? true) await deps.mailer.send(rejectionMail({ to: user.email, firstName: user.first_name, locale: user.locale }));
      return { userId: user.id, email: user.email };
    },

    /** A fresh one-time sign-in link for an approved account (a lost approval e-mail, a locked-out partner). */
    async sendLoginLink(email: string): Promise<ApprovalResult> {
      const user = await findAccount(email);
      if (user.status !== 'approved') throw new OperatorError(`${user.email} is ${user.status}; approve it first.`);
      const link = await createLoginLink(deps.pool, deps.config.appUrl, user.id, 'approval');
      await deps.mailer.send(loginLinkMail({ to: user.email, firstName: user.first_name, link: link.url, locale: user.locale }));
      return { userId: user.id, email: user.email, link };
    },

    async enableTwoFactorFor(email: string): Promise<TwoFactorSetup & { email: string }> {
      const user = await findAccount(email);
      const setup = await inTransaction(deps.pool, (client) => configureTwoFactor(client, deps.config.appKey, { id: user.id, email: user.email }));
      return { ...setup, email: user.email };
    },

    async disableTwoFactorFor(email: string): Promise<{ email: string }> {
      const user = await findAccount(email);
      await inTransaction(deps.pool, (client) => removeTwoFactor(client, user.id));
      return { email: user.email };
    },
  };
}
