import type pg from 'pg';
import type { PayoutApprovalThreshold, PayoutBatchProposal, PayoutBatchRequest, PayoutBatchResult } from '@portal/contracts/console-earnings';
import { decimalToMinor } from '@portal/contracts/money';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { operatorIdOf, recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { assertSecondOperator, operatorRef } from '../../lib/four-eyes.ts';
import { PAYOUT_MESSAGES as M } from './messages.ts';

/**
 * Four eyes on payouts (issue 31, docs/earnings.md "Four eyes"): a batch (a run day and a currency) whose draft payouts
 * to verified accounts add up to more than its currency's threshold is sent only when one operator has proposed it and
 * another approved it. Proposal and approval are rows of payout_batch_proposals; the thresholds, rows of
 * payout_approval_thresholds that admins edit. A currency without a threshold needs one operator.
 */

/** Marks one locked draft payout sent, inside the caller's transaction (payouts.ts: the one place a payout is sent). */
export type SendDraft = (client: Queryable, actor: AuditActor, payoutId: number, who: { sentBy: number | null; approvedBy: number | null }) => Promise<void>;

/** The threshold of `currency` in minor units, or null when its batches need one operator. */
export async function thresholdOf(db: Queryable, currency: string): Promise<number | null> {
  const { rows } = await db.query<{ threshold_minor: string }>('SELECT threshold_minor::text AS threshold_minor FROM payout_approval_thresholds WHERE currency = $1', [currency]);
  return rows[0] ? Number(rows[0].threshold_minor) : null;
}

/** The draft payouts of a batch that may be sent (their payment details verified), locked, with their total. */
async function sendableDrafts(client: Queryable, batch: PayoutBatchRequest, options: { lock: boolean }): Promise<{ ids: number[]; total: number }> {
  const { rows } = await client.query<{ id: number; amount_minor: string }>(
    `SELECT p.id::int AS id, p.amount_minor::text AS amount_minor FROM payouts p
      WHERE p.status = 'draft' AND p.scheduled_on = $1::date AND p.currency = $2
        AND EXISTS (SELECT 1 FROM payment_details d WHERE d.referral_agent_id = p.referral_agent_id AND d.status = 'verified')
      ORDER BY p.id ${options.lock ? 'FOR UPDATE OF p' : ''}`,
    [batch.scheduled_on, batch.currency],
  );
  return { ids: rows.map((row) => row.id), total: rows.reduce((sum, row) => sum + Number(row.amount_minor), 0) };
}

/** Whether a single payout may be marked sent alone: its batch's total is within its currency's threshold. */
export async function assertSendableAlone(client: Queryable, payout: { scheduled_on: string; currency: string }): Promise<void> {
  const threshold = await thresholdOf(client, payout.currency);
  if (threshold === null) return;
  const { total } = await sendableDrafts(client, { scheduled_on: payout.scheduled_on, currency: payout.currency }, { lock: false });
  if (total > threshold) throw new AppError(409, M.fourEyesRequired, 'four_eyes_required', { code: 'four_eyes_required' });
}

const PROPOSAL_COLUMNS = `b.id::int AS id, b.scheduled_on::text AS scheduled_on, b.currency, cardinality(b.payout_ids) AS payouts, b.total_minor::text AS total_minor, b.status,
  b.proposed_by_operator_id AS proposed_by_id, po.name AS proposed_by_name, b.proposed_at, b.decided_by_operator_id AS decided_by_id, dop.name AS decided_by_name, b.decided_at`;
const PROPOSAL_FROM = `payout_batch_proposals b JOIN operators po ON po.id = b.proposed_by_operator_id LEFT JOIN operators dop ON dop.id = b.decided_by_operator_id`;

interface ProposalRecord {
  id: number;
  scheduled_on: string;
  currency: string;
  payouts: number;
  total_minor: string;
  status: PayoutBatchProposal['status'];
  proposed_by_id: number;
  proposed_by_name: string;
  proposed_at: Date;
  decided_by_id: number | null;
  decided_by_name: string | null;
  decided_at: Date | null;
}

function toProposal(record: ProposalRecord): PayoutBatchProposal {
  return {
    id: record.id,
    scheduled_on: record.scheduled_on,
    currency: record.currency,
    payouts: record.payouts,
    total_minor: Number(record.total_minor),
    status: record.status,
    proposed_by: { id: record.proposed_by_id, name: record.proposed_by_name },
    proposed_at: record.proposed_at.toISOString(),
    decided_by: record.decided_by_id === null ? null : { id: record.decided_by_id, name: record.decided_by_name ?? '' },
    decided_at: record.decided_at?.toISOString() ?? null,
  };
}

/** The open proposals (oldest first), then the 20 latest decided. */
export async function batchProposals(db: Queryable): Promise<PayoutBatchProposal[]> {
  const { rows } = await db.query<ProposalRecord>(
    `(SELECT ${PROPOSAL_COLUMNS}, 0 AS rank FROM ${PROPOSAL_FROM} WHERE b.status = 'proposed')
     UNION ALL
     (SELECT ${PROPOSAL_COLUMNS}, 1 AS rank FROM ${PROPOSAL_FROM} WHERE b.status <> 'proposed' ORDER BY b.decided_at DESC, b.id DESC LIMIT 20)
     ORDER BY rank, proposed_at, id`,
  );
  return rows.map(toProposal);
}

async function findProposal(db: Queryable, id: number): Promise<PayoutBatchProposal | undefined> {
  const { rows } = await db.query<ProposalRecord>(`SELECT ${PROPOSAL_COLUMNS} FROM ${PROPOSAL_FROM} WHERE b.id = $1`, [id]);
  return rows[0] ? toProposal(rows[0]) : undefined;
}

export async function payoutThresholds(db: Queryable): Promise<PayoutApprovalThreshold[]> {
  const { rows } = await db.query<{ currency: string; threshold_minor: string; updated_at: Date; updated_by: string | null }>(
    `SELECT t.currency, t.threshold_minor::text AS threshold_minor, t.updated_at, o.name AS updated_by
       FROM payout_approval_thresholds t LEFT JOIN operators o ON o.id = t.updated_by_operator_id ORDER BY t.currency`,
  );
  return rows.map((row) => ({ currency: row.currency, threshold_minor: Number(row.threshold_minor), updated_at: row.updated_at.toISOString(), updated_by: row.updated_by }));
}

export function createPayoutBatches(deps: { sendDraft: SendDraft; afterSent: (pool: pg.Pool, payoutIds: number[]) => Promise<void> }) {
  return {
    /** An admin sets the amount above which a currency's batches need two operators (audited). */
    async setThreshold(pool: pg.Pool, actor: AuditActor, currency: string, threshold: string): Promise<void> {
      const thresholdMinor = decimalToMinor(threshold, currency);
      if (thresholdMinor === null) throw ValidationError.field('threshold', M.thresholdDecimals);
      await inTransaction(pool, async (client) => {
        const before = await client.query<{ threshold_minor: string }>('SELECT threshold_minor::text AS threshold_minor FROM payout_approval_thresholds WHERE currency = $1 FOR UPDATE', [currency]);
        await client.query(
          `INSERT INTO payout_approval_thresholds (currency, threshold_minor, updated_by_operator_id) VALUES ($1, $2, $3)
           ON CONFLICT (currency) DO UPDATE SET threshold_minor = excluded.threshold_minor, updated_at = now(), updated_by_operator_id = excluded.updated_by_operator_id`,
          [currency, thresholdMinor, operatorIdOf(actor)],
        );
        await recordAudit(client, actor, {
          action: 'payout_threshold.updated',
          target: { type: 'payout_threshold', id: currency },
          before: before.rows[0] ? { threshold_minor: Number(before.rows[0].threshold_minor) } : null,
          after: { threshold_minor: thresholdMinor },
        });
      });
    },

    /** An admin removes a currency's threshold: its batches then need one operator (audited). 404 when it has none. */
    async removeThreshold(pool: pg.Pool, actor: AuditActor, currency: string): Promise<void> {
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ threshold_minor: string }>('DELETE FROM payout_approval_thresholds WHERE currency = $1 RETURNING threshold_minor::text AS threshold_minor', [currency]);
        if (!rows[0]) throw new NotFoundError(M.noThreshold);
        await recordAudit(client, actor, {
          action: 'payout_threshold.removed',
          target: { type: 'payout_threshold', id: currency },
          before: { threshold_minor: Number(rows[0].threshold_minor) },
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
        const inserted = await client.query<{ id: string }>(
          `INSERT INTO payout_batch_proposals (scheduled_on, currency, payout_ids, total_minor, proposed_by_operator_id) VALUES ($1::date, $2, $3::bigint[], $4, $5)
           ON CONFLICT (scheduled_on, currency) WHERE status = 'proposed' DO NOTHING RETURNING id`,
          [batch.scheduled_on, batch.currency, ids, total, operatorId],
        );
        if (!inserted.rows[0]) throw new ConflictError(M.batchAlreadyProposed);
        const proposalId = Number(inserted.rows[0].id);
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
        const { rows } = await client.query<{ scheduled_on: string; currency: string; payout_ids: string[]; status: string; proposed_by_operator_id: number; total_minor: string }>(
          `SELECT scheduled_on::text AS scheduled_on, currency, payout_ids::text[] AS payout_ids, status, proposed_by_operator_id, total_minor::text AS total_minor
             FROM payout_batch_proposals WHERE id = $1 FOR UPDATE`,
          [proposalId],
        );
        const proposal = rows[0];
        if (!proposal) throw new NotFoundError();
        if (proposal.status !== 'proposed') throw new ConflictError(M.proposalClosed);
        assertSecondOperator(proposal.proposed_by_operator_id, approverId, M.sameOperatorBatch);
        const proposed = proposal.payout_ids.map(Number).sort((a, b) => a - b);
        const now = await sendableDrafts(client, { scheduled_on: proposal.scheduled_on, currency: proposal.currency }, { lock: true });
        // What the second operator approves must be what the first proposed: the same payouts, still sendable.
        if (proposed.some((id) => !now.ids.includes(id))) {
          await client.query(`UPDATE payout_batch_proposals SET status = 'withdrawn', decided_at = now(), decided_by_operator_id = $2 WHERE id = $1`, [proposalId, approverId]);
          await recordAudit(client, actor, { action: 'payout_batch.withdrawn', target: { type: 'payout_batch', id: `${proposal.scheduled_on}-${proposal.currency}` }, after: { proposal_id: proposalId }, reason: 'The batch changed since it was proposed.' });
          return 'changed' as const;
        }
        for (const id of proposed) await deps.sendDraft(client, actor, id, { sentBy: proposal.proposed_by_operator_id, approvedBy: approverId });
        await client.query(`UPDATE payout_batch_proposals SET status = 'approved', decided_at = now(), decided_by_operator_id = $2 WHERE id = $1`, [proposalId, approverId]);
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
        const { rows } = await client.query<{ scheduled_on: string; currency: string; status: string; proposed_by_operator_id: number }>(
          'SELECT scheduled_on::text AS scheduled_on, currency, status, proposed_by_operator_id FROM payout_batch_proposals WHERE id = $1 FOR UPDATE',
          [proposalId],
        );
        const proposal = rows[0];
        if (!proposal) throw new NotFoundError();
        if (proposal.status !== 'proposed') throw new ConflictError(M.proposalClosed);
        await client.query(`UPDATE payout_batch_proposals SET status = 'withdrawn', decided_at = now(), decided_by_operator_id = $2 WHERE id = $1`, [proposalId, operatorId]);
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
