import type { AgreementKind } from '@portal/contracts/agreements';
import type { Queryable } from '../../db/queryable.ts';

/** The agreements' SQL (docs/agreements.md): what an agent sees, its signatures, and the console's reads. */

export interface AgreementRecord {
  id: number;
  kind: AgreementKind;
  key: string;
  version: number;
  title: string;
  body_markdown: string;
  status: 'draft' | 'published' | 'withdrawn';
  mandatory: boolean;
  effective_at: Date;
  expires_at: Date | null;
  partner_type_ids: number[];
  referral_group_ids: number[];
  referral_agent_id: number | null;
  rate_schedule: unknown[];
  published_at: Date | null;
  /** the latest published version of its key */
  latest_version: number | null;
}

export interface AcceptanceRecord {
  id: string;
  agreement_id: number;
  referral_agent_id: number;
  user_id: number;
  signer_name: string;
  text_sha256: string;
  ip: string;
  user_agent: string;
  signed_pdf: { key: string; kind: string; contentType: string; size: number; name: string; encrypted: boolean; sha256: string } | null;
  signed_at: Date;
}

const AGREEMENT_COLUMNS = `g.id, g.kind, g.key, g.version, g.title, g.body_markdown, g.status, g.mandatory, g.effective_at, g.expires_at,
  g.partner_type_ids, g.referral_group_ids, g.referral_agent_id, g.rate_schedule, g.published_at,
  (SELECT max(l.version) FROM agreements l WHERE l.key = g.key AND l.status = 'published')::int AS latest_version`;

/**
 * The agreements that concern the agent, published or withdrawn (drafts never): the templates whose groups and
 * partner types include it (empty lists mean everyone), and its own individual contracts. Scoped in the WHERE clause.
 */
const VISIBLE_TO_AGENT = `g.status IN ('published', 'withdrawn') AND (
    (g.kind IN ('template', 'addendum')
      AND (cardinality(g.referral_group_ids) = 0 OR (SELECT referral_group_id FROM referral_agents WHERE id = $1) = ANY (g.referral_group_ids))
      AND (cardinality(g.partner_type_ids) = 0 OR EXISTS (SELECT 1 FROM partner_profiles p WHERE p.referral_agent_id = $1 AND p.partner_type_id = ANY (g.partner_type_ids))))
    OR (g.kind = 'individual' AND g.referral_agent_id = $1))`;

export async function agentAgreements(db: Queryable, referralAgentId: number): Promise<(AgreementRecord & { acceptance: AcceptanceRecord | null })[]> {
  const { rows } = await db.query<AgreementRecord & { acceptance: AcceptanceRecord | null }>(
    `SELECT ${AGREEMENT_COLUMNS},
            (SELECT row_to_json(a) FROM (SELECT id::text, agreement_id, referral_agent_id, user_id, signer_name, text_sha256, ip, user_agent, signed_pdf, signed_at
                                           FROM agreement_acceptances WHERE agreement_id = g.id AND referral_agent_id = $1) a) AS acceptance
       FROM agreements g
      WHERE ${VISIBLE_TO_AGENT}
      ORDER BY g.effective_at DESC, g.id DESC`,
    [referralAgentId],
  );
  return rows.map((row) => ({ ...row, acceptance: row.acceptance ? { ...row.acceptance, signed_at: new Date(row.acceptance.signed_at) } : null }));
}

export async function findAgreement(db: Queryable, id: number, lock = false): Promise<AgreementRecord | undefined> {
  const { rows } = await db.query<AgreementRecord>(`SELECT ${AGREEMENT_COLUMNS} FROM agreements g WHERE g.id = $1${lock ? ' FOR UPDATE OF g' : ''}`, [id]);
  return rows[0];
}

export async function insertAcceptance(
  db: Queryable,
  acceptance: Omit<AcceptanceRecord, 'id' | 'signed_at'> & { consent_text: string; signed_at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO agreement_acceptances (agreement_id, referral_agent_id, user_id, signer_name, consent_text, text_sha256, ip, user_agent, signed_pdf, signed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      acceptance.agreement_id,
      acceptance.referral_agent_id,
      acceptance.user_id,
      acceptance.signer_name,
      acceptance.consent_text,
      acceptance.text_sha256,
      acceptance.ip,
      acceptance.user_agent,
      acceptance.signed_pdf,
      acceptance.signed_at,
    ],
  );
}

export async function findAcceptance(db: Queryable, agreementId: number, referralAgentId: number): Promise<AcceptanceRecord | undefined> {
  const { rows } = await db.query<AcceptanceRecord>(
    `SELECT id::text, agreement_id, referral_agent_id, user_id, signer_name, text_sha256, ip, user_agent, signed_pdf, signed_at
       FROM agreement_acceptances WHERE agreement_id = $1 AND referral_agent_id = $2`,
    [agreementId, referralAgentId],
  );
  return rows[0];
}

export async function agentHeading(db: Queryable, referralAgentId: number): Promise<{ name: string; group_slug: string } | undefined> {
  const { rows } = await db.query<{ name: string; group_slug: string }>(
    'SELECT a.name, g.slug AS group_slug FROM referral_agents a JOIN referral_groups g ON g.id = a.referral_group_id WHERE a.id = $1',
    [referralAgentId],
  );
  return rows[0];
}

/**
 * The signed agreement that governed the agent on `at` (public.ts `inForce`): an individual contract first, else the
 * programme's template; an addendum (a Data Processing Addendum) never, however recently signed (issue 31).
 */
export async function signedAgreementInForce(db: Queryable, referralAgentId: number, at: Date): Promise<{ id: number; key: string; version: number } | null> {
  const { rows } = await db.query<{ id: number; key: string; version: number }>(
    `SELECT a.id, a.key, a.version
       FROM agreement_acceptances s
       JOIN agreements a ON a.id = s.agreement_id
      WHERE s.referral_agent_id = $1 AND a.kind IN ('individual', 'template') AND s.signed_at <= $2 AND a.status = 'published' AND a.effective_at <= $2
        AND (a.expires_at IS NULL OR a.expires_at > $2)
      ORDER BY (a.kind = 'individual') DESC, a.effective_at DESC, a.version DESC
      LIMIT 1`,
    [referralAgentId, at],
  );
  return rows[0] ?? null;
}
