import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { ColumnMapping, OpenPeriodRequest, ResolveDisputeRequest, StatementImportResult } from '@portal/contracts/console-reconciliation';
import type { ClaimRequest, DeclineRequest, Dispute, DisputeRequest, Evidence, ReplyRequest } from '@portal/contracts/reconciliation';
import { DISPUTE_DUE_DAYS } from '@portal/contracts/reconciliation';
import { RECONCILIATION_NOTIFICATION } from '@portal/contracts/profile';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { partnerRoleCan, PARTNER_ROLES } from '@portal/contracts/partner-roles';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { FileRejectedError, type FileStore, type StoredFile } from '../../lib/storage/file-store.ts';
import type { AuthenticatedUser } from '../../plugins/auth-guard.ts';
import type { Ledger } from '../commission-ledger/public.ts';
import { day, type Notice, type NoticeValues, type NotificationService } from '../notifications/public.ts';
import { DISPUTE_REPLY_NOTICE, DISPUTE_RESOLVED_NOTICE, LOCKING_SOON_NOTICE, STATEMENT_RECEIVED_NOTICE } from './notices.ts';
import { matchPeriod, stateCounts } from './matching.ts';
import { RECONCILIATION_MESSAGES as M } from './messages.ts';
import { findItem, lockPeriodRow } from './repository.ts';
import { readStatement } from './statement-import.ts';
import { signedDecimalToMinor, writePeriodStatement } from './period-statement.ts';

export const STATEMENT_KIND = 'reconciliation-statement';
export const EVIDENCE_KIND = 'reconciliation-evidence';
export const PERIOD_FILE_KIND = 'reconciliation-period-statement';

export interface ReconciliationDeps {
  pool: pg.Pool;
  storage: FileStore;
  notifications: Pick<NotificationService, 'notify'>;
  /** the ledger's one way to change a booking's commission: an adjustment line (commission-ledger/public.ts) */
  ledger: Pick<Ledger, 'recordAdjustment'>;
}

