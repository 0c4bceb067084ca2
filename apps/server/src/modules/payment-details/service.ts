import { createHmac, hkdfSync } from 'node:crypto';
import type pg from 'pg';
import { PARTNER_ROLES, partnerRoleCan } from '@portal/contracts/partner-roles';
import type { PaymentDetailsRequest, PaymentDetailsResponse } from '@portal/contracts/payment-details';
import { PAYMENT_DETAILS_NOTIFICATION } from '@portal/contracts/profile';
import { inTransaction } from '../../db/queryable.ts';
import { operatorIdOf, recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { createEncrypter } from '../../lib/encryption.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { assertSecondOperator, operatorRef } from '../../lib/four-eyes.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { defineNotice, type Notice, type NoticeValues, type NotificationService } from '../notifications/public.ts';
import { paymentDetailsChangedMail } from './mails.ts';
import { PAYMENT_DETAILS_MESSAGES as M } from './messages.ts';
import { activeMembers, agentsWithAccount, describedAccount, findDetails, findEvents, insertEvent, proposalOf, toDetails, writeDetails } from './repository.ts';

/**
 * Payment details' rules (docs/payment-details.md): a change seals the account, leaves the details unverified (payouts
 * wait), logs the change, e-mails the owners with a freeze link and tells the members who manage them; an owner's
 * "I didn't do this" freezes them; an operator verifies them (audited) or reveals the account (audited).
 */

/** The purpose the account is sealed under (lib/encryption.ts derives its key from APP_KEY with it). */
export const SEAL_PURPOSE = 'payment-details';
const FINGERPRINT_PURPOSE = 'payment-details-fingerprint';
const FREEZE_LINK_DAYS = 30;
/** Who manages payment details (payment_details.manage) and hears of them. */
const MANAGING_ROLES = PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'payment_details.manage'));
/** How many change-log entries the partner's page shows. */
const PARTNER_EVENTS = 20;

export interface PaymentDetailsDeps {
  appKey: string;
  appUrl: string;
  mailer: Pick<Mailer, 'queue'>;
  notifications: Pick<NotificationService, 'notify'>;
}

/** The member changing the details, and where from. */
export interface DetailsEditor {
  userId: number;
  name: string;
  referralAgentId: number;
  ip?: string | null;
  userAgent?: string | null;
}

/** What an agent's owners and managers read of its payment details (worded at every read in the reader's language). */
const DETAILS_CHANGED_NOTICE = defineNotice<{ by: string; account: string }>('payment-details.changed', {
  en: { title: 'Payment details changed', body: '{by} changed where payouts go to {account}. Payouts wait until the programme team has verified it.' },
  ar: { title: 'تم تغيير بيانات الدفع', body: 'غيّر {by} الحساب الذي تُرسل إليه الدفعات إلى {account}. تنتظر الدفعات حتى يتحقق منه فريق البرنامج.' },
});

const DETAILS_VERIFIED_NOTICE = defineNotice<Record<string, never>>('payment-details.verified', {
  en: { title: 'Payment details verified', body: 'The programme team verified your payment details: payouts go to them from the next payout day.' },
  ar: { title: 'تم التحقق من بيانات الدفع', body: 'تحقق فريق البرنامج من بيانات الدفع الخاصة بكم: تُرسل الدفعات إليها ابتداءً من يوم الدفع القادم.' },
});

const DETAILS_FROZEN_NOTICE = defineNotice<{ by: string }>('payment-details.frozen', {
  en: { title: 'Payment details frozen', body: '{by} reported a change to your payment details they did not make. No payout is made until the programme team has spoken to you.' },
  ar: { title: 'تم تجميد بيانات الدفع', body: 'أبلغ {by} عن تغيير في بيانات الدفع لم يقم به. لن تُرسل أي دفعة حتى يتواصل معكم فريق البرنامج.' },
});

