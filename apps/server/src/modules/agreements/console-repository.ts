import type { AgreementKind } from '@portal/contracts/agreements';
import type { AgreementDraft, ConsoleAgreementRow, ConsoleAgreementsQuery, AgreementSignature } from '@portal/contracts/console-agreements';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';
import { cleanAgreementMarkdown } from './agreement-text.ts';

/** The console's reads and writes of agreements (console-routes.ts). */

/** The agents an agreement applies to (a template's groups and partner types; an individual contract's agent). */
const APPLICABLE_AGENTS = `SELECT a.id, a.name FROM referral_agents a
   WHERE (g.kind = 'individual' AND a.id = g.referral_agent_id)
      OR (g.kind IN ('template', 'addendum')
          AND (cardinality(g.referral_group_ids) = 0 OR a.referral_group_id = ANY (g.referral_group_ids))
          AND (cardinality(g.partner_type_ids) = 0 OR EXISTS (SELECT 1 FROM partner_profiles p WHERE p.referral_agent_id = a.id AND p.partner_type_id = ANY (g.partner_type_ids))))`;

const ROW_SELECT = `g.id, g.kind, g.key, g.version, g.title, g.status, g.mandatory, g.effective_at, g.expires_at, g.published_at,
  ag.id AS agent_id, ag.name AS agent_name,
  (SELECT count(*)::int FROM (${APPLICABLE_AGENTS}) applicable) AS applicable,
  (SELECT count(*)::int FROM agreement_acceptances s WHERE s.agreement_id = g.id) AS signed`;
const ROW_FROM = 'agreements g LEFT JOIN referral_agents ag ON ag.id = g.referral_agent_id';

interface RowRecord {
  id: number;
  kind: AgreementKind;
  key: string;
  version: number;
  title: string;
  status: ConsoleAgreementRow['status'];
  mandatory: boolean;
  effective_at: Date;
  expires_at: Date | null;
  published_at: Date | null;
  agent_id: number | null;
  agent_name: string | null;
  applicable: number;
  signed: number;
}

function toRow(record: RowRecord): ConsoleAgreementRow {
  return {
    id: record.id,
    kind: record.kind,
    key: record.key,
    version: record.version,
    title: record.title,
    status: record.status,
    mandatory: record.mandatory,
    effective_at: record.effective_at.toISOString(),
    expires_at: record.expires_at?.toISOString() ?? null,
    published_at: record.published_at?.toISOString() ?? null,
    agent: record.agent_id === null ? null : { id: record.agent_id, name: record.agent_name ?? '' },
    applicable: record.applicable,
    signed: record.signed,
  };
}

const ORDER_BY: Record<ConsoleAgreementsQuery['sort'], string> = {
  effective_at: 'g.effective_at ASC, g.id ASC',
  '-effective_at': 'g.effective_at DESC, g.id DESC',
  title: 'lower(g.title) ASC, g.version DESC, g.id ASC',
  '-title': 'lower(g.title) DESC, g.version DESC, g.id DESC',
};

export async function listAgreements(db: Queryable, query: ConsoleAgreementsQuery): Promise<{ rows: ConsoleAgreementRow[]; total: number }> {
  const values: unknown[] = [];
  const clauses = ['true'];
  if (query.search) {
    const at = `$${values.push(containsPattern(query.search))}`;
    clauses.push(`(g.title ILIKE ${at} OR g.key ILIKE ${at} OR ag.name ILIKE ${at})`);
  }
  if (query.kind) clauses.push(`g.kind = $${values.push(query.kind)}`);
  if (query.status) clauses.push(`g.status = $${values.push(query.status)}`);
  const { rows, total } = await queryPage<RowRecord>(db, { select: ROW_SELECT, from: ROW_FROM, where: clauses.join(' AND '), values, orderBy: ORDER_BY[query.sort], page: query.page, perPage: query.per_page });
  return { rows: rows.map(toRow), total };
}

