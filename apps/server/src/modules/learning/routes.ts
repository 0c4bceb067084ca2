import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  articleListEndpoint,
  articleSchema,
  handbookAcknowledgementsSchema,
  handbookSchema,
  handbookVersionParamsSchema,
  itemParamsSchema,
  knowledgeBaseSchema,
  LEARNING_API,
  LEARNING_SECTION_KINDS,
  learningHomeSchema,
  learningSearchQuerySchema,
  learningSearchResultSchema,
  learningSectionSchema,
  sectionParamsSchema,
  videoLibrarySchema,
  videoListQuerySchema,
  videoProgressRequestSchema,
  videoProgressSchema,
  videoSchema,
  videoStartSchema,
  voteRequestSchema,
  voteResultSchema,
  type ContentLanguage,
  type VideoCard,
} from '@portal/contracts/learning';
import { inTransaction } from '../../db/queryable.ts';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { parseCues } from './markdown.ts';
import { LEARNING_MESSAGES as M } from './messages.ts';
import { sendRanged } from './ranged-response.ts';
import {
  acknowledge,
  acknowledgementOf,
  agentAcknowledgements,
  countVisible,
  findArticlePage,
  findCards,
  findHandbook,
  findPublishedSince,
  findRelated,
  findSections,
  findVisibleItem,
  handbookVersions,
  helpfulCount,
  lastReadArticle,
  myVote,
  progressOf,
  recentProgress,
  recordRead,
  recordVisit,
  saveProgress,
  searchItems,
  toCard,
  upsertVote,
  viewerOf,
  type CardRecord,
  type HandbookVersionRecord,
  type ProgressRecord,
  type Viewer,
} from './repository.ts';
import { coverage, isComplete, mergeSpans, resumeAt, type Span } from './watched-ranges.ts';
import { handbookChanges } from './handbook-changes.ts';

const NEW_ITEMS_LIMIT = 8;
const FIRST_VISIT_DAYS = 30;
const SEARCH_LIMIT = 30;
const RELATED_LIMIT = 4;

/**
 * The partners' learning routes (issue 38). Every read resolves the viewer (group, partner type, language) once and
 * passes it to SQL that filters by it; an item the viewer may not see answers 404 exactly like an unknown id.
 */
