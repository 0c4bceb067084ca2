import type { PaymentDetailEvent, PaymentDetails, PaymentDetailsRequest } from '@portal/contracts/payment-details';
import type { ConsolePaymentDetailsRow } from '@portal/contracts/console-payment-details';
import { queryPage, type Queryable } from '../../db/queryable.ts';

/**
 * Payment details' SQL (docs/payment-details.md). A partner's read names its agent in the WHERE clause; the sealed
 * account never leaves this module but through the reveal (service.ts).
 */

export interface StoredDetails {
  referral_agent_id: number;
  scheme: PaymentDetails['scheme'];
  holder_name: string;
  bank_country: string;
  bic: string | null;
  routing_number: string | null;
  ifsc: string | null;
  account_type: PaymentDetails['account_type'];
  bank_name: string | null;
  account_sealed: string;
  account_last4: string;
  account_fingerprint: string;
  status: PaymentDetails['status'];
  verified_at: Date | null;
  frozen_at: Date | null;
  updated_at: Date;
  updated_by: string | null;
  agent_name: string;
  /** four eyes: the verification one operator proposed, on the details as they were then (updated_at) */
  verification_proposed_by_operator_id: number | null;
  verification_proposed_by: string | null;
  verification_proposed_at: Date | null;
  verification_proposed_for: Date | null;
}

const DETAILS_COLUMNS = `d.referral_agent_id, d.scheme, d.holder_name, d.bank_country, d.bic, d.routing_number, d.ifsc, d.account_type, d.bank_name,
  d.account_sealed, d.account_last4, d.account_fingerprint, d.status, d.verified_at, d.frozen_at, d.updated_at,
  (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = d.updated_by_user_id) AS updated_by, ra.name AS agent_name,
  d.verification_proposed_by_operator_id, (SELECT o.name FROM operators o WHERE o.id = d.verification_proposed_by_operator_id) AS verification_proposed_by,
  d.verification_proposed_at, d.verification_proposed_for`;
const DETAILS_FROM = `payment_details d JOIN referral_agents ra ON ra.id = d.referral_agent_id`;

/** '•••• 1234': what is shown of an account or IBAN. */
export function maskedAccount(last4: string): string {
  return `•••• ${last4}`;
}

/** 'IBAN •••• 1234 (GB)': how the change log and the owners' e-mail name an account. */
export function describedAccount(details: Pick<StoredDetails, 'scheme' | 'account_last4' | 'bank_country'>): string {
  const kind = details.scheme === 'iban' ? 'IBAN' : 'Account';
  return `${kind} ${maskedAccount(details.account_last4)} (${details.bank_country})`;
}

export function toDetails(stored: StoredDetails): PaymentDetails {
  return {
    scheme: stored.scheme,
    holder_name: stored.holder_name,
    bank_country: stored.bank_country,
    account_masked: maskedAccount(stored.account_last4),
    bic: stored.bic,
    routing_number: stored.routing_number,
    ifsc: stored.ifsc,
    account_type: stored.account_type,
    bank_name: stored.bank_name,
    status: stored.status,
    verified_at: stored.verified_at?.toISOString() ?? null,
    frozen_at: stored.frozen_at?.toISOString() ?? null,
    updated_at: stored.updated_at.toISOString(),
    updated_by: stored.updated_by,
  };
}

/** The console's view of the details: the partner's, with the agent and the verification awaiting its second operator. */
export function consoleDetails(stored: StoredDetails) {
  return {
    ...toDetails(stored),
    referral_agent_id: stored.referral_agent_id,
    agent_name: stored.agent_name,
    verification_proposal: proposalOf(stored),
  };
}