/** The members who reconcile (reconciliation.use): told of statements, replies and lock dates. Never a patient's name. */
async function reconcilers(db: Queryable, agentId: number): Promise<number[]> {
  const roles = PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'reconciliation.use'));
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN partner_profiles p ON p.user_id = u.id
      WHERE p.referral_agent_id = $1 AND p.role = ANY($2::text[]) AND u.status = 'approved' ORDER BY u.id`,
    [agentId, roles],
  );
  return rows.map((row) => row.id);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function partnerActor(user: AuthenticatedUser): AuditActor {
  return { type: 'partner', id: user.id, role: user.role };
}

export function createReconciliationService(deps: ReconciliationDeps) {
  const { pool } = deps;

  async function tell<Values extends NoticeValues>(agentId: number, notice: Notice<Values>, values: Values, link: string): Promise<void> {
    const members = await reconcilers(pool, agentId);
    if (members.length > 0) await deps.notifications.notify(members, { type: RECONCILIATION_NOTIFICATION, notice, values, link });
  }

  async function periodLabel(db: Queryable, periodId: number) {
    const { rows } = await db.query<{ facility_id: number; facility: string; slug: string; month: string; agent: number }>(
      `SELECT f.id AS facility_id, f.name AS facility, f.slug, to_char(p.month, 'YYYY-MM') AS month, p.referral_agent_id AS agent
         FROM reconciliation_periods p JOIN facilities f ON f.id = p.facility_id WHERE p.id = $1`,
      [periodId],
    );
    const row = rows[0]!;
    return { ...row, link: `/view-client-list-reconciliation/${row.facility_id}/${row.slug}?period=${periodId}` };
  }

  function writable(status: string): void {
    if (status === 'locked') throw new AppError(409, M.periodLocked, 'period_locked');
  }

  async function evidenceFiles(db: Queryable, user: AuthenticatedUser, ids: number[]): Promise<StoredFile[]> {
    if (ids.length === 0) return [];
    const { rows } = await db.query<{ id: string; file: StoredFile }>(
      `UPDATE reconciliation_uploads SET used_at = now()
        WHERE id = ANY($1::bigint[]) AND referral_agent_id = $2 AND uploaded_by_user_id = $3 AND used_at IS NULL RETURNING id, file`,
      [ids, user.referralAgentId, user.id],
    );
    if (rows.length !== new Set(ids).size) throw ValidationError.field('evidence_ids', M.evidenceUnknown);
    return rows.map((row) => row.file);
  }

  async function addMessage(db: Queryable, disputeId: number, author: { type: 'partner'; userId: number } | { type: 'operator'; operatorId: number | null }, body: string, files: StoredFile[]): Promise<void> {
    const evidence: (StoredFile | null)[] = files.length > 0 ? files : [null];
    for (const [index, file] of evidence.entries()) {
      await db.query(
        `INSERT INTO reconciliation_dispute_messages (dispute_id, author_type, author_user_id, author_operator_id, body, evidence) VALUES ($1, $2, $3, $4, $5, $6)`,
        [disputeId, author.type, author.type === 'partner' ? author.userId : null, author.type === 'operator' ? author.operatorId : null, index === 0 ? body : `${body} (${index + 1})`, file === null ? null : JSON.stringify(file)],
      );
    }
  }

  /** Opens a dispute on an item, moving the period to disputed. */
  async function openDispute(db: Queryable, user: AuthenticatedUser, itemId: number, reason: DisputeRequest['reason'], message: string, evidenceIds: number[]): Promise<number> {
    const item = await findItem(db, user.referralAgentId, itemId, false, true);
    if (!item) throw new NotFoundError();
    const period = (await lockPeriodRow(db, user.referralAgentId, item.period_id))!;
    writable(period.status);
    if (item.open_dispute_id !== null) throw new ConflictError(M.disputeInProgress);
    const files = await evidenceFiles(db, user, evidenceIds);
    const today = new Date().toISOString().slice(0, 10);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO reconciliation_disputes (period_id, referral_agent_id, item_id, booking_id, facility_ref, reason_code, due_on, opened_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [item.period_id, user.referralAgentId, item.id, item.booking?.id ?? null, item.line?.facility_ref ?? null, reason, addDays(today, DISPUTE_DUE_DAYS), user.id],
    );
    const disputeId = Number(rows[0]!.id);
    await addMessage(db, disputeId, { type: 'partner', userId: user.id }, message, files);
    await db.query(`UPDATE reconciliation_periods SET status = 'disputed' WHERE id = $1 AND status <> 'disputed'`, [item.period_id]);
    await recordAudit(db, partnerActor(user), { action: 'reconciliation.dispute_opened', target: { type: 'reconciliation_dispute', id: disputeId }, after: { item_id: item.id, reason } });
    return disputeId;
  }

  async function decide(user: AuthenticatedUser, itemId: number, change: (item: NonNullable<Awaited<ReturnType<typeof findItem>>>) => { decision: 'accepted' | 'declined' | 'claimed'; reason?: string | null; note?: string | null }): Promise<number> {
    return inTransaction(pool, async (client) => {
      const item = await findItem(client, user.referralAgentId, itemId, false, true);
      if (!item) throw new NotFoundError();
      const period = (await lockPeriodRow(client, user.referralAgentId, item.period_id))!;
      writable(period.status);
      const next = change(item);
      await client.query(
        `UPDATE reconciliation_items SET decision = $2, decline_reason = $3, decision_note = $4, decided_by_user_id = $5, decided_at = now() WHERE id = $1`,
        [item.id, next.decision, next.reason ?? null, next.note ?? null, user.id],
      );
      await recordAudit(client, partnerActor(user), { action: `reconciliation.item_${next.decision}`, target: { type: 'reconciliation_item', id: item.id }, before: { decision: item.decision }, after: { decision: next.decision, reason: next.reason ?? null } });
      return item.period_id;
    });
  }

  return {
    async openPeriod(actor: AuditActor, request: OpenPeriodRequest): Promise<number> {
      return inTransaction(pool, async (client) => {
        const month = `${request.month}-01`;
        const lockOn = request.lock_on ?? addDays(new Date(Date.UTC(Number(request.month.slice(0, 4)), Number(request.month.slice(5, 7)), 1)).toISOString().slice(0, 10), 9);
        if (lockOn < addDays(new Date(Date.UTC(Number(request.month.slice(0, 4)), Number(request.month.slice(5, 7)), 1)).toISOString().slice(0, 10), 0)) throw ValidationError.field('lock_on', M.lockOnBeforeMonthEnd);
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO reconciliation_periods (referral_agent_id, facility_id, month, currency, lock_on)
           SELECT a.id, f.id, $3::date, f.currency, $4::date FROM referral_agents a, facilities f WHERE a.id = $1 AND f.id = $2
           ON CONFLICT (referral_agent_id, facility_id, month) DO NOTHING RETURNING id`,
          [request.referral_agent_id, request.facility_id, month, lockOn],
        );
        if (!rows[0]) {
          const exists = await client.query('SELECT 1 FROM reconciliation_periods WHERE referral_agent_id = $1 AND facility_id = $2 AND month = $3::date', [request.referral_agent_id, request.facility_id, month]);
          throw ValidationError.field(exists.rows.length > 0 ? 'month' : 'facility_id', exists.rows.length > 0 ? M.periodExists : M.noAgentFacility);
        }
        const id = Number(rows[0].id);
        await matchPeriod(client, id);
        await recordAudit(client, actor, { action: 'reconciliation.period_opened', target: { type: 'reconciliation_period', id }, after: { referral_agent_id: request.referral_agent_id, facility_id: request.facility_id, month: request.month, lock_on: lockOn } });
        return id;
      });
    },

    /**
     * Reads the statement (streamed to storage, then parsed from it), and answers the preview. With `confirm`, and only
     * when every row passed, writes the lines in one transaction, replaces the previous statement (its file kept),
     * remembers the mapping for the facility, matches, and tells the partner; otherwise writes nothing and deletes
     * the upload.
     */
    async importStatement(actor: AuditActor, periodId: number, upload: Readable, options: { mapping: ColumnMapping | undefined; confirm: boolean; filename?: string | undefined; source: 'operator' | 'facility_api' }): Promise<StatementImportResult> {
      const before = await lockPeriodRow(pool, null, periodId);
      if (!before) throw new NotFoundError();
      writable(before.status);
      if (before.status === 'agreed') throw new AppError(409, M.periodAgreed, 'period_agreed');
      let file: StoredFile;
      try {
        file = await deps.storage.save(STATEMENT_KIND, upload, options.filename ? { filename: options.filename } : {});
      } catch (error) {
        if (error instanceof FileRejectedError) throw ValidationError.field('file', error.reason === 'type_not_allowed' ? M.notCsv : error.message);
        throw error;
      }
      let keep = false;
      try {
        const remembered = await pool.query<{ column_mapping: ColumnMapping | null }>('SELECT column_mapping FROM reconciliation_facility_settings WHERE facility_id = $1', [before.facility_id]);
        const hash = createHash('sha256');
        const source = await deps.storage.read(file);
        source.on('data', (chunk: Buffer) => hash.update(chunk));
        const read = await readStatement(source, { mapping: options.mapping, remembered: remembered.rows[0]?.column_mapping ?? null, context: { periodCurrency: before.currency, month: before.month } });
        const result: StatementImportResult = { confirmed: false, headers: read.headers, mapping: read.mapping, rows: read.rows, valid: read.lines.length, invalid: read.invalid, preview: read.preview, errors: read.errors, counts: null };
        if (!options.confirm) return result;
        if (read.invalid > 0) throw new AppError(422, M.rowsInvalid, 'statement_rows_invalid', { errors: { file: [M.rowsInvalid] } });
        const counts = await inTransaction(pool, async (client) => {
          const period = (await lockPeriodRow(client, null, periodId))!;
          writable(period.status);
          await client.query(`DELETE FROM reconciliation_statement_lines WHERE period_id = $1`, [periodId]);
          await client.query(`UPDATE reconciliation_statements SET replaced_at = now() WHERE period_id = $1 AND replaced_at IS NULL`, [periodId]);
          const inserted = await client.query<{ id: string }>(
            `INSERT INTO reconciliation_statements (period_id, file, file_sha256, line_count, source, imported_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [periodId, JSON.stringify(file), hash.digest('hex'), read.lines.length, options.source, `${actor.type}:${actor.id ?? ''}`],
          );
          const statementId = Number(inserted.rows[0]!.id);
          for (let start = 0; start < read.lines.length; start += 5_000) {
            const batch = read.lines.slice(start, start + 5_000);
            await client.query(
              `INSERT INTO reconciliation_statement_lines (statement_id, period_id, row_number, facility_ref, booking_ref, referral_code, treatment_on, service, service_id,
                                                           amount_minor, currency, patient_initials, birth_year)
               SELECT $1, $2, r.row_number, r.facility_ref, r.booking_ref, r.referral_code, r.treatment_on, r.service,
                      (SELECT s.id FROM services s WHERE lower(s.name) = lower(r.service) ORDER BY s.id LIMIT 1), r.amount_minor, r.currency, r.initials, r.birth_year
                 FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::date[], $8::text[], $9::bigint[], $10::text[], $11::text[], $12::int[])
                   AS r(row_number, facility_ref, booking_ref, referral_code, treatment_on, service, amount_minor, currency, initials, birth_year)`,
              [
                statementId,
                periodId,
                batch.map((line) => line.rowNumber),
                batch.map((line) => line.facilityRef),
                batch.map((line) => line.bookingRef),
                batch.map((line) => line.referralCode),
                batch.map((line) => line.treatmentOn),
                batch.map((line) => line.service),
                batch.map((line) => line.amountMinor),
                batch.map((line) => line.currency),
                batch.map((line) => line.patientInitials),
                batch.map((line) => line.birthYear),
              ],
            );
          }
          await client.query(
            `INSERT INTO reconciliation_facility_settings (facility_id, column_mapping) VALUES ($1, $2)
             ON CONFLICT (facility_id) DO UPDATE SET column_mapping = excluded.column_mapping, updated_at = now()`,
            [period.facility_id, JSON.stringify(read.mapping)],
          );
          const summary = await matchPeriod(client, periodId);
          await client.query(`UPDATE reconciliation_periods SET status = 'in_review' WHERE id = $1 AND status = 'open'`, [periodId]);
          await recordAudit(client, actor, { action: 'reconciliation.statement_imported', target: { type: 'reconciliation_period', id: periodId }, after: { statement_id: statementId, lines: read.lines.length, source: options.source, counts: summary.counts } });
          return summary.counts;
        });
        keep = true;
        const label = await periodLabel(pool, periodId);
        await tell(label.agent, STATEMENT_RECEIVED_NOTICE, { facility: label.facility, month: label.month, suggested: counts.suggested }, label.link);
        return { ...result, confirmed: true, counts };
      } finally {
        if (!keep) await deps.storage.delete(file.key).catch(() => undefined);
      }
    },

    /** Matching again on the same data: the same rows, the decisions kept (idempotent). */
    async rematch(periodId: number) {
      return inTransaction(pool, async (client) => {
        const period = await lockPeriodRow(client, null, periodId);
        if (!period) throw new NotFoundError();
        writable(period.status);
        return matchPeriod(client, periodId);
      });
    },

    accept: (user: AuthenticatedUser, itemId: number) =>
      decide(user, itemId, (item) => {
        if (item.state !== 'matched' && item.state !== 'suggested') throw ValidationError.field('item', M.notAcceptable);
        return { decision: 'accepted' };
      }),

    decline: (user: AuthenticatedUser, itemId: number, body: DeclineRequest) =>
      decide(user, itemId, (item) => {
        if (item.line === null) throw ValidationError.field('item', M.notDeclinable);
        return { decision: 'declined', reason: body.reason, note: body.note ?? null };
      }),

    /** A booking the facility did not list: claimed, with a note and evidence, as a dispute the operators answer. */
    async claim(user: AuthenticatedUser, itemId: number, body: ClaimRequest): Promise<number> {
      return inTransaction(pool, async (client) => {
        const item = await findItem(client, user.referralAgentId, itemId, false, true);
        if (!item) throw new NotFoundError();
        if (item.state !== 'partner_only') throw ValidationError.field('item', M.notClaimable);
        const disputeId = await openDispute(client, user, itemId, 'missing_from_statement', body.note, body.evidence_ids);
        await client.query(`UPDATE reconciliation_items SET decision = 'claimed', decline_reason = NULL, decision_note = $2, decided_by_user_id = $3, decided_at = now() WHERE id = $1`, [itemId, body.note, user.id]);
        return disputeId;
      });
    },

    async dispute(user: AuthenticatedUser, itemId: number, body: DisputeRequest): Promise<number> {
      return inTransaction(pool, async (client) => {
        const item = await findItem(client, user.referralAgentId, itemId, false, true);
        if (!item) throw new NotFoundError();
        if (!(item.state === 'amount_mismatch' || item.decision === 'declined' || item.decision === 'claimed')) throw ValidationError.field('item', M.notDisputable);
        return openDispute(client, user, itemId, body.reason, body.message, body.evidence_ids);
      });
    },

    async comment(author: { type: 'partner'; user: AuthenticatedUser } | { type: 'operator'; operatorId: number | null }, itemId: number, body: string): Promise<void> {
      await inTransaction(pool, async (client) => {
        const item = await findItem(client, author.type === 'partner' ? author.user.referralAgentId : null, itemId, false);
        if (!item) throw new NotFoundError();
        const period = (await lockPeriodRow(client, null, item.period_id))!;
        writable(period.status);
        await client.query(
          `INSERT INTO reconciliation_comments (item_id, author_type, author_user_id, author_operator_id, body) VALUES ($1, $2, $3, $4, $5)`,
          [itemId, author.type, author.type === 'partner' ? author.user.id : null, author.type === 'operator' ? author.operatorId : null, body],
        );
      });
    },

    /** Accepts every matched line the partner has not decided on yet. */
    async acceptMatched(user: AuthenticatedUser, periodId: number): Promise<number> {
      return inTransaction(pool, async (client) => {
        const period = await lockPeriodRow(client, user.referralAgentId, periodId);
        if (!period) throw new NotFoundError();
        writable(period.status);
        const { rowCount } = await client.query(
          `UPDATE reconciliation_items SET decision = 'accepted', decided_by_user_id = $2, decided_at = now() WHERE period_id = $1 AND state = 'matched' AND decision IS NULL`,
          [periodId, user.id],
        );
        await recordAudit(client, partnerActor(user), { action: 'reconciliation.matched_accepted', target: { type: 'reconciliation_period', id: periodId }, after: { accepted: rowCount ?? 0 } });
        return rowCount ?? 0;
      });
    },

    /** The partner agrees the period: no suggestion left undecided, no dispute in progress, a statement received. */
    async agree(user: AuthenticatedUser, periodId: number): Promise<void> {
      await inTransaction(pool, async (client) => {
        const period = await lockPeriodRow(client, user.referralAgentId, periodId);
        if (!period) throw new NotFoundError();
        writable(period.status);
        if (period.status === 'open') throw new AppError(409, M.noStatement, 'period_without_statement');
        const { rows } = await client.query<{ blocking: number }>(
          `SELECT (SELECT count(*)::int FROM reconciliation_items WHERE period_id = $1 AND state = 'suggested' AND decision IS NULL)
                + (SELECT count(*)::int FROM reconciliation_disputes WHERE period_id = $1 AND resolved_at IS NULL) AS blocking`,
          [periodId],
        );
        if (rows[0]!.blocking > 0) throw new AppError(409, M.cannotAgree, 'period_not_settled');
        await client.query(`UPDATE reconciliation_periods SET status = 'agreed', agreed_at = now() WHERE id = $1`, [periodId]);
        await recordAudit(client, partnerActor(user), { action: 'reconciliation.period_agreed', target: { type: 'reconciliation_period', id: periodId }, before: { status: period.status }, after: { status: 'agreed' } });
      });
    },

    async uploadEvidence(user: AuthenticatedUser, stream: Readable, filename: string | undefined): Promise<Evidence> {
      let file: StoredFile;
      try {
        file = await deps.storage.save(EVIDENCE_KIND, stream, filename ? { filename } : {});
      } catch (error) {
        if (error instanceof FileRejectedError) throw ValidationError.field('file', error.message);
        throw error;
      }
      const { rows } = await pool.query<{ id: string }>(
        'INSERT INTO reconciliation_uploads (referral_agent_id, uploaded_by_user_id, file) VALUES ($1, $2, $3) RETURNING id',
        [user.referralAgentId, user.id, JSON.stringify(file)],
      );
      return { id: Number(rows[0]!.id), name: file.name, content_type: file.contentType, size: file.size };
    },

    async dispute_thread(agentId: number | null, id: number): Promise<Dispute | undefined> {
      const { rows } = await pool.query<{ id: string; period_id: string; item_id: string | null; reason_code: Dispute['reason_code']; status: Dispute['status']; due_on: string; ticket_id: string | null; booking_id: number | null; facility_ref: string | null; resolution_note: string | null; adjustment_minor: string | null; currency: string; created_at: Date }>(
        `SELECT d.id, d.period_id, d.item_id, d.reason_code, d.status, d.due_on::text AS due_on, b.ticket_id, d.booking_id, d.facility_ref, d.resolution_note,
                d.adjustment_minor::text AS adjustment_minor, p.currency, d.created_at
           FROM reconciliation_disputes d JOIN reconciliation_periods p ON p.id = d.period_id LEFT JOIN bookings b ON b.id = d.booking_id
          WHERE d.id = $1 AND ($2::int IS NULL OR d.referral_agent_id = $2)`,
        [id, agentId],
      );
      const dispute = rows[0];
      if (!dispute) return undefined;
      const messages = await pool.query<{ id: string; author_type: 'partner' | 'operator'; author_name: string | null; body: string; evidence: StoredFile | null; created_at: Date }>(
        `SELECT m.id, m.author_type, CASE WHEN m.author_type = 'partner' THEN u.first_name || ' ' || u.last_name ELSE o.name END AS author_name, m.body, m.evidence, m.created_at
           FROM reconciliation_dispute_messages m LEFT JOIN users u ON u.id = m.author_user_id LEFT JOIN operators o ON o.id = m.author_operator_id
          WHERE m.dispute_id = $1 ORDER BY m.id`,
        [id],
      );
      return {
        id: Number(dispute.id),
        period_id: Number(dispute.period_id),
        item_id: dispute.item_id === null ? null : Number(dispute.item_id),
        reason_code: dispute.reason_code,
        status: dispute.status,
        due_on: dispute.due_on,
        booking_reference: dispute.booking_id === null ? null : dispute.ticket_id === null ? '-' : `${BOOKING_ID_PREFIX}${dispute.ticket_id}`,
        facility_ref: dispute.facility_ref,
        resolution_note: dispute.resolution_note,
        adjustment_minor: dispute.adjustment_minor === null ? null : Number(dispute.adjustment_minor),
        currency: dispute.currency,
        messages: messages.rows.map((message) => ({
          id: Number(message.id),
          author_type: message.author_type,
          author_name: message.author_name ?? '',
          body: message.body,
          evidence: message.evidence ? { id: Number(message.id), name: message.evidence.name, content_type: message.evidence.contentType, size: message.evidence.size } : null,
          created_at: message.created_at.toISOString(),
        })),
        created_at: dispute.created_at.toISOString(),
      };
    },

    /** A message's evidence file, for a download route: the partner's only within their agent. */
    async evidenceOf(agentId: number | null, messageId: number): Promise<StoredFile | undefined> {
      const { rows } = await pool.query<{ evidence: StoredFile }>(
        `SELECT m.evidence FROM reconciliation_dispute_messages m JOIN reconciliation_disputes d ON d.id = m.dispute_id
          WHERE m.id = $1 AND m.evidence IS NOT NULL AND ($2::int IS NULL OR d.referral_agent_id = $2)`,
        [messageId, agentId],
      );
      return rows[0]?.evidence;
    },

    async partnerReply(user: AuthenticatedUser, disputeId: number, body: ReplyRequest): Promise<void> {
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ status: string }>('SELECT status FROM reconciliation_disputes WHERE id = $1 AND referral_agent_id = $2 FOR UPDATE', [disputeId, user.referralAgentId]);
        if (!rows[0]) throw new NotFoundError();
        if (rows[0].status.startsWith('resolved')) throw new ConflictError(M.disputeResolved);
        const files = await evidenceFiles(client, user, body.evidence_ids);
        await addMessage(client, disputeId, { type: 'partner', userId: user.id }, body.message, files);
        await client.query(`UPDATE reconciliation_disputes SET status = 'awaiting_operator', updated_at = now() WHERE id = $1`, [disputeId]);
      });
    },

    async operatorReply(actor: AuditActor & { operatorId: number | null }, disputeId: number, message: string): Promise<void> {
      const periodId = await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ status: string; period_id: string }>('SELECT status, period_id FROM reconciliation_disputes WHERE id = $1 FOR UPDATE', [disputeId]);
        if (!rows[0]) throw new NotFoundError();
        if (rows[0].status.startsWith('resolved')) throw new ConflictError(M.disputeResolved);
        await addMessage(client, disputeId, { type: 'operator', operatorId: actor.operatorId }, message, []);
        await client.query(`UPDATE reconciliation_disputes SET status = 'awaiting_partner', updated_at = now() WHERE id = $1`, [disputeId]);
        await recordAudit(client, actor, { action: 'reconciliation.dispute_replied', target: { type: 'reconciliation_dispute', id: disputeId } });
        return Number(rows[0].period_id);
      });
      const label = await periodLabel(pool, periodId);
      await tell(label.agent, DISPUTE_REPLY_NOTICE, { facility: label.facility, month: label.month }, label.link);
    },

    /**
     * Resolves a dispute. An adjustment is written through the ledger (an adjustment line on the booking's commission,
     * source `dispute`, with the note as its reason): never an edit. A dispute of a locked period lands in the next
     * open period of the same agent and facility (opened when there is none).
     */
    async resolve(actor: AuditActor, disputeId: number, body: ResolveDisputeRequest): Promise<void> {
      const result = await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ status: string; period_id: string; booking_id: number | null; referral_agent_id: number; currency: string; period_status: string; facility_id: number; month: string }>(
          `SELECT d.status, d.period_id, d.booking_id, d.referral_agent_id, p.currency, p.status AS period_status, p.facility_id, p.month::text AS month
             FROM reconciliation_disputes d JOIN reconciliation_periods p ON p.id = d.period_id WHERE d.id = $1 FOR UPDATE OF d`,
          [disputeId],
        );
        const dispute = rows[0];
        if (!dispute) throw new NotFoundError();
        if (dispute.status.startsWith('resolved')) throw new ConflictError(M.disputeResolved);
        let adjustment: number | null = null;
        let lineId: number | null = null;
        let notify: (() => Promise<void>) | null = null;
        if (body.adjustment !== undefined && body.adjustment !== '') {
          adjustment = signedDecimalToMinor(body.adjustment, dispute.currency);
          if (adjustment === null) throw ValidationError.field('adjustment', M.adjustmentDecimals);
          if (adjustment === 0) throw ValidationError.field('adjustment', M.adjustmentZero);
          const line = await client.query<{ id: string }>(
            `SELECT id FROM commission_lines WHERE booking_id = $1 AND kind = 'commission' AND status <> 'reversed'`,
            [dispute.booking_id ?? 0],
          );
          if (!line.rows[0]) throw ValidationError.field('adjustment', M.noCommissionToAdjust);
          const written = await deps.ledger.recordAdjustment(client, { adjustsLineId: Number(line.rows[0].id), amountMinor: adjustment, reason: `${body.note} (reconciliation dispute ${disputeId})`, source: 'dispute', actor });
          lineId = written.lineId;
          notify = written.notify;
        }
        let appliedPeriod: number | null = null;
        if (dispute.period_status === 'locked' && adjustment !== null) appliedPeriod = await nextOpenPeriod(client, dispute.referral_agent_id, dispute.facility_id, dispute.month);
        const status = body.outcome === 'accepted' ? 'resolved_accepted' : 'resolved_rejected';
        await client.query(
          `UPDATE reconciliation_disputes SET status = $2, resolution_note = $3, adjustment_minor = $4, adjustment_line_id = $5, applied_period_id = $6, resolved_at = now(), updated_at = now() WHERE id = $1`,
          [disputeId, status, body.note, adjustment, lineId, appliedPeriod],
        );
        await addMessage(client, disputeId, { type: 'operator', operatorId: typeof actor.id === 'number' ? actor.id : null }, body.note, []);
        if (dispute.period_status === 'disputed') {
          await client.query(
            `UPDATE reconciliation_periods SET status = 'in_review' WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM reconciliation_disputes WHERE period_id = $1 AND resolved_at IS NULL)`,
            [dispute.period_id],
          );
        }
        await recordAudit(client, actor, { action: 'reconciliation.dispute_resolved', target: { type: 'reconciliation_dispute', id: disputeId }, before: { status: dispute.status }, after: { status, adjustment_minor: adjustment, adjustment_line_id: lineId, applied_period_id: appliedPeriod }, reason: body.note });
        return { notify, periodId: Number(dispute.period_id) };
      });
      await result.notify?.();
      const label = await periodLabel(pool, result.periodId);
      await tell(label.agent, DISPUTE_RESOLVED_NOTICE, { facility: label.facility, month: label.month, accepted: body.outcome === 'accepted' }, label.link);
    },

    /** Locks a period: writes its statement (CSV and PDF, with their SHA-256), then the lock, in one transaction. */
    async lock(actor: AuditActor, periodId: number, options: { requireAgreed: boolean; now?: Date }): Promise<void> {
      await inTransaction(pool, async (client) => {
        const period = await lockPeriodRow(client, null, periodId);
        if (!period) throw new NotFoundError();
        if (period.status === 'locked') return;
        if (options.requireAgreed && period.status !== 'agreed') throw new AppError(409, M.notAgreed, 'period_not_agreed');
        const files = await writePeriodStatement(client, deps.storage, periodId, PERIOD_FILE_KIND);
        await client.query(
          `UPDATE reconciliation_periods SET status = 'locked', locked_at = $2, statement_csv = $3, statement_csv_sha256 = $4, statement_pdf = $5, statement_pdf_sha256 = $6 WHERE id = $1`,
          [periodId, options.now ?? new Date(), JSON.stringify(files.csv.file), files.csv.sha256, JSON.stringify(files.pdf.file), files.pdf.sha256],
        );
        await recordAudit(client, actor, { action: 'reconciliation.period_locked', target: { type: 'reconciliation_period', id: periodId }, before: { status: period.status }, after: { status: 'locked', csv_sha256: files.csv.sha256, pdf_sha256: files.pdf.sha256 } });
      });
    },

    /** The periods whose lock date has come (the daily job), and a notice to those locking within three days. */
    async lockDue(today: string): Promise<number> {
      const { rows } = await pool.query<{ id: string }>(`SELECT id FROM reconciliation_periods WHERE status <> 'locked' AND lock_on <= $1::date ORDER BY id`, [today]);
      for (const row of rows) await this.lock({ type: 'system', id: 'reconciliation.lock-due' }, Number(row.id), { requireAgreed: false });
      const soon = await pool.query<{ id: string; lock_on: string }>(`SELECT id, lock_on::text AS lock_on FROM reconciliation_periods WHERE status <> 'locked' AND lock_on = $1::date + 3`, [today]);
      for (const period of soon.rows) {
        const label = await periodLabel(pool, Number(period.id));
        await tell(label.agent, LOCKING_SOON_NOTICE, { facility: label.facility, month: label.month, on: day(period.lock_on) }, label.link);
      }
      return rows.length;
    },

    stateCounts: (periodId: number) => stateCounts(pool, periodId),
  };
}

/** The next period of the agent at the facility that is not locked, opened for the following month when there is none. */
async function nextOpenPeriod(db: Queryable, agentId: number, facilityId: number, month: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM reconciliation_periods WHERE referral_agent_id = $1 AND facility_id = $2 AND month > $3::date AND status <> 'locked' ORDER BY month LIMIT 1`,
    [agentId, facilityId, month],
  );
  if (rows[0]) return Number(rows[0].id);
  const created = await db.query<{ id: string }>(
    `INSERT INTO reconciliation_periods (referral_agent_id, facility_id, month, currency, lock_on)
     SELECT $1, $2, m.month, f.currency, (m.month + interval '1 month' + interval '9 days')::date
       FROM facilities f, (SELECT (SELECT max(month) FROM reconciliation_periods WHERE referral_agent_id = $1 AND facility_id = $2) + interval '1 month' AS month) m
      WHERE f.id = $2
     RETURNING id`,
    [agentId, facilityId],
  );
  return Number(created.rows[0]!.id);
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
