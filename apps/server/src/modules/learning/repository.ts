import type { ArticleListQuery, ContentLanguage, LearningCard, LearningKind, LearningSectionKind, TocEntry } from '@portal/contracts/learning';
import { READING_WORDS_PER_MINUTE } from '@portal/contracts/learning';
import { queryPage, type Queryable } from '../../db/queryable.ts';
import type { StoredFile } from '../../lib/storage/file-store.ts';

/**
 * Learning's SQL. Every partner read names the viewer's referral group and partner type inside its WHERE clause
 * (`visibleTo`): an item a partner may not see is never selected, counted, searched or served, and answers the
 * same 404 as an id that does not exist.
 */

/** Who is reading: what the visibility rule compares with. */
export interface Viewer {
  userId: number;
  groupId: number;
  partnerTypeId: number;
  language: ContentLanguage;
}

export async function viewerOf(db: Queryable, userId: number, language: ContentLanguage): Promise<Viewer | null> {
  const { rows } = await db.query<{ group_id: number; partner_type_id: number }>(
    `SELECT a.referral_group_id AS group_id, p.partner_type_id
       FROM partner_profiles p JOIN referral_agents a ON a.id = p.referral_agent_id
      WHERE p.user_id = $1`,
    [userId],
  );
  const row = rows[0];
  return row ? { userId, groupId: row.group_id, partnerTypeId: row.partner_type_id, language } : null;
}

/**
 * The visibility rule as SQL over `i` (learning_items), with the viewer's group and type at $group and $type:
 * published, and meant for everyone or for the viewer's group or partner type.
 */
export function visibleTo(group: string, type: string): string {
  return `i.status = 'published' AND (i.audience = 'all'
    OR EXISTS (SELECT 1 FROM learning_item_groups ig WHERE ig.item_id = i.id AND ig.referral_group_id = ${group})
    OR EXISTS (SELECT 1 FROM learning_item_partner_types it WHERE it.item_id = i.id AND it.partner_type_id = ${type}))`;
}

/**
 * The viewer's parameters in order: $1 group, $2 type, $3 language. Queries add theirs from $4. VISIBLE names all
 * three (the language is checked there too), so every statement, even a count, types each parameter.
 */
const VISIBLE = `${visibleTo('$1', '$2')} AND $3::text IN ('en', 'ar')`;

function baseValues(viewer: Viewer): unknown[] {
  return [viewer.groupId, viewer.partnerTypeId, viewer.language];
}

/** Arabic is shown when the version has an Arabic title and, if it has a body, an Arabic body. */
const USE_ARABIC = `($3 = 'ar' AND v.title_ar IS NOT NULL AND (v.body_md_ar IS NOT NULL OR v.body_md_en = ''))`;

const CARD_FROM = `learning_items i
  JOIN learning_versions v ON v.item_id = i.id AND v.version = i.published_version
  LEFT JOIN learning_sections s ON s.id = i.section_id`;

const CARD_SELECT = `i.id, i.kind, i.published_at, i.last_reviewed_at, i.published_version AS version, i.media,
  s.id AS section_id, s.slug AS section_slug, CASE WHEN $3 = 'ar' THEN s.title_ar ELSE s.title_en END AS section_title,
  ${USE_ARABIC} AS use_ar,
  CASE WHEN ${USE_ARABIC} THEN v.title_ar ELSE v.title_en END AS title,
  CASE WHEN ${USE_ARABIC} THEN coalesce(v.summary_ar, v.summary_en) ELSE v.summary_en END AS summary,
  CASE WHEN ${USE_ARABIC} THEN coalesce(v.words_ar, 0) ELSE v.words_en END AS words,
  (SELECT count(*)::int FROM learning_votes lv WHERE lv.item_id = i.id AND lv.version = i.published_version AND lv.helpful) AS helpful_count`;

export interface CardRecord {
  id: number;
  kind: LearningKind;
  published_at: Date | null;
  last_reviewed_at: Date;
  version: number;
  media: ItemMedia | null;
  section_id: number | null;
  section_slug: string | null;
  section_title: string | null;
  use_ar: boolean;
  title: string;
  summary: string;
  words: number;
  helpful_count: number;
}

/** A video's file and duration; a poster's template (issue 38, posters). */
export interface ItemMedia {
  file?: StoredFile;
  uploaded_at?: string;
  duration_seconds?: number;
}