/** The account identifier the scheme keys on: the IBAN, or the account number with its bank's code. */
function accountOf(details: PaymentDetailsRequest): { account: string; bankKey: string } {
  switch (details.scheme) {
    case 'iban':
      return { account: details.iban, bankKey: '' };
    case 'us_ach':
      return { account: details.account_number, bankKey: details.routing_number };
    case 'in_ifsc':
      return { account: details.account_number, bankKey: details.ifsc };
    case 'swift_account':
      return { account: details.account_number, bankKey: details.bic };
  }
}

/** What is stored of a request's account: sealed, its last four, its keyed fingerprint and how it is described. */
export interface SealedAccount {
  sealed: string;
  last4: string;
  fingerprint: string;
  described: string;
}

/** Seals a request's account with APP_KEY (the service, and the demo's details, write through here). */
export function sealAccount(appKey: string, request: PaymentDetailsRequest): SealedAccount {
  const { account, bankKey } = accountOf(request);
  const fingerprintKey = Buffer.from(hkdfSync('sha256', appKey, 'partner-portal', FINGERPRINT_PURPOSE, 32));
  // A short account (a 4-digit US one) would be shown whole: its last two only.
  const last4 = account.slice(account.length >= 8 ? -4 : -2);
  return {
    sealed: createEncrypter(appKey, SEAL_PURPOSE).encrypt(account),
    last4,
    fingerprint: createHmac('sha256', fingerprintKey).update(`${request.scheme}\n${bankKey}\n${account}`).digest('hex'),
    described: describedAccount({ scheme: request.scheme, account_last4: last4, bank_country: request.bank_country }),
  };
}