/** The verification proposed on these details as they are now; one proposed before a change counts for nothing. */
export function proposalOf(stored: StoredDetails): { operator_id: number; operator_name: string; proposed_at: string } | null {
  if (stored.verification_proposed_by_operator_id === null || stored.verification_proposed_at === null || stored.status === 'verified') return null;
  if (stored.verification_proposed_for?.getTime() !== stored.updated_at.getTime()) return null;
  return { operator_id: stored.verification_proposed_by_operator_id, operator_name: stored.verification_proposed_by ?? '', proposed_at: stored.verification_proposed_at.toISOString() };
}

export async function findDetails(db: Queryable, referralAgentId: number, options: { lock?: boolean } = {}): Promise<StoredDetails | undefined> {
  const { rows } = await db.query<StoredDetails>(
    options.lock
      ? `SELECT ${DETAILS_COLUMNS} FROM ${DETAILS_FROM} WHERE d.referral_agent_id = $1 FOR UPDATE OF d`
      : `SELECT ${DETAILS_COLUMNS} FROM ${DETAILS_FROM} WHERE d.referral_agent_id = $1`,
    [referralAgentId],
  );
  return rows[0];
}

interface EventRecord {
  id: string;
  kind: PaymentDetailEvent['kind'];
  created_at: Date;
  user_name: string | null;
  operator_name: string | null;
  old_masked: string | null;
  new_masked: string | null;
}

/** The change log of an agent, newest first. */
export async function findEvents(db: Queryable, referralAgentId: number, limit: number): Promise<(PaymentDetailEvent & { operator: string | null })[]> {
  const { rows } = await db.query<EventRecord>(
    `SELECT e.id, e.kind, e.created_at, u.first_name || ' ' || u.last_name AS user_name, o.name AS operator_name, e.old_masked, e.new_masked
       FROM payment_detail_events e LEFT JOIN users u ON u.id = e.user_id LEFT JOIN operators o ON o.id = e.operator_id
      WHERE e.referral_agent_id = $1 ORDER BY e.created_at DESC, e.id DESC LIMIT $2`,
    [referralAgentId, limit],
  );
  return rows.map((row) => ({ id: Number(row.id), kind: row.kind, at: row.created_at.toISOString(), by: row.user_name, operator: row.operator_name, old_masked: row.old_masked, new_masked: row.new_masked }));
}

export async function insertEvent(
  db: Queryable,
  event: { referralAgentId: number; kind: PaymentDetailEvent['kind']; userId?: number | null; operatorId?: number | null; oldMasked?: string | null; newMasked?: string | null; ip?: string | null; userAgent?: string | null; at?: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO payment_detail_events (referral_agent_id, kind, user_id, operator_id, old_masked, new_masked, ip, user_agent, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, now())) RETURNING id`,
    [event.referralAgentId, event.kind, event.userId ?? null, event.operatorId ?? null, event.oldMasked ?? null, event.newMasked ?? null, event.ip ?? null, event.userAgent ?? null, event.at ?? null],
  );
  return Number(rows[0]!.id);
}

/** The other agents whose details name the account of `fingerprint`. */
export async function agentsWithAccount(db: Queryable, fingerprint: string, exceptAgentId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT ra.id, ra.name FROM payment_details d JOIN referral_agents ra ON ra.id = d.referral_agent_id
      WHERE d.account_fingerprint = $1 AND d.referral_agent_id <> $2 ORDER BY ra.name`,
    [fingerprint, exceptAgentId],
  );
  return rows;
}

const STATUS_ORDER = `CASE d.status WHEN 'frozen' THEN 0 WHEN 'unverified' THEN 1 ELSE 2 END`;