export function toCard(record: CardRecord, language: ContentLanguage): LearningCard {
  return {
    id: record.id,
    kind: record.kind,
    title: record.title,
    summary: record.summary,
    section: record.section_id === null ? null : { id: record.section_id, slug: record.section_slug ?? '', title: record.section_title ?? '' },
    published_at: record.published_at?.toISOString() ?? null,
    last_reviewed_at: record.last_reviewed_at.toISOString(),
    reading_minutes: Math.max(1, Math.ceil(record.words / READING_WORDS_PER_MINUTE)),
    helpful_count: record.helpful_count,
    language: record.use_ar ? 'ar' : 'en',
    fallback: language === 'ar' && !record.use_ar,
  };
}

// ---- lists ----

const ARTICLE_ORDER: Record<ArticleListQuery['sort'], string> = {
  newest: 'i.published_at DESC, i.id DESC',
  helpful: 'helpful_count DESC, i.published_at DESC, i.id DESC',
};

/** `websearch_to_tsquery` in both configurations, matched against the version's two search vectors. */
function searchCondition(at: number): string {
  return `(v.search_en @@ websearch_to_tsquery('english', $${at}) OR v.search_ar @@ websearch_to_tsquery('arabic', $${at}))`;
}
function searchRank(at: number): string {
  return `greatest(ts_rank(v.search_en, websearch_to_tsquery('english', $${at})), ts_rank(v.search_ar, websearch_to_tsquery('arabic', $${at})))`;
}

export async function findArticlePage(db: Queryable, viewer: Viewer, query: ArticleListQuery): Promise<{ rows: CardRecord[]; total: number }> {
  const values = baseValues(viewer);
  let where = `i.kind = 'article' AND ${VISIBLE}`;
  let orderBy = ARTICLE_ORDER[query.sort];
  if (query.section) {
    values.push(query.section);
    where += ` AND i.section_id = $${values.length}`;
  }
  if (query.search) {
    values.push(query.search);
    where += ` AND ${searchCondition(values.length)}`;
    orderBy = `${searchRank(values.length)} DESC, ${orderBy}`;
  }
  return queryPage<CardRecord>(db, { select: CARD_SELECT, from: CARD_FROM, where, values, orderBy, page: query.page, perPage: query.per_page });
}

/** Published, visible items of `kind` (all of them: knowledge base, videos, posters are libraries, not feeds). */
export async function findCards(db: Queryable, viewer: Viewer, kind: LearningKind, options: { search?: string; section?: number; ids?: number[]; limit?: number } = {}): Promise<CardRecord[]> {
  const values = baseValues(viewer);
  values.push(kind);
  let where = `i.kind = $4 AND ${VISIBLE}`;
  let order = 's.position, s.id, i.position, i.published_at DESC, i.id DESC';
  if (options.section) {
    values.push(options.section);
    where += ` AND i.section_id = $${values.length}`;
  }
  if (options.ids) {
    values.push(options.ids);
    where += ` AND i.id = ANY($${values.length}::int[])`;
  }
  if (options.search) {
    values.push(options.search);
    where += ` AND ${searchCondition(values.length)}`;
    order = `${searchRank(values.length)} DESC, ${order}`;
  }
  const limit = options.limit ? ` LIMIT ${Math.floor(options.limit)}` : '';
  const { rows } = await db.query<CardRecord>(`SELECT ${CARD_SELECT} FROM ${CARD_FROM} WHERE ${where} ORDER BY ${order}${limit}`, values);
  return rows;
}

export interface SearchRecord extends CardRecord {
  snippet: string;
}

/**
 * One search over everything visible, best first: title matches (weight A) over body matches (B), in the
 * language of each item's text; the snippet is ts_headline's passage with the matches between « and ».
 */
