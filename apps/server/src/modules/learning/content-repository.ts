import type { ConsoleContentListQuery } from '@portal/contracts/console-content';
import { CONTENT_STALE_AFTER_DAYS } from '@portal/contracts/console-content';
import type { LearningKind, TocEntry } from '@portal/contracts/learning';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';
import type { ItemMedia } from './repository.ts';

/** The console's SQL over learning content: every item whatever its status or audience (the content team sees all). */

export interface ContentRowRecord {
  id: number;
  kind: LearningKind;
  title: string;
  section_id: number | null;
  section_title: string | null;
  status: 'draft' | 'published' | 'archived';
  latest_version: number;
  published_version: number | null;
  audience: 'all' | 'chosen';
  owner_id: number | null;
  owner_name: string | null;
  last_reviewed_at: Date;
  stale: boolean;
  has_arabic: boolean;
  updated_at: Date;
}

const ROW_FROM = `learning_items i
  JOIN learning_versions v ON v.item_id = i.id AND v.version = i.latest_version
  LEFT JOIN learning_sections s ON s.id = i.section_id
  LEFT JOIN operators o ON o.id = i.owner_operator_id`;

const ROW_SELECT = `i.id, i.kind, v.title_en AS title, i.section_id, s.title_en AS section_title, i.status, i.latest_version,
  i.published_version, i.audience, o.id AS owner_id, o.name AS owner_name, i.last_reviewed_at,
  (i.status <> 'archived' AND i.last_reviewed_at < now() - make_interval(days => ${CONTENT_STALE_AFTER_DAYS})) AS stale,
  (v.title_ar IS NOT NULL) AS has_arabic, i.updated_at`;

const ORDER: Record<ConsoleContentListQuery['sort'], string> = {
  updated_at: 'i.updated_at ASC, i.id ASC',
  '-updated_at': 'i.updated_at DESC, i.id DESC',
  last_reviewed_at: 'i.last_reviewed_at ASC, i.id ASC',
  '-last_reviewed_at': 'i.last_reviewed_at DESC, i.id DESC',
  title: 'lower(v.title_en) ASC, i.id ASC',
  '-title': 'lower(v.title_en) DESC, i.id DESC',
};

export async function findContentPage(db: Queryable, query: ConsoleContentListQuery): Promise<{ rows: ContentRowRecord[]; total: number }> {
  const values: unknown[] = [];
  const conditions: string[] = ['true'];
  if (query.kind) {
    values.push(query.kind);
    conditions.push(`i.kind = $${values.length}`);
  }
  if (query.status) {
    values.push(query.status);
    conditions.push(`i.status = $${values.length}`);
  }
  if (query.stale) conditions.push(`i.status <> 'archived' AND i.last_reviewed_at < now() - make_interval(days => ${CONTENT_STALE_AFTER_DAYS})`);
  if (query.search) {
    values.push(containsPattern(query.search));
    conditions.push(`(v.title_en ILIKE $${values.length} OR v.title_ar ILIKE $${values.length})`);
  }
  return queryPage<ContentRowRecord>(db, { select: ROW_SELECT, from: ROW_FROM, where: conditions.join(' AND '), values, orderBy: ORDER[query.sort], page: query.page, perPage: query.per_page });
}

export interface ItemStateRecord extends ContentRowRecord {
  position: number;
  published_at: Date | null;
  media: ItemMedia | null;
  group_ids: number[];
  partner_type_ids: number[];
}