export function createPaymentDetailsService(deps: PaymentDetailsDeps) {
  const sealer = createEncrypter(deps.appKey, SEAL_PURPOSE);

  async function tellManagers<Values extends NoticeValues>(db: pg.Pool, referralAgentId: number, notice: Notice<Values>, values: Values) {
    const members = await activeMembers(db, referralAgentId, MANAGING_ROLES);
    if (members.length === 0) return;
    await deps.notifications.notify(
      members.map((member) => member.id),
      { type: PAYMENT_DETAILS_NOTIFICATION, notice, values, link: '/payment-details', data: {} },
    );
  }

  return {
    async view(pool: pg.Pool, referralAgentId: number): Promise<PaymentDetailsResponse> {
      const [details, events] = await Promise.all([findDetails(pool, referralAgentId), findEvents(pool, referralAgentId, PARTNER_EVENTS)]);
      return { details: details ? toDetails(details) : null, events: events.map(({ operator: _operator, ...event }) => event) };
    },

    /**
     * Replaces the agent's details (the caller is re-authenticated: the route checks it). They are unverified until an
     * operator verifies them, the change is logged with the masked old and new accounts, and each owner is e-mailed an
     * "I didn't do this" link (a token of their own, hashed, good for 30 days, once).
     */
    async save(pool: pg.Pool, editor: DetailsEditor, request: PaymentDetailsRequest, now = new Date()): Promise<void> {
      const { sealed, last4, fingerprint: print, described: newMasked } = sealAccount(deps.appKey, request);
      await inTransaction(pool, async (client) => {
        const before = await findDetails(client, editor.referralAgentId, { lock: true });
        const oldMasked = before ? describedAccount(before) : null;
        // A freeze stays until an operator has spoken to the owners: whoever made the unwanted change must not lift it by
        // saving again.
        const status = before?.status === 'frozen' ? 'frozen' : 'unverified';
        await writeDetails(client, { referralAgentId: editor.referralAgentId, request, account: { sealed, last4, fingerprint: print }, status, at: now, userId: editor.userId });
        const eventId = await insertEvent(client, { referralAgentId: editor.referralAgentId, kind: 'changed', userId: editor.userId, oldMasked, newMasked, ip: editor.ip, userAgent: editor.userAgent });
        await recordAudit(client, { type: 'partner', id: editor.userId, ip: editor.ip, userAgent: editor.userAgent }, {
          action: 'payment_details.changed',
          target: { type: 'referral_agent', id: editor.referralAgentId },
          before: oldMasked === null ? null : { account: oldMasked },
          after: { account: newMasked },
        });
        const { rows: agent } = await client.query<{ name: string }>('SELECT name FROM referral_agents WHERE id = $1', [editor.referralAgentId]);
        const owners = await activeMembers(client, editor.referralAgentId, ['owner']);
        const messages = [];
        for (const owner of owners) {
          const token = randomToken();
          await client.query(
            `INSERT INTO payment_detail_freeze_links (token_hash, referral_agent_id, event_id, user_id, expires_at) VALUES ($1, $2, $3, $4, $5::timestamptz + make_interval(days => $6))`,
            [sha256(token), editor.referralAgentId, eventId, owner.id, now, FREEZE_LINK_DAYS],
          );
          messages.push(
            paymentDetailsChangedMail({
              to: owner.email, firstName: owner.first_name, locale: owner.locale, changedBy: editor.name, agentName: agent[0]!.name, oldMasked, newMasked,
              freezeUrl: `${deps.appUrl}/payment-details/freeze?token=${encodeURIComponent(token)}`,
            }),
          );
        }
        // Queued in the transaction: the e-mails exist exactly when the change commits.
        for (const message of messages) await deps.mailer.queue(message, { db: client });
      });
      await tellManagers(pool, editor.referralAgentId, DETAILS_CHANGED_NOTICE, { by: editor.name, account: newMasked });
    },

    /** An owner's "I didn't do this": the details are frozen (no payout goes to them) until an operator verifies them. */
    async freeze(pool: pg.Pool, token: string, origin: { ip?: string | null; userAgent?: string | null } = {}, now = new Date()): Promise<{ agent_name: string; frozen: boolean }> {
      const done = await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ referral_agent_id: number; user_id: number; name: string; agent_name: string }>(
          `UPDATE payment_detail_freeze_links l SET used_at = $2
             FROM users u, referral_agents ra, partner_profiles p
            WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > $2 AND u.id = l.user_id AND ra.id = l.referral_agent_id
              -- still an active owner of that agent: a link outlives no one's removal
              AND p.user_id = u.id AND p.referral_agent_id = l.referral_agent_id AND p.role = 'owner' AND u.status = 'approved'
            RETURNING l.referral_agent_id, l.user_id, u.first_name || ' ' || u.last_name AS name, ra.name AS agent_name`,
          [sha256(token), now],
        );
        const link = rows[0];
        if (!link) throw new NotFoundError(M.linkInvalid);
        const details = await findDetails(client, link.referral_agent_id, { lock: true });
        if (!details) throw new NotFoundError(M.linkInvalid);
        if (details.status !== 'frozen') {
          // A verification proposed before the owner said "I didn't do this" is void: the checking starts again.
          await client.query(
            `UPDATE payment_details SET status = 'frozen', frozen_at = $2, verified_at = NULL, verified_by_operator_id = NULL,
                    verification_proposed_by_operator_id = NULL, verification_proposed_at = NULL, verification_proposed_for = NULL
              WHERE referral_agent_id = $1`,
            [link.referral_agent_id, now],
          );
          await insertEvent(client, { referralAgentId: link.referral_agent_id, kind: 'frozen', userId: link.user_id, newMasked: describedAccount(details), ip: origin.ip, userAgent: origin.userAgent });
          await recordAudit(client, { type: 'partner', id: link.user_id, ip: origin.ip, userAgent: origin.userAgent }, { action: 'payment_details.frozen', target: { type: 'referral_agent', id: link.referral_agent_id }, before: { status: details.status }, after: { status: 'frozen' } });
        }
        return link;
      });
      await tellManagers(pool, done.referral_agent_id, DETAILS_FROZEN_NOTICE, { by: done.name });
      return { agent_name: done.agent_name, frozen: true };
    },

    /**
     * An operator checked the details against the partner's bank letter. Four eyes (issue 31): the first operator's
     * check is a proposal (audited); a different operator's check, on the same details, verifies them (audited with
     * both names) and payouts may go to them. The proposer checking again is refused (403 second_operator_required).
     */
    async verify(pool: pg.Pool, actor: AuditActor, referralAgentId: number, now = new Date()): Promise<{ status: 'verified' | 'awaiting_second_approval'; proposed_by: string | null }> {
      const outcome = await inTransaction(pool, async (client) => {
        const details = await findDetails(client, referralAgentId, { lock: true });
        if (!details) throw new NotFoundError(M.noDetails);
        if (details.status === 'verified') throw new ConflictError(M.alreadyVerified);
        const operatorId = operatorIdOf(actor);
        const proposal = proposalOf(details);
        if (!proposal) {
          await client.query(
            `UPDATE payment_details SET verification_proposed_by_operator_id = $2, verification_proposed_at = $3, verification_proposed_for = updated_at WHERE referral_agent_id = $1`,
            [referralAgentId, operatorId, now],
          );
          await recordAudit(client, actor, {
            action: 'payment_details.verification_proposed',
            target: { type: 'referral_agent', id: referralAgentId },
            after: { account: describedAccount(details), proposed_by: await operatorRef(client, operatorId) },
          });
          return { status: 'awaiting_second_approval' as const, proposed_by: (await operatorRef(client, operatorId))?.name ?? null };
        }
        assertSecondOperator(proposal.operator_id, operatorId, M.sameOperator);
        await client.query(
          `UPDATE payment_details SET status = 'verified', verified_at = $2, verified_by_operator_id = $3, frozen_at = NULL,
                  verification_proposed_by_operator_id = NULL, verification_proposed_at = NULL, verification_proposed_for = NULL
            WHERE referral_agent_id = $1`,
          [referralAgentId, now, operatorId],
        );
        await insertEvent(client, { referralAgentId, kind: 'verified', operatorId, newMasked: describedAccount(details) });
        await recordAudit(client, actor, {
          action: 'payment_details.verified',
          target: { type: 'referral_agent', id: referralAgentId },
          before: { status: details.status },
          after: { status: 'verified', proposed_by: { id: proposal.operator_id, name: proposal.operator_name }, approved_by: await operatorRef(client, operatorId) },
        });
        return { status: 'verified' as const, proposed_by: proposal.operator_name };
      });
      if (outcome.status === 'verified') await tellManagers(pool, referralAgentId, DETAILS_VERIFIED_NOTICE, {});
      return outcome;
    },

    /**
     * Withdraws a verification awaiting its second operator: the proposer thought better of it, or another operator
     * will not approve it (the account does not match the bank letter). Audited with both names; the details stay
     * unverified and the next check is a new proposal.
     */
    async withdrawVerification(pool: pg.Pool, actor: AuditActor, referralAgentId: number): Promise<void> {
      await inTransaction(pool, async (client) => {
        const details = await findDetails(client, referralAgentId, { lock: true });
        if (!details) throw new NotFoundError(M.noDetails);
        const proposal = proposalOf(details);
        if (!proposal) throw new ConflictError(M.noProposal);
        await client.query(
          `UPDATE payment_details SET verification_proposed_by_operator_id = NULL, verification_proposed_at = NULL, verification_proposed_for = NULL WHERE referral_agent_id = $1`,
          [referralAgentId],
        );
        await recordAudit(client, actor, {
          action: 'payment_details.verification_withdrawn',
          target: { type: 'referral_agent', id: referralAgentId },
          before: { proposed_by: { id: proposal.operator_id, name: proposal.operator_name }, proposed_at: proposal.proposed_at },
          after: { account: describedAccount(details), withdrawn_by: await operatorRef(client, operatorIdOf(actor)) },
        });
      });
    },

    /** The full account, for an operator checking it against the partner's bank letter: audited as a reveal. */
    async reveal(pool: pg.Pool, actor: AuditActor, referralAgentId: number): Promise<string> {
      const details = await findDetails(pool, referralAgentId);
      if (!details) throw new NotFoundError(M.noDetails);
      await recordAudit(pool, actor, { action: 'payment_details.revealed', target: { type: 'referral_agent', id: referralAgentId }, after: { account: describedAccount(details) } });
      return sealer.decrypt(details.account_sealed);
    },


    sameAccountAs: agentsWithAccount,
  };
}

export type PaymentDetailsService = ReturnType<typeof createPaymentDetailsService>;