export async function learningRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const tags = ['learning'];

  async function viewer(request: { locale: string }, userId: number): Promise<Viewer> {
    const found = await viewerOf(pool, userId, request.locale === 'ar' ? 'ar' : 'en');
    if (!found) throw new NotFoundError();
    return found;
  }

  function durationOf(record: CardRecord): number {
    return Math.max(1, Math.round(record.media?.duration_seconds ?? 1));
  }

  function videoCard(record: CardRecord, language: ContentLanguage, progress: ProgressRecord | undefined, captions: { en: boolean; ar: boolean }): VideoCard {
    const duration = durationOf(record);
    return {
      ...toCard(record, language),
      duration_seconds: duration,
      caption_languages: (['en', 'ar'] as const).filter((lang) => captions[lang]),
      progress: progress
        ? { coverage: coverage(progress.ranges, duration), position_seconds: Number(progress.position_seconds), completed: progress.completed_at !== null }
        : null,
    };
  }

  async function captionLanguages(ids: number[]): Promise<Map<number, { en: boolean; ar: boolean }>> {
    if (ids.length === 0) return new Map();
    const { rows } = await pool.query<{ item_id: number; en: boolean; ar: boolean }>(
      `SELECT v.item_id, v.captions_en IS NOT NULL AS en, v.captions_ar IS NOT NULL AS ar
         FROM learning_versions v JOIN learning_items i ON i.id = v.item_id AND i.published_version = v.version WHERE v.item_id = ANY($1::int[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.item_id, { en: row.en, ar: row.ar }]));
  }

  // ---- the learning home ----

  app.get(
    `${LEARNING_API}/home`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'The learning home: continue strip (last video in progress, last article read), new since the previous visit, counts per section',
      response: { 200: learningHomeSchema, 404: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const who = await viewer(request, user.id);
      const previous = await recordVisit(pool, user.id);
      const since = previous ?? new Date(Date.now() - FIRST_VISIT_DAYS * 86_400_000);
      const [fresh, counts, article, progress] = [
        await findPublishedSince(pool, who, since, NEW_ITEMS_LIMIT),
        await countVisible(pool, who),
        await lastReadArticle(pool, who),
        await recentProgress(pool, who, 1),
      ];
      let video = null;
      const last = progress[0];
      if (last) {
        const [record] = await findCards(pool, who, 'video', { ids: [last.item_id] });
        if (record) {
          const card = videoCard(record, who.language, last, { en: false, ar: false });
          video = { ...toCard(record, who.language), duration_seconds: card.duration_seconds, progress: card.progress! };
        }
      }
      return {
        continue: { video, article: article ? toCard(article, who.language) : null },
        new_items: fresh.map((record) => toCard(record, who.language)),
        previous_visit_at: previous?.toISOString() ?? null,
        counts: { articles: counts.article ?? 0, knowledge: counts.knowledge ?? 0, videos: counts.video ?? 0, posters: counts.poster ?? 0 },
      };
    },
  );

  app.get(
    `${LEARNING_API}/search`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Search every article, answer, video (titles and captions) and poster the partner may see; title matches rank over body matches',
      querystring: learningSearchQuerySchema,
      response: { 200: learningSearchResultSchema, 404: messageSchema },
    }),
    async (request) => {
      const who = await viewer(request, currentUser(request).id);
      const text = request.query.q ?? '';
      if (!text) return { query: '', hits: [] };
      const rows = await searchItems(pool, who, text, { kind: request.query.kind, section: request.query.section, limit: SEARCH_LIMIT });
      return { query: text, hits: rows.map((row) => ({ ...toCard(row, who.language), snippet: row.snippet })) };
    },
  );

  app.get(
    `${LEARNING_API}/sections`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'The sections of one kind of content, with the number of items in each the partner may see',
      querystring: z.object({ kind: z.enum(LEARNING_SECTION_KINDS, { error: 'The selected kind is invalid.' }) }),
      response: { 200: z.object({ sections: z.array(learningSectionSchema) }), 404: messageSchema },
    }),
    async (request) => {
      const who = await viewer(request, currentUser(request).id);
      const rows = await findSections(pool, who, request.query.kind);
      return { sections: rows.map((row) => ({ ...row, kind: request.query.kind })) };
    },
  );

  // ---- articles ----

  listRoute(app, {
    endpoint: articleListEndpoint,
    permission: 'portal.use',
    tags,
    summary: 'Published articles the partner may see: by section, searched (full text), newest or most helpful first',
    list: async (user, query, request) => {
      const who = await viewer(request, user.id);
      const { rows, total } = await findArticlePage(pool, who, query);
      return { rows: rows.map((row) => toCard(row, who.language)), total };
    },
  });

  app.get(
    `${LEARNING_API}/articles/:id`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'One published article the partner may see, with its table of contents, related articles and their vote; 404 otherwise',
      params: itemParamsSchema,
      response: { 200: articleSchema, 404: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const who = await viewer(request, user.id);
      const item = await findVisibleItem(pool, who, request.params.id, ['article']);
      if (!item) throw new NotFoundError();
      await recordRead(pool, user.id, item.id);
      const related = await findRelated(pool, who, item, RELATED_LIMIT);
      return {
        ...toCard(item, who.language),
        version: item.version,
        body_html: item.body_html,
        toc: item.toc,
        related: related.map((row) => toCard(row, who.language)),
        my_vote: await myVote(pool, user.id, item.id, item.version),
      };
    },
  );

  app.post(
    `${LEARNING_API}/items/:id/vote`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: '"Was this helpful?" on the published version of an article or answer: one vote per partner per version (voting again changes it)',
      params: itemParamsSchema,
      body: voteRequestSchema,
      response: { 200: voteResultSchema, 404: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const who = await viewer(request, user.id);
      const item = await findVisibleItem(pool, who, request.params.id, ['article', 'knowledge', 'video']);
      if (!item) throw new NotFoundError();
      const vote = { helpful: request.body.helpful, reason: request.body.reason ?? null };
      await upsertVote(pool, { itemId: item.id, version: item.version, userId: user.id, ...vote });
      return { version: item.version, my_vote: vote, helpful_count: await helpfulCount(pool, item.id, item.version) };
    },
  );

  // ---- knowledge base ----

  app.get(
    `${LEARNING_API}/knowledge-base`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'The knowledge base: its categories and every published answer the partner may see (search goes through /api/learning/search?kind=knowledge)',
      response: { 200: knowledgeBaseSchema, 404: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const who = await viewer(request, user.id);
      const sections = await findSections(pool, who, 'knowledge');
      const cards = await findCards(pool, who, 'knowledge');
      const answers = [];
      for (const card of cards) {
        const item = await findVisibleItem(pool, who, card.id, ['knowledge']);
        if (!item) continue;
        answers.push({ ...toCard(item, who.language), version: item.version, body_html: item.body_html, my_vote: await myVote(pool, user.id, item.id, item.version) });
      }
      return { sections: sections.map((row) => ({ ...row, kind: 'knowledge' as const })), answers };
    },
  );

  // ---- videos ----

  app.get(
    `${LEARNING_API}/videos`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Videos by category with duration, caption languages and the partner’s progress; continue watching; filter and search (titles and captions)',
      querystring: videoListQuerySchema,
      response: { 200: videoLibrarySchema, 404: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const who = await viewer(request, user.id);
      const records = await findCards(pool, who, 'video', { search: request.query.search });
      const progress = await progressOf(pool, user.id, records.map((record) => record.id));
      const captions = await captionLanguages(records.map((record) => record.id));
      const cards = records.map((record) => videoCard(record, who.language, progress.get(record.id), captions.get(record.id) ?? { en: false, ar: false }));
      const filter = request.query.filter ?? 'all';
      const keep = (card: VideoCard) =>
        filter === 'all' ||
        (filter === 'unwatched' && !card.progress) ||
        (filter === 'in_progress' && card.progress !== null && !card.progress.completed) ||
        (filter === 'watched' && card.progress?.completed === true);
      const sections = await findSections(pool, who, 'video');
      const continueWatching = cards
        .filter((card) => card.progress && !card.progress.completed)
        .sort((a, b) => (progress.get(b.id)!.updated_at.getTime() - progress.get(a.id)!.updated_at.getTime()));
      return {
        sections: sections
          .map((section) => ({ ...section, kind: 'video' as const, videos: cards.filter((card) => card.section?.id === section.id && keep(card)) }))
          .filter((section) => section.videos.length > 0),
        continue_watching: continueWatching,
      };
    },
  );

  app.get(
    `${LEARNING_API}/video-sections/:section/start`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'The video to open in a category when the URL names none: the one in progress, else the first not watched, else the first',
      params: sectionParamsSchema,
      response: { 200: videoStartSchema, 404: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const who = await viewer(request, user.id);
      const records = await findCards(pool, who, 'video', { section: request.params.section });
      if (records.length === 0) throw new NotFoundError();
      const progress = await progressOf(pool, user.id, records.map((record) => record.id));
      const inProgress = records
        .filter((record) => progress.get(record.id) && !progress.get(record.id)!.completed_at)
        .sort((a, b) => progress.get(b.id)!.updated_at.getTime() - progress.get(a.id)!.updated_at.getTime())[0];
      const chosen = inProgress ?? records.find((record) => !progress.get(record.id)) ?? records[0]!;
      return { id: chosen.id, title: toCard(chosen, who.language).title, section: { id: chosen.section_id!, slug: chosen.section_slug ?? '' } };
    },
  );

  app.get(
    `${LEARNING_API}/videos/:id`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'One video the partner may see: where to resume, its file and caption URLs and the transcript; 404 otherwise',
      params: itemParamsSchema,
      response: { 200: videoSchema, 404: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const who = await viewer(request, user.id);
      const item = await findVisibleItem(pool, who, request.params.id, ['video']);
      if (!item?.media?.file) throw new NotFoundError();
      const progress = (await progressOf(pool, user.id, [item.id])).get(item.id);
      const card = videoCard(item, who.language, progress, { en: item.captions_en !== null, ar: item.captions_ar !== null });
      const captions = card.caption_languages.map((language) => ({ language, url: `${LEARNING_API}/videos/${item.id}/captions/${language}` }));
      const transcripts = card.caption_languages.map((language) => ({
        language,
        cues: parseCues((language === 'ar' ? item.captions_ar : item.captions_en) ?? 'WEBVTT'),
      }));
      return {
        ...card,
        version: item.version,
        body_html: item.body_html,
        resume_at_seconds: progress ? resumeAt(Number(progress.position_seconds), card.duration_seconds) : 0,
        file_url: `${LEARNING_API}/videos/${item.id}/file`,
        captions,
        transcripts,
      };
    },
  );

  app.get(
    `${LEARNING_API}/videos/:id/file`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'The video file, with range requests (206, suffix ranges, 416) and conditional requests (ETag, Last-Modified, If-Range)',
      params: itemParamsSchema,
      response: {},
    }),
    async (request, reply) => {
      const who = await viewer(request, currentUser(request).id);
      const item = await findVisibleItem(pool, who, request.params.id, ['video']);
      if (!item?.media?.file) throw new NotFoundError();
      return sendRanged(request, reply, app.storage, item.media.file, new Date(item.media.uploaded_at ?? item.published_at ?? Date.now()));
    },
  );

  app.get(
    `${LEARNING_API}/videos/:id/captions/:language`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'A video’s captions in English or Arabic, as WebVTT',
      params: itemParamsSchema.extend({ language: z.enum(['en', 'ar'], { error: 'The selected language is invalid.' }) }),
      response: {},
    }),
    async (request, reply) => {
      const who = await viewer(request, currentUser(request).id);
      const item = await findVisibleItem(pool, who, request.params.id, ['video']);
      const text = request.params.language === 'ar' ? item?.captions_ar : item?.captions_en;
      if (!text) throw new NotFoundError();
      const raw: FastifyReply = reply;
      return raw.headers({ 'content-type': 'text/vtt; charset=utf-8', 'cache-control': 'private, no-cache', 'x-content-type-options': 'nosniff' }).send(text);
    },
  );

  const progressRoute = partnerRoute(app, {
    permission: 'portal.use',
    tags,
    summary: 'Report watched spans and the position; the server merges them and marks the video complete at 90 % coverage',
    description: 'Also accepts the CSRF token as `_token` in the body, for navigator.sendBeacon when the page is hidden.',
    params: itemParamsSchema,
    body: videoProgressRequestSchema,
    response: { 200: videoProgressSchema, 404: messageSchema },
  });
  app.post(
    `${LEARNING_API}/videos/:id/progress`,
    {
      ...progressRoute,
      // The CSRF plugin reads the header; a beacon cannot send one, so this route checks the header or `_token`.
      config: { ...progressRoute.config, csrf: false },
      preHandler: [
        async (request) => {
          const expected = request.session?.csrfToken;
          const header = request.headers['x-xsrf-token'];
          let sent = typeof header === 'string' && header !== '' ? header : ((request.body as { _token?: string } | undefined)?._token ?? '');
          try {
            sent = decodeURIComponent(sent);
          } catch {
            sent = '';
          }
          if (!expected || !sent || !safeEqual(sent, expected)) throw new AppError(419, M.csrf, 'csrf_mismatch');
        },
        progressRoute.preHandler,
      ],
    },
    async (request) => {
      const user = currentUser(request);
      const who = await viewer(request, user.id);
      const item = await findVisibleItem(pool, who, request.params.id, ['video']);
      if (!item?.media?.file) throw new NotFoundError();
      const duration = durationOf(item);
      const saved = await inTransaction(pool, async (client) => {
        const before = (await progressOf(client, user.id, [item.id], { forUpdate: true })).get(item.id);
        const ranges = mergeSpans(before?.ranges ?? [], request.body.ranges as Span[], duration);
        const watched = ranges.reduce((total, [start, end]) => total + end - start, 0);
        return saveProgress(client, {
          userId: user.id,
          itemId: item.id,
          ranges,
          watchedSeconds: watched,
          position: Math.min(request.body.position, duration),
          complete: isComplete(ranges, duration),
        });
      });
      return {
        ranges: saved.ranges,
        watched_seconds: saved.watched_seconds,
        coverage: coverage(saved.ranges, duration),
        position_seconds: Number(saved.position_seconds),
        completed: saved.completed_at !== null,
      };
    },
  );

  // ---- the handbook ----

  async function handbookAnswer(record: HandbookVersionRecord, language: ContentLanguage) {
    const arabic = language === 'ar' && record.title_ar !== null && record.body_md_ar !== null;
    const versions = await handbookVersions(pool, record.item_id, record.published_version);
    const previous = versions.find((entry) => entry.version < record.version);
    const before = previous ? await findHandbook(pool, previous.version) : null;
    return {
      id: record.item_id,
      version: record.version,
      current_version: record.published_version,
      title: arabic ? record.title_ar! : record.title_en,
      summary: (arabic ? record.summary_ar : null) ?? record.summary_en,
      effective_on: record.effective_on,
      body_html: arabic ? record.body_html_ar! : record.body_html_en,
      toc: arabic ? (record.toc_ar ?? []) : record.toc_en,
      versions: versions.map((entry) => ({ ...entry, published: true })),
      changes: before ? handbookChanges(before, record, arabic ? 'ar' : 'en') : [],
      language: arabic ? ('ar' as const) : ('en' as const),
      fallback: language === 'ar' && !arabic,
    };
  }

  app.get(
    '/api/handbook',
    {
      schema: {
        tags,
        summary: 'The partner handbook (public): the version in effect, its sections, the list of versions and what changed',
        response: { 200: handbookSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const record = await findHandbook(pool, null);
      if (!record) throw new NotFoundError();
      return handbookAnswer(record, request.locale === 'ar' ? 'ar' : 'en');
    },
  );

  app.get(
    '/api/handbook/versions/:version',
    {
      schema: {
        tags,
        summary: 'An earlier (or the current) version of the handbook, readable at its own URL (public)',
        params: handbookVersionParamsSchema,
        response: { 200: handbookSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const record = await findHandbook(pool, request.params.version);
      if (!record?.effective_on) throw new NotFoundError();
      return handbookAnswer(record, request.locale === 'ar' ? 'ar' : 'en');
    },
  );

  const acknowledgementSchema = z.object({ version: z.number().int(), acknowledged_at: z.string().nullable() });

  app.get(
    `${LEARNING_API}/handbook/acknowledgement`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Whether the partner has acknowledged the handbook version in effect',
      response: { 200: acknowledgementSchema, 404: messageSchema },
    }),
    async (request) => {
      const record = await findHandbook(pool, null);
      if (!record) throw new NotFoundError();
      const at = await acknowledgementOf(pool, currentUser(request).id, record.item_id, record.published_version);
      return { version: record.published_version, acknowledged_at: at?.toISOString() ?? null };
    },
  );

  app.post(
    `${LEARNING_API}/handbook/acknowledgement`,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Acknowledge the handbook version in effect (recorded with the version and the time; again is a no-op)',
      body: z.object({ version: z.number({ error: 'The version field must be a number.' }).int().min(1) }),
      response: { 200: acknowledgementSchema, 404: messageSchema, 409: messageSchema },
    }),
    async (request) => {
      const record = await findHandbook(pool, null);
      if (!record) throw new NotFoundError();
      // Acknowledging what one read: a page left open across a new version must not acknowledge the new one.
      if (request.body.version !== record.published_version) throw new AppError(409, M.handbookMoved, 'handbook_moved');
      const at = await acknowledge(pool, currentUser(request).id, record.item_id, record.published_version);
      return { version: record.published_version, acknowledged_at: at.toISOString() };
    },
  );

  app.get(
    `${LEARNING_API}/handbook/acknowledgements`,
    partnerRoute(app, {
      permission: 'team.read',
      tags,
      summary: 'The members of the partner’s agent and when each acknowledged the handbook version in effect (owners and managers)',
      response: { 200: handbookAcknowledgementsSchema, 404: messageSchema },
    }),
    async (request) => {
      const record = await findHandbook(pool, null);
      if (!record) throw new NotFoundError();
      const rows = await agentAcknowledgements(pool, currentUser(request).referralAgentId, record.item_id, record.published_version);
      return { version: record.published_version, members: rows.map((row) => ({ ...row, acknowledged_at: row.acknowledged_at?.toISOString() ?? null })) };
    },
  );
}