export async function findContentItem(db: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<ItemStateRecord | null> {
  if (options.forUpdate) await db.query('SELECT id FROM learning_items WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<ItemStateRecord>(
    `SELECT ${ROW_SELECT}, i.position, i.published_at, i.media,
            coalesce((SELECT array_agg(referral_group_id ORDER BY referral_group_id) FROM learning_item_groups WHERE item_id = i.id), '{}') AS group_ids,
            coalesce((SELECT array_agg(partner_type_id ORDER BY partner_type_id) FROM learning_item_partner_types WHERE item_id = i.id), '{}') AS partner_type_ids
       FROM ${ROW_FROM} WHERE i.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** What a version holds as written and as rendered, in both languages. */
interface VersionText {
  title_en: string;
  title_ar: string | null;
  summary_en: string;
  summary_ar: string | null;
  body_md_en: string;
  body_md_ar: string | null;
  body_html_en: string;
  body_html_ar: string | null;
  toc_en: TocEntry[];
  captions_en: string | null;
  captions_ar: string | null;
  effective_on: string | null;
  change_note: string | null;
}

export interface VersionRecord extends VersionText {
  version: number;
  created_by: string | null;
  created_at: Date;
}

export async function findVersions(db: Queryable, itemId: number): Promise<VersionRecord[]> {
  const { rows } = await db.query<VersionRecord>(
    `SELECT v.version, v.title_en, v.title_ar, v.summary_en, v.summary_ar, v.body_md_en, v.body_md_ar, v.body_html_en, v.body_html_ar,
            v.toc_en, v.captions_en, v.captions_ar, to_char(v.effective_on, 'YYYY-MM-DD') AS effective_on, v.change_note,
            o.name AS created_by, v.created_at
       FROM learning_versions v LEFT JOIN operators o ON o.id = v.created_by_operator_id
      WHERE v.item_id = $1 ORDER BY v.version DESC`,
    [itemId],
  );
  return rows;
}

export async function voteTotals(db: Queryable, itemId: number, version: number | null): Promise<{ helpful: number; not_helpful: number }> {
  const { rows } = await db.query<{ helpful: number; not_helpful: number }>(
    `SELECT count(*) FILTER (WHERE helpful)::int AS helpful, count(*) FILTER (WHERE NOT helpful)::int AS not_helpful
       FROM learning_votes WHERE item_id = $1 AND version = $2`,
    [itemId, version ?? 0],
  );
  return rows[0] ?? { helpful: 0, not_helpful: 0 };
}

export interface NewItem {
  kind: LearningKind;
  sectionId: number | null;
  audience: 'all' | 'chosen';
  ownerOperatorId: number | null;
  position: number;
}

export async function insertItem(db: Queryable, item: NewItem): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO learning_items (kind, section_id, audience, owner_operator_id, position, latest_version) VALUES ($1, $2, $3, $4, $5, 0) RETURNING id`,
    [item.kind, item.sectionId, item.audience, item.ownerOperatorId, item.position],
  );
  return rows[0]!.id;
}

export interface NewVersion extends VersionText {
  body_text_en: string;
  body_text_ar: string | null;
  toc_ar: TocEntry[] | null;
  words_en: number;
  words_ar: number | null;
}

/** Adds the next version of `itemId` and makes it the latest; answers its number. */
export async function insertVersion(db: Queryable, itemId: number, version: NewVersion, operatorId: number | null): Promise<number> {
  const { rows } = await db.query<{ version: number }>(
    `WITH next AS (UPDATE learning_items SET latest_version = latest_version + 1, updated_at = now() WHERE id = $1 RETURNING latest_version)
     INSERT INTO learning_versions (item_id, version, title_en, title_ar, summary_en, summary_ar, body_md_en, body_md_ar, body_html_en, body_html_ar,
                                    body_text_en, body_text_ar, toc_en, toc_ar, words_en, words_ar, captions_en, captions_ar, effective_on, change_note, created_by_operator_id)
     SELECT $1, next.latest_version, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14, $15, $16, $17, $18::date, $19, $20 FROM next
     RETURNING version`,
    [
      itemId,
      version.title_en,
      version.title_ar,
      version.summary_en,
      version.summary_ar,
      version.body_md_en,
      version.body_md_ar,
      version.body_html_en,
      version.body_html_ar,
      version.body_text_en,
      version.body_text_ar,
      JSON.stringify(version.toc_en),
      version.toc_ar ? JSON.stringify(version.toc_ar) : null,
      version.words_en,
      version.words_ar,
      version.captions_en,
      version.captions_ar,
      version.effective_on,
      version.change_note,
      operatorId,
    ],
  );
  return rows[0]!.version;
}

export async function updateItemSettings(db: Queryable, itemId: number, settings: { sectionId: number | null; audience: 'all' | 'chosen'; position: number; groupIds: number[]; partnerTypeIds: number[] }): Promise<void> {
  await db.query('UPDATE learning_items SET section_id = $2, audience = $3, position = $4, updated_at = now() WHERE id = $1', [itemId, settings.sectionId, settings.audience, settings.position]);
  await db.query('DELETE FROM learning_item_groups WHERE item_id = $1', [itemId]);
  await db.query('DELETE FROM learning_item_partner_types WHERE item_id = $1', [itemId]);
  if (settings.groupIds.length > 0) {
    await db.query('INSERT INTO learning_item_groups (item_id, referral_group_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [itemId, settings.groupIds]);
  }
  if (settings.partnerTypeIds.length > 0) {
    await db.query('INSERT INTO learning_item_partner_types (item_id, partner_type_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [itemId, settings.partnerTypeIds]);
  }
}

export async function setPublished(db: Queryable, itemId: number, version: number): Promise<void> {
  await db.query(
    `UPDATE learning_items SET status = 'published', published_version = $2, published_at = now(), last_reviewed_at = now(), updated_at = now() WHERE id = $1`,
    [itemId, version],
  );
}

export async function setArchived(db: Queryable, itemId: number): Promise<void> {
  await db.query(`UPDATE learning_items SET status = 'archived', updated_at = now() WHERE id = $1`, [itemId]);
}

export async function setReviewed(db: Queryable, itemId: number): Promise<void> {
  await db.query('UPDATE learning_items SET last_reviewed_at = now(), updated_at = now() WHERE id = $1', [itemId]);
}

export async function setMedia(db: Queryable, itemId: number, media: ItemMedia): Promise<void> {
  await db.query('UPDATE learning_items SET media = $2::jsonb, updated_at = now() WHERE id = $1', [itemId, JSON.stringify(media)]);
}

export async function existingIds(db: Queryable, table: 'learning_sections' | 'referral_groups' | 'partner_types', ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [ids]);
  return new Set(rows.map((row) => row.id));
}

export async function sectionKind(db: Queryable, sectionId: number): Promise<string | null> {
  const { rows } = await db.query<{ kind: string }>('SELECT kind FROM learning_sections WHERE id = $1', [sectionId]);
  return rows[0]?.kind ?? null;
}

export async function contentOptions(db: Queryable) {
  const sections = await db.query<{ id: number; kind: 'article' | 'knowledge' | 'video' | 'poster'; title: string }>('SELECT id, kind, title_en AS title FROM learning_sections ORDER BY kind, position, id');
  const groups = await db.query<{ id: number; name: string }>('SELECT id, name FROM referral_groups ORDER BY lower(name), id');
  const types = await db.query<{ id: number; name: string }>('SELECT id, name FROM partner_types ORDER BY lower(name), id');
  return { sections: sections.rows, groups: groups.rows, partner_types: types.rows };
}

export async function insertSection(db: Queryable, section: { kind: string; slug: string; title_en: string; title_ar: string; position: number }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO learning_sections (kind, slug, title_en, title_ar, position) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (kind, slug) DO UPDATE SET title_en = excluded.title_en RETURNING id`,
    [section.kind, section.slug, section.title_en, section.title_ar, section.position],
  );
  return rows[0]!.id;
}