export async function searchItems(db: Queryable, viewer: Viewer, text: string, options: { kind?: LearningKind; section?: number; limit: number }): Promise<SearchRecord[]> {
  const values = [...baseValues(viewer), text];
  let where = `i.kind <> 'handbook' AND ${VISIBLE} AND ${searchCondition(4)}`;
  if (options.kind) {
    values.push(options.kind);
    where += ` AND i.kind = $${values.length}`;
  }
  if (options.section) {
    values.push(options.section);
    where += ` AND i.section_id = $${values.length}`;
  }
  values.push(options.limit);
  const headline = `CASE WHEN ${USE_ARABIC}
      THEN ts_headline('arabic', coalesce(v.summary_ar, '') || ' ' || coalesce(v.body_text_ar, ''), websearch_to_tsquery('arabic', $4), 'StartSel=«, StopSel=», MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "')
      ELSE ts_headline('english', v.summary_en || ' ' || v.body_text_en, websearch_to_tsquery('english', $4), 'StartSel=«, StopSel=», MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "') END`;
  const { rows } = await db.query<SearchRecord>(
    `SELECT ${CARD_SELECT}, ${headline} AS snippet FROM ${CARD_FROM} WHERE ${where}
      ORDER BY ${searchRank(4)} DESC, i.published_at DESC, i.id DESC LIMIT $${values.length}`,
    values,
  );
  return rows;
}

export async function findSections(db: Queryable, viewer: Viewer, kind: LearningSectionKind): Promise<{ id: number; slug: string; title: string; count: number }[]> {
  const { rows } = await db.query<{ id: number; slug: string; title: string; count: number }>(
    `SELECT s.id, s.slug, CASE WHEN $3 = 'ar' THEN s.title_ar ELSE s.title_en END AS title,
            (SELECT count(*)::int FROM learning_items i WHERE i.section_id = s.id AND ${VISIBLE}) AS count
       FROM learning_sections s WHERE s.kind = $4 ORDER BY s.position, s.id`,
    [...baseValues(viewer), kind],
  );
  return rows;
}

export async function countVisible(db: Queryable, viewer: Viewer): Promise<Record<string, number>> {
  const { rows } = await db.query<{ kind: string; count: number }>(
    `SELECT i.kind, count(*)::int AS count FROM learning_items i WHERE ${VISIBLE} GROUP BY i.kind`,
    baseValues(viewer),
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.count]));
}

/** Visible items published after `since`, newest first. */
export async function findPublishedSince(db: Queryable, viewer: Viewer, since: Date, limit: number): Promise<CardRecord[]> {
  const { rows } = await db.query<CardRecord>(
    `SELECT ${CARD_SELECT} FROM ${CARD_FROM} WHERE i.kind <> 'handbook' AND ${VISIBLE} AND i.published_at > $4
      ORDER BY i.published_at DESC, i.id DESC LIMIT $5`,
    [...baseValues(viewer), since, limit],
  );
  return rows;
}

// ---- one item ----

export interface ItemRecord extends CardRecord {
  body_html: string;
  toc: TocEntry[];
  captions_en: string | null;
  captions_ar: string | null;
  section_kind: string | null;
}

/** One published item the viewer may see, or null (unknown, draft, archived, hidden: all the same). */
export async function findVisibleItem(db: Queryable, viewer: Viewer, id: number, kinds: readonly LearningKind[]): Promise<ItemRecord | null> {
  const { rows } = await db.query<ItemRecord>(
    `SELECT ${CARD_SELECT},
            CASE WHEN ${USE_ARABIC} THEN v.body_html_ar ELSE v.body_html_en END AS body_html,
            CASE WHEN ${USE_ARABIC} THEN coalesce(v.toc_ar, '[]'::jsonb) ELSE v.toc_en END AS toc,
            v.captions_en, v.captions_ar, s.kind AS section_kind
       FROM ${CARD_FROM}
      WHERE i.id = $4 AND i.kind = ANY($5::text[]) AND ${VISIBLE}`,
    [...baseValues(viewer), id, kinds],
  );
  return rows[0] ?? null;
}

/** Other visible articles of the same section, newest first: "related". */
export async function findRelated(db: Queryable, viewer: Viewer, item: { id: number; kind: LearningKind; section_id: number | null }, limit: number): Promise<CardRecord[]> {
  const { rows } = await db.query<CardRecord>(
    `SELECT ${CARD_SELECT} FROM ${CARD_FROM}
      WHERE i.kind = $4 AND i.id <> $5 AND i.section_id IS NOT DISTINCT FROM $6 AND ${VISIBLE}
      ORDER BY i.published_at DESC, i.id DESC LIMIT $7`,
    [...baseValues(viewer), item.kind, item.id, item.section_id, limit],
  );
  return rows;
}

// ---- what the partner did ----