/** The console's list: frozen, then waiting for verification, then verified; the latest change first. */
export async function findConsolePage(db: Queryable, query: { status?: PaymentDetails['status']; page: number; per_page: number }): Promise<{ rows: ConsolePaymentDetailsRow[]; total: number }> {
  const values: unknown[] = [];
  let where = 'true';
  if (query.status) {
    values.push(query.status);
    where = `d.status = $1`;
  }
  const select = `${DETAILS_COLUMNS},
    coalesce((SELECT json_agg(json_build_object('id', o.referral_agent_id, 'name', ora.name) ORDER BY ora.name)
                FROM payment_details o JOIN referral_agents ora ON ora.id = o.referral_agent_id
               WHERE o.account_fingerprint = d.account_fingerprint AND o.referral_agent_id <> d.referral_agent_id), '[]') AS same_account_as`;
  const page = await queryPage<StoredDetails & { same_account_as: { id: number; name: string }[] }>(db, {
    select,
    from: DETAILS_FROM,
    where,
    orderBy: `${STATUS_ORDER}, d.updated_at DESC, d.referral_agent_id`,
    values,
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: page.rows.map((row) => ({ ...consoleDetails(row), same_account_as: row.same_account_as })), total: page.total };
}

/** The agent's active members of `roles`, with how to write to them. */
export async function activeMembers(db: Queryable, referralAgentId: number, roles: readonly string[]): Promise<{ id: number; email: string; first_name: string; locale: 'en' | 'ar' }[]> {
  const { rows } = await db.query<{ id: number; email: string; first_name: string; locale: 'en' | 'ar' }>(
    `SELECT u.id, u.email, u.first_name, u.locale FROM users u JOIN partner_profiles p ON p.user_id = u.id
      WHERE p.referral_agent_id = $1 AND p.role = ANY($2::text[]) AND u.status = 'approved' ORDER BY u.id`,
    [referralAgentId, roles],
  );
  return rows;
}

/**
 * Writes an agent's details (replacing any): the request's bank columns, the sealed account, and the state they are in
 * (a partner's change: unverified; the demo's: any).
 */
export async function writeDetails(
  db: Queryable,
  input: {
    referralAgentId: number;
    request: PaymentDetailsRequest;
    account: { sealed: string; last4: string; fingerprint: string };
    status: PaymentDetails['status'];
    at: Date;
    userId: number | null;
    verifiedAt?: Date | null;
  },
): Promise<void> {
  const { request } = input;
  await db.query(
    `INSERT INTO payment_details (referral_agent_id, scheme, holder_name, bank_country, bic, routing_number, ifsc, account_type, bank_name,
                                  account_sealed, account_last4, account_fingerprint, status, verified_at, verified_by_operator_id, frozen_at, updated_at, updated_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, NULL, $15, $16, $17)
     ON CONFLICT (referral_agent_id) DO UPDATE SET scheme = excluded.scheme, holder_name = excluded.holder_name, bank_country = excluded.bank_country,
       bic = excluded.bic, routing_number = excluded.routing_number, ifsc = excluded.ifsc, account_type = excluded.account_type, bank_name = excluded.bank_name,
       account_sealed = excluded.account_sealed, account_last4 = excluded.account_last4, account_fingerprint = excluded.account_fingerprint,
       status = excluded.status, verified_at = excluded.verified_at, verified_by_operator_id = NULL, frozen_at = excluded.frozen_at,
       updated_at = excluded.updated_at, updated_by_user_id = excluded.updated_by_user_id,
       -- a change voids a verification proposed on the details before it (four eyes)
       verification_proposed_by_operator_id = NULL, verification_proposed_at = NULL, verification_proposed_for = NULL`,
    [
      input.referralAgentId, request.scheme, request.holder_name, request.bank_country,
      request.scheme === 'iban' || request.scheme === 'swift_account' ? request.bic : null,
      request.scheme === 'us_ach' ? request.routing_number : null,
      request.scheme === 'in_ifsc' ? request.ifsc : null,
      request.scheme === 'us_ach' ? request.account_type : null,
      request.scheme === 'swift_account' ? request.bank_name : null,
      input.account.sealed, input.account.last4, input.account.fingerprint, input.status,
      input.status === 'verified' ? (input.verifiedAt ?? input.at) : null,
      input.status === 'frozen' ? input.at : null,
      input.at, input.userId,
    ],
  );
}