export async function findAgreementRow(db: Queryable, id: number): Promise<(ConsoleAgreementRow & { body_markdown: string; referral_group_ids: number[]; partner_type_ids: number[]; rate_schedule: unknown[] }) | undefined> {
  const { rows } = await db.query<RowRecord & { body_markdown: string; referral_group_ids: number[]; partner_type_ids: number[]; rate_schedule: unknown[] }>(
    `SELECT ${ROW_SELECT}, g.body_markdown, g.referral_group_ids, g.partner_type_ids, g.rate_schedule FROM ${ROW_FROM} WHERE g.id = $1`,
    [id],
  );
  const record = rows[0];
  return record ? { ...toRow(record), body_markdown: record.body_markdown, referral_group_ids: record.referral_group_ids, partner_type_ids: record.partner_type_ids, rate_schedule: record.rate_schedule } : undefined;
}

/** The family a key belongs to: its kind and agent, and its highest version (any status). */
export async function keyFamily(db: Queryable, key: string): Promise<{ kind: string; referral_agent_id: number | null; version: number } | undefined> {
  const { rows } = await db.query<{ kind: string; referral_agent_id: number | null; version: number }>(
    'SELECT kind, referral_agent_id, version FROM agreements WHERE key = $1 ORDER BY version DESC LIMIT 1',
    [key],
  );
  return rows[0];
}

export async function lockAgreements(db: Queryable): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('agreements'))");
}

export async function insertDraft(db: Queryable, draft: AgreementDraft, version: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO agreements (kind, key, version, title, body_markdown, mandatory, effective_at, expires_at, referral_group_ids, partner_type_ids, referral_agent_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9, $10, $11) RETURNING id`,
    [draft.kind, draft.key, version, draft.title, cleanAgreementMarkdown(draft.body_markdown), draft.mandatory, draft.effective_on, draft.expires_on, draft.referral_group_ids, draft.partner_type_ids, draft.referral_agent_id],
  );
  return rows[0]!.id;
}

export async function updateDraft(db: Queryable, id: number, draft: AgreementDraft): Promise<void> {
  await db.query(
    `UPDATE agreements SET title = $2, body_markdown = $3, mandatory = $4, effective_at = $5::date, expires_at = $6::date, referral_group_ids = $7,
            partner_type_ids = $8, updated_at = now() WHERE id = $1`,
    [id, draft.title, cleanAgreementMarkdown(draft.body_markdown), draft.mandatory, draft.effective_on, draft.expires_on, draft.referral_group_ids, draft.partner_type_ids],
  );
}

export async function publish(db: Queryable, id: number, operatorId: number | null, schedule: unknown[]): Promise<void> {
  await db.query(
    `UPDATE agreements SET status = 'published', published_at = now(), published_by_operator_id = $2, rate_schedule = $3::jsonb, updated_at = now() WHERE id = $1`,
    [id, operatorId, JSON.stringify(schedule)],
  );
}

export async function applicableAgentIds(db: Queryable, id: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT applicable.id FROM agreements g, LATERAL (${APPLICABLE_AGENTS}) applicable WHERE g.id = $1 ORDER BY applicable.id`, [id]);
  return rows.map((row) => row.id);
}

export async function signatures(db: Queryable, id: number): Promise<AgreementSignature[]> {
  const { rows } = await db.query<{ id: number; name: string; signer_name: string | null; email: string | null; signed_at: Date | null; ip: string | null; text_sha256: string | null; pdf_sha256: string | null }>(
    `SELECT applicable.id, applicable.name, s.signer_name, u.email, s.signed_at, s.ip, s.text_sha256, s.signed_pdf->>'sha256' AS pdf_sha256
       FROM agreements g
       CROSS JOIN LATERAL (${APPLICABLE_AGENTS}) applicable
       LEFT JOIN agreement_acceptances s ON s.agreement_id = g.id AND s.referral_agent_id = applicable.id
       LEFT JOIN users u ON u.id = s.user_id
      WHERE g.id = $1
      ORDER BY s.signed_at IS NULL DESC, lower(applicable.name), applicable.id`,
    [id],
  );
  return rows.map((row) => ({
    agent: { id: row.id, name: row.name },
    signed:
      row.signed_at === null
        ? null
        : { signer_name: row.signer_name ?? '', signer_email: row.email ?? '', signed_at: row.signed_at.toISOString(), ip: row.ip ?? '', text_sha256: row.text_sha256 ?? '', pdf_sha256: row.pdf_sha256 },
  }));
}