export async function myVote(db: Queryable, userId: number, itemId: number, version: number): Promise<{ helpful: boolean; reason: string | null } | null> {
  const { rows } = await db.query<{ helpful: boolean; reason: string | null }>(
    'SELECT helpful, reason FROM learning_votes WHERE item_id = $1 AND version = $2 AND user_id = $3',
    [itemId, version, userId],
  );
  return rows[0] ?? null;
}

export async function upsertVote(db: Queryable, vote: { itemId: number; version: number; userId: number; helpful: boolean; reason: string | null }): Promise<void> {
  await db.query(
    `INSERT INTO learning_votes (item_id, version, user_id, helpful, reason) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (item_id, version, user_id) DO UPDATE SET helpful = excluded.helpful, reason = excluded.reason, voted_at = now()`,
    [vote.itemId, vote.version, vote.userId, vote.helpful, vote.reason],
  );
}

export async function helpfulCount(db: Queryable, itemId: number, version: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM learning_votes WHERE item_id = $1 AND version = $2 AND helpful', [itemId, version]);
  return rows[0]?.count ?? 0;
}

export async function recordRead(db: Queryable, userId: number, itemId: number): Promise<void> {
  await db.query(
    `INSERT INTO learning_reads (user_id, item_id) VALUES ($1, $2) ON CONFLICT (user_id, item_id) DO UPDATE SET read_at = now()`,
    [userId, itemId],
  );
}

/** The article the viewer read last, if they may still see it. */
export async function lastReadArticle(db: Queryable, viewer: Viewer): Promise<CardRecord | null> {
  const { rows } = await db.query<CardRecord>(
    `SELECT ${CARD_SELECT} FROM ${CARD_FROM} JOIN learning_reads r ON r.item_id = i.id AND r.user_id = $4
      WHERE i.kind = 'article' AND ${VISIBLE} ORDER BY r.read_at DESC LIMIT 1`,
    [...baseValues(viewer), viewer.userId],
  );
  return rows[0] ?? null;
}

/** Records this visit and answers the one before it (null on a first visit). */
export async function recordVisit(db: Queryable, userId: number): Promise<Date | null> {
  const { rows } = await db.query<{ previous: Date | null }>(
    `INSERT INTO learning_visits AS lv (user_id, previous_visit_at, last_visit_at) VALUES ($1, NULL, now())
     ON CONFLICT (user_id) DO UPDATE SET
       -- Reloading the page within the hour keeps "new since your last visit" as it was.
       previous_visit_at = CASE WHEN lv.last_visit_at < now() - interval '1 hour' THEN lv.last_visit_at ELSE lv.previous_visit_at END,
       last_visit_at = now()
     RETURNING previous_visit_at AS previous`,
    [userId],
  );
  return rows[0]?.previous ?? null;
}

// ---- video progress ----

export interface ProgressRecord {
  item_id: number;
  ranges: [number, number][];
  watched_seconds: number;
  position_seconds: string | number;
  completed_at: Date | null;
  updated_at: Date;
}

