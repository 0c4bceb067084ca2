import type pg from 'pg';
import type { PayoutBatchProposal, PayoutBatchRequest, PayoutBatchResult } from '@portal/contracts/console-earnings';
import { decimalToMinor } from '@portal/contracts/money';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { operatorIdOf, recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { assertSecondOperator, operatorRef } from '../../lib/four-eyes.ts';
import { PAYOUT_MESSAGES as M } from './messages.ts';
import { decideProposal, deleteThreshold, findProposal, insertProposal, lockProposal, lockThreshold, saveThreshold, sendableDrafts, thresholdOf } from './repository.ts';

/**
 * Four eyes on payouts (issue 31, docs/earnings.md "Four eyes"): a batch (a run day and a currency) whose draft payouts
 * to verified accounts add up to more than its currency's threshold is sent only when one operator has proposed it and
 * another approved it. Proposal and approval are rows of payout_batch_proposals; the thresholds, rows of
 * payout_approval_thresholds that admins edit. A currency without a threshold needs one operator.
 */

/** Marks one locked draft payout sent, inside the caller's transaction (payouts.ts: the one place a payout is sent). */
export type SendDraft = (client: Queryable, actor: AuditActor, payoutId: number, who: { sentBy: number | null; approvedBy: number | null }) => Promise<void>;

/** Whether a single payout may be marked sent alone: its batch's total is within its currency's threshold. */
export async function assertSendableAlone(client: Queryable, payout: { scheduled_on: string; currency: string }): Promise<void> {
  const threshold = await thresholdOf(client, payout.currency);
  if (threshold === null) return;
  const { total } = await sendableDrafts(client, { scheduled_on: payout.scheduled_on, currency: payout.currency }, { lock: false });
  if (total > threshold) throw new AppError(409, M.fourEyesRequired, 'four_eyes_required', { code: 'four_eyes_required' });
}

export function createPayoutBatches(deps: { sendDraft: SendDraft; afterSent: (pool: pg.Pool, payoutIds: number[]) => Promise<void> }) {
  return {
    /** An admin sets the amount above which a currency's batches need two operators (audited). */
    async setThreshold(pool: pg.Pool, actor: AuditActor, currency: string, threshold: string): Promise<void> {
      const thresholdMinor = decimalToMinor(threshold, currency);
      if (thresholdMinor === null) throw ValidationError.field('threshold', M.thresholdDecimals);
      await inTransaction(pool, async (client) => {
        const before = await lockThreshold(client, currency);
        await saveThreshold(client, currency, thresholdMinor, operatorIdOf(actor));
        await recordAudit(client, actor, {
          action: 'payout_threshold.updated',
          target: { type: 'payout_threshold', id: currency },
          before: before === null ? null : { threshold_minor: before },
          after: { threshold_minor: thresholdMinor },
        });
      });
    },

    /** An admin removes a currency's threshold: its batches then need one operator (audited). 404 when it has none. */
    async removeThreshold(pool: pg.Pool, actor: AuditActor, currency: string): Promise<void> {
      await inTransaction(pool, async (client) => {
        const removed = await deleteThreshold(client, currency);
        if (removed === null) throw new NotFoundError(M.noThreshold);
        await recordAudit(client, actor, {
          action: 'payout_threshold.removed',
          target: { type: 'payout_threshold', id: currency },
          before: { threshold_minor: removed },
          after: null,
        });
      });
    },

    /**
     * Send a batch: within its currency's threshold its drafts are sent now by this operator; above it the batch is
     * proposed (audited) and awaits a different operator's approval.
     */
    async propose(pool: pg.Pool, actor: AuditActor, batch: PayoutBatchRequest): Promise<PayoutBatchResult> {
      const operatorId = operatorIdOf(actor);
      const outcome = await inTransaction(pool, async (client) => {
        const { ids, total } = await sendableDrafts(client, batch, { lock: true });
        if (ids.length === 0) throw ValidationError.field('scheduled_on', M.noSendableDrafts);
        const threshold = await thresholdOf(client, batch.currency);
        if (threshold === null || total <= threshold) {
          for (const id of ids) await deps.sendDraft(client, actor, id, { sentBy: operatorId, approvedBy: null });
          return { status: 'sent' as const, ids, total, proposalId: null };
        }
        const proposalId = await insertProposal(client, { ...batch, payoutIds: ids, totalMinor: total, proposedBy: operatorId });
        if (proposalId === undefined) throw new ConflictError(M.batchAlreadyProposed);
        await recordAudit(client, actor, {
          action: 'payout_batch.proposed',
          target: { type: 'payout_batch', id: `${batch.scheduled_on}-${batch.currency}` },
          after: { proposal_id: proposalId, payouts: ids, total_minor: total, threshold_minor: threshold, proposed_by: await operatorRef(client, operatorId) },
        });
        return { status: 'awaiting_second_approval' as const, ids, total, proposalId };
      });
      if (outcome.status === 'sent') await deps.afterSent(pool, outcome.ids);
      return {
        status: outcome.status,
        payouts: outcome.ids.length,
        total_minor: outcome.total,
        proposal: outcome.proposalId === null ? null : ((await findProposal(pool, outcome.proposalId)) ?? null),
      };
    },

    /**
     * A second operator approves a proposed batch: its payouts are sent, marked sent by the proposer and approved by
     * the approver, and audited with both names. The proposer is refused; a batch that changed since is withdrawn.
     */
    async approve(pool: pg.Pool, actor: AuditActor, proposalId: number): Promise<PayoutBatchProposal> {
      const approverId = operatorIdOf(actor);
      const result = await inTransaction(pool, async (client) => {
        const proposal = await lockProposal(client, proposalId);
        if (!proposal) throw new NotFoundError();
        if (proposal.status !== 'proposed') throw new ConflictError(M.proposalClosed);
        assertSecondOperator(proposal.proposed_by_operator_id, approverId, M.sameOperatorBatch);
        const proposed = proposal.payout_ids.map(Number).sort((a, b) => a - b);
        const now = await sendableDrafts(client, { scheduled_on: proposal.scheduled_on, currency: proposal.currency }, { lock: true });
        // What the second operator approves must be what the first proposed: the same payouts, still sendable.
        if (proposed.some((id) => !now.ids.includes(id))) {
          await decideProposal(client, proposalId, 'withdrawn', approverId);
          await recordAudit(client, actor, { action: 'payout_batch.withdrawn', target: { type: 'payout_batch', id: `${proposal.scheduled_on}-${proposal.currency}` }, after: { proposal_id: proposalId }, reason: 'The batch changed since it was proposed.' });
          return 'changed' as const;
        }
        for (const id of proposed) await deps.sendDraft(client, actor, id, { sentBy: proposal.proposed_by_operator_id, approvedBy: approverId });
        await decideProposal(client, proposalId, 'approved', approverId);
        await recordAudit(client, actor, {
          action: 'payout_batch.approved',
          target: { type: 'payout_batch', id: `${proposal.scheduled_on}-${proposal.currency}` },
          after: { proposal_id: proposalId, payouts: proposed, total_minor: Number(proposal.total_minor), proposed_by: await operatorRef(client, proposal.proposed_by_operator_id), approved_by: await operatorRef(client, approverId) },
        });
        return proposed;
      });
      // The withdrawal is committed; the caller learns why.
      if (result === 'changed') throw new ConflictError(M.batchChanged);
      await deps.afterSent(pool, result);
      return (await findProposal(pool, proposalId))!;
    },

    /**
     * Withdraws a proposal still awaiting approval (the proposer thought better of it, or a second operator will not
     * approve it), audited with who proposed and who withdrew; its payouts stay drafts and the batch may be proposed again.
     */
    async withdraw(pool: pg.Pool, actor: AuditActor, proposalId: number): Promise<PayoutBatchProposal> {
      const operatorId = operatorIdOf(actor);
      await inTransaction(pool, async (client) => {
        const proposal = await lockProposal(client, proposalId);
        if (!proposal) throw new NotFoundError();
        if (proposal.status !== 'proposed') throw new ConflictError(M.proposalClosed);
        await decideProposal(client, proposalId, 'withdrawn', operatorId);
        await recordAudit(client, actor, {
          action: 'payout_batch.withdrawn',
          target: { type: 'payout_batch', id: `${proposal.scheduled_on}-${proposal.currency}` },
          before: { status: 'proposed' },
          after: { proposal_id: proposalId, status: 'withdrawn', proposed_by: await operatorRef(client, proposal.proposed_by_operator_id), withdrawn_by: await operatorRef(client, operatorId) },
        });
      });
      return (await findProposal(pool, proposalId))!;
    },
  };
}

export type PayoutBatches = ReturnType<typeof createPayoutBatches>;
