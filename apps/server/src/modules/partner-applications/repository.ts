import type { PartnerApplication } from '@portal/contracts/partner-applications';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/** The queue of registrations waiting for an operator: users pending approval, with what they registered. */

const SORT_COLUMNS = {
  created_at: 'u.created_at',
  name: 'lower(u.first_name || \' \' || u.last_name)',
  organisation: 'lower(coalesce(p.organisation, \'\'))',
} as const;

type SortValue = `${'' | '-'}${keyof typeof SORT_COLUMNS}`;

const SELECT = `u.id, u.first_name, u.last_name, u.email, u.phone, p.organisation,
                pt.name AS partner_type, pi.name AS partner_industry,
                to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
const FROM = `users u
              JOIN partner_profiles p ON p.user_id = u.id
              LEFT JOIN partner_types pt ON pt.id = p.partner_type_id
              LEFT JOIN partner_industries pi ON pi.id = p.partner_industry_id`;

export async function listPartnerApplications(
  db: Queryable,
  query: { search?: string | undefined; sort: SortValue; page: number; per_page: number },
): Promise<{ rows: PartnerApplication[]; total: number }> {
  const values: unknown[] = [];
  let where = "u.status = 'pending'";
  if (query.search) {
    values.push(containsPattern(query.search));
    where += ` AND (u.first_name || ' ' || u.last_name ILIKE $1 OR u.email ILIKE $1 OR coalesce(p.organisation, '') ILIKE $1)`;
  }
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  return queryPage<PartnerApplication>(db, {
    select: SELECT,
    from: FROM,
    where,
    values,
    orderBy: `${column} ${descending ? 'DESC' : 'ASC'}, u.id ${descending ? 'DESC' : 'ASC'}`,
    page: query.page,
    perPage: query.per_page,
  });
}

/** The account behind an application: its e-mail (the approval service's key) and where it stands. */
export async function findApplicant(db: Queryable, userId: number): Promise<{ id: number; email: string; status: string } | undefined> {
  const { rows } = await db.query<{ id: number; email: string; status: string }>(
    'SELECT u.id, u.email, u.status FROM users u JOIN partner_profiles p ON p.user_id = u.id WHERE u.id = $1',
    [userId],
  );
  return rows[0];
}