export async function progressOf(db: Queryable, userId: number, itemIds: number[], options: { forUpdate?: boolean } = {}): Promise<Map<number, ProgressRecord>> {
  if (itemIds.length === 0) return new Map();
  const { rows } = await db.query<ProgressRecord>(
    `SELECT item_id, ranges, watched_seconds, position_seconds, completed_at, updated_at FROM learning_video_progress
      WHERE user_id = $1 AND item_id = ANY($2::int[])${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [userId, itemIds],
  );
  return new Map(rows.map((row) => [row.item_id, row]));
}

export async function saveProgress(
  db: Queryable,
  progress: { userId: number; itemId: number; ranges: [number, number][]; watchedSeconds: number; position: number; complete: boolean },
): Promise<ProgressRecord> {
  const { rows } = await db.query<ProgressRecord>(
    `INSERT INTO learning_video_progress AS p (user_id, item_id, ranges, watched_seconds, position_seconds, completed_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, CASE WHEN $6::boolean THEN now() END)
     ON CONFLICT (user_id, item_id) DO UPDATE SET ranges = excluded.ranges, watched_seconds = excluded.watched_seconds,
       position_seconds = excluded.position_seconds, completed_at = coalesce(p.completed_at, excluded.completed_at), updated_at = now()
     RETURNING item_id, ranges, watched_seconds, position_seconds, completed_at, updated_at`,
    [progress.userId, progress.itemId, JSON.stringify(progress.ranges), progress.watchedSeconds, progress.position, progress.complete],
  );
  return rows[0]!;
}

/** The viewer's videos by last progress, visible ones only, unfinished first. */
export async function recentProgress(db: Queryable, viewer: Viewer, limit: number): Promise<ProgressRecord[]> {
  const { rows } = await db.query<ProgressRecord>(
    `SELECT p.item_id, p.ranges, p.watched_seconds, p.position_seconds, p.completed_at, p.updated_at
       FROM learning_video_progress p JOIN learning_items i ON i.id = p.item_id
      WHERE p.user_id = $4 AND p.completed_at IS NULL AND ${VISIBLE}
      ORDER BY p.updated_at DESC LIMIT $5`,
    [...baseValues(viewer), viewer.userId, limit],
  );
  return rows;
}

// ---- handbook ----

export interface HandbookVersionRecord {
  item_id: number;
  version: number;
  published_version: number;
  title_en: string;
  title_ar: string | null;
  summary_en: string;
  summary_ar: string | null;
  body_html_en: string;
  body_html_ar: string | null;
  body_md_ar: string | null;
  toc_en: TocEntry[];
  toc_ar: TocEntry[] | null;
  effective_on: string | null;
  change_note: string | null;
}

/** The published handbook (one item of kind 'handbook'), in the published version or an older one. */
export async function findHandbook(db: Queryable, version: number | null): Promise<HandbookVersionRecord | null> {
  const { rows } = await db.query<HandbookVersionRecord>(
    `SELECT v.item_id, v.version, i.published_version, v.title_en, v.title_ar, v.summary_en, v.summary_ar, v.body_html_en, v.body_html_ar,
            v.body_md_ar, v.toc_en, v.toc_ar, to_char(v.effective_on, 'YYYY-MM-DD') AS effective_on, v.change_note
       FROM learning_items i JOIN learning_versions v ON v.item_id = i.id AND v.version = coalesce($1::int, i.published_version)
      WHERE i.kind = 'handbook' AND i.status = 'published' AND v.version <= i.published_version
      ORDER BY i.id LIMIT 1`,
    [version],
  );
  return rows[0] ?? null;
}

/**
 * The handbook's editions partners may read: the versions that were published (a version is an edition once it
 * carries an effective date and is not newer than the published one).
 */
export async function handbookVersions(db: Queryable, itemId: number, publishedVersion: number): Promise<{ version: number; effective_on: string | null; change_note: string | null }[]> {
  const { rows } = await db.query<{ version: number; effective_on: string | null; change_note: string | null }>(
    `SELECT version, to_char(effective_on, 'YYYY-MM-DD') AS effective_on, change_note FROM learning_versions
      WHERE item_id = $1 AND version <= $2 AND effective_on IS NOT NULL ORDER BY version DESC`,
    [itemId, publishedVersion],
  );
  return rows;
}

export async function acknowledgementOf(db: Queryable, userId: number, itemId: number, version: number): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date }>('SELECT acknowledged_at AS at FROM learning_acknowledgements WHERE user_id = $1 AND item_id = $2 AND version = $3', [userId, itemId, version]);
  return rows[0]?.at ?? null;
}

export async function acknowledge(db: Queryable, userId: number, itemId: number, version: number): Promise<Date> {
  await db.query('INSERT INTO learning_acknowledgements (user_id, item_id, version) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, itemId, version]);
  return (await acknowledgementOf(db, userId, itemId, version))!;
}

/** The members of an agent with when each acknowledged `version` (null: not yet). */
export async function agentAcknowledgements(db: Queryable, referralAgentId: number, itemId: number, version: number) {
  const { rows } = await db.query<{ user_id: number; name: string; role: string; acknowledged_at: Date | null }>(
    `SELECT u.id AS user_id, trim(u.first_name || ' ' || u.last_name) AS name, p.role, a.acknowledged_at
       FROM partner_profiles p JOIN users u ON u.id = p.user_id
       LEFT JOIN learning_acknowledgements a ON a.user_id = u.id AND a.item_id = $2 AND a.version = $3
      WHERE p.referral_agent_id = $1 AND u.status = 'approved'
      ORDER BY a.acknowledged_at IS NOT NULL, lower(u.first_name), u.id`,
    [referralAgentId, itemId, version],
  );
  return rows;
}
