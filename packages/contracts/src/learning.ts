import { z } from 'zod';
import { idStringField, textField } from './fields.ts';
import { defaultedEnumQueryField, idQueryField, listEndpoint, listQuerySchema, queryField, textQueryField } from './list-query.ts';

/**
 * Learning (issue 38): what partners read and watch — articles, knowledge-base answers, videos, posters and the
 * handbook — and what they leave behind (votes, progress, acknowledgements). The console's authoring half is
 * console-content.ts. Every answer carries the language it is in and whether that is a fallback to English.
 */

export const LEARNING_API = '/api/learning';
export const LEARNING_SEARCH_MAX_LENGTH = 100;
export const LEARNING_VOTE_REASON_MAX = 300;

/** The kinds of content. 'handbook' is one item whose versions are the handbook's editions. */
export const LEARNING_KINDS = ['article', 'knowledge', 'handbook', 'video', 'poster'] as const;
export type LearningKind = (typeof LEARNING_KINDS)[number];
/** The kinds that have sections (categories). */
export const LEARNING_SECTION_KINDS = ['article', 'knowledge', 'video', 'poster'] as const;
export type LearningSectionKind = (typeof LEARNING_SECTION_KINDS)[number];

export const CONTENT_LANGUAGES = ['en', 'ar'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** A video is complete once this share of its duration has been watched (Mentingo's rule; Open edX uses 95 %). */
export const VIDEO_COMPLETE_COVERAGE = 0.9;
/** The player reports progress this often while playing (and on pause, and when the page is hidden). */
export const VIDEO_PROGRESS_INTERVAL_MS = 15_000;
/** A resume position this close to the end starts the video from the beginning again. */
export const VIDEO_RESUME_END_MARGIN_SECONDS = 5;
/** Words a minute for an article's reading time. */
export const READING_WORDS_PER_MINUTE = 200;

/** Reasons a partner may give with a "not helpful" vote (chips); any text up to the limit is accepted too. */
export const VOTE_REASONS = ['unclear', 'outdated', 'incomplete', 'not_relevant'] as const;

const languageSchema = z.enum(CONTENT_LANGUAGES);

/** What every item shown to a partner says about its language: the one it is shown in, and whether it fell back. */
export const shownLanguageSchema = z.object({
  /** the language of the text shown */
  language: languageSchema,
  /** true when the reader asked for Arabic and the item has none yet, so it is shown in English */
  fallback: z.boolean(),
});

export const learningSectionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEARNING_SECTION_KINDS),
  slug: z.string(),
  title: z.string(),
  /** published items in it that the partner may see */
  count: z.number().int(),
});
export type LearningSection = z.infer<typeof learningSectionSchema>;

export const tocEntrySchema = z.object({ id: z.string(), text: z.string(), depth: z.number().int() });
export type TocEntry = z.infer<typeof tocEntrySchema>;

/** A card: an article, an answer, a video or a poster as lists show it. */
export const learningCardSchema = shownLanguageSchema.extend({
  id: z.number().int(),
  kind: z.enum(LEARNING_KINDS),
  title: z.string(),
  summary: z.string(),
  section: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
  /** ISO 8601 */
  published_at: z.string().nullable(),
  last_reviewed_at: z.string(),
  reading_minutes: z.number().int(),
  helpful_count: z.number().int(),
});
export type LearningCard = z.infer<typeof learningCardSchema>;

// ---- articles ----

export const ARTICLE_SORTS = ['newest', 'helpful'] as const;
export const articleListQuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', LEARNING_SEARCH_MAX_LENGTH),
    section: idQueryField('section'),
    sort: defaultedEnumQueryField('sort', ARTICLE_SORTS, 'newest'),
  },
  defaultPageSize: 10,
});
export type ArticleListQuery = z.output<typeof articleListQuerySchema>;
export const articleListEndpoint = listEndpoint(`${LEARNING_API}/articles`, articleListQuerySchema, learningCardSchema);

export const myVoteSchema = z.object({ helpful: z.boolean(), reason: z.string().nullable() }).nullable();

export const articleSchema = learningCardSchema.extend({
  version: z.number().int(),
  body_html: z.string(),
  toc: z.array(tocEntrySchema),
  related: z.array(learningCardSchema),
  my_vote: myVoteSchema,
});
export type Article = z.infer<typeof articleSchema>;

export const itemParamsSchema = z.object({ id: idStringField('id') });

export const voteRequestSchema = z.object({
  helpful: z.boolean({ error: 'The helpful field must be true or false.' }),
  reason: textField('reason', { max: LEARNING_VOTE_REASON_MAX, multiline: true }).nullish(),
});
export type VoteRequest = z.infer<typeof voteRequestSchema>;
export const voteResultSchema = z.object({ version: z.number().int(), my_vote: myVoteSchema, helpful_count: z.number().int() });

// ---- search (one box over everything) ----

export const learningSearchQuerySchema = z.object({
  q: queryField(textField('search', { max: LEARNING_SEARCH_MAX_LENGTH })),
  kind: queryField(z.enum(LEARNING_KINDS, { error: 'The selected kind is invalid.' })),
  section: idQueryField('section'),
});
export const learningSearchHitSchema = learningCardSchema.extend({
  /** the matching passage, with matches between « and » (the page renders them as <mark>; no HTML comes from here) */
  snippet: z.string(),
});
export type LearningSearchHit = z.infer<typeof learningSearchHitSchema>;
export const learningSearchResultSchema = z.object({ query: z.string(), hits: z.array(learningSearchHitSchema) });
export const SNIPPET_START = '«';
export const SNIPPET_END = '»';

// ---- knowledge base ----

export const knowledgeAnswerSchema = learningCardSchema.extend({ version: z.number().int(), body_html: z.string(), my_vote: myVoteSchema });
export const knowledgeBaseSchema = z.object({
  sections: z.array(learningSectionSchema),
  answers: z.array(knowledgeAnswerSchema),
});

// ---- the learning home ----

export const videoProgressSummarySchema = z.object({
  /** share of the duration watched, 0..1 */
  coverage: z.number(),
  position_seconds: z.number(),
  completed: z.boolean(),
});

export const learningHomeSchema = z.object({
  continue: z.object({
    video: learningCardSchema.extend({ progress: videoProgressSummarySchema, duration_seconds: z.number().int() }).nullable(),
    article: learningCardSchema.nullable(),
  }),
  /** published since the partner's previous visit (everything of the last 30 days on a first visit) */
  new_items: z.array(learningCardSchema),
  previous_visit_at: z.string().nullable(),
  counts: z.object({ articles: z.number().int(), knowledge: z.number().int(), videos: z.number().int(), posters: z.number().int() }),
});
export type LearningHome = z.infer<typeof learningHomeSchema>;

// ---- videos ----

export const videoCardSchema = learningCardSchema.extend({
  duration_seconds: z.number().int(),
  caption_languages: z.array(languageSchema),
  progress: videoProgressSummarySchema.nullable(),
});
export type VideoCard = z.infer<typeof videoCardSchema>;

export const VIDEO_FILTERS = ['all', 'unwatched', 'in_progress', 'watched'] as const;
export const videoListQuerySchema = z.object({
  search: queryField(textField('search', { max: LEARNING_SEARCH_MAX_LENGTH })),
  filter: queryField(z.enum(VIDEO_FILTERS, { error: 'The selected filter is invalid.' })),
});
export const videoLibrarySchema = z.object({
  sections: z.array(learningSectionSchema.extend({ videos: z.array(videoCardSchema) })),
  continue_watching: z.array(videoCardSchema),
});
export type VideoLibrary = z.infer<typeof videoLibrarySchema>;

export const videoSchema = videoCardSchema.extend({
  version: z.number().int(),
  body_html: z.string(),
  /** where to start: the saved position, or 0 when none or within a few seconds of the end */
  resume_at_seconds: z.number(),
  file_url: z.string(),
  captions: z.array(z.object({ language: languageSchema, url: z.string() })),
  /** the captions' cues per language, for the transcript panel that follows the playback */
  transcripts: z.array(z.object({ language: languageSchema, cues: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })) })),
});
export type Video = z.infer<typeof videoSchema>;

/** GET /api/learning/video-sections/:section/start: the video to open when the URL names none. */
export const sectionParamsSchema = z.object({ section: idStringField('section') });
export const videoStartSchema = z.object({ id: z.number().int(), title: z.string(), section: z.object({ id: z.number().int(), slug: z.string() }) });

export const VIDEO_RANGES_MAX = 200;
/**
 * A watched span, [start, end] in seconds. An array of two numbers rather than z.tuple: the partner's bundle has no
 * other tuple, and zod's tuple type would join the zod chunk every page loads.
 */
const spanSchema = z
  .array(z.number(), { error: 'A range must be a [start, end] pair.' })
  .length(2, 'A range must be a [start, end] pair.')
  .transform((pair) => [pair[0]!, pair[1]!] as [number, number]);
export const videoProgressRequestSchema = z.object({
  /** watched spans since the last report, [start, end] in seconds */
  ranges: z
    .array(spanSchema.refine(([start, end]) => start >= 0 && end >= start, 'A range must end after it starts.'), {
      error: 'The ranges field must be a list of [start, end] pairs.',
    })
    .max(VIDEO_RANGES_MAX, `The ranges field must not have more than ${VIDEO_RANGES_MAX} items.`),
  position: z.number({ error: 'The position field must be a number.' }).min(0),
  /** the CSRF token, for navigator.sendBeacon, which cannot send the X-XSRF-TOKEN header */
  _token: z.string().max(200).optional(),
});
export type VideoProgressRequest = z.infer<typeof videoProgressRequestSchema>;
export const videoProgressSchema = videoProgressSummarySchema.extend({ ranges: z.array(z.array(z.number())), watched_seconds: z.number().int() });

// ---- handbook (public) ----

export const handbookVersionRefSchema = z.object({
  version: z.number().int(),
  effective_on: z.string().nullable(),
  change_note: z.string().nullable(),
  published: z.boolean(),
});
export const handbookChangeSchema = z.object({ kind: z.enum(['added', 'changed', 'removed']), section: z.string(), anchor: z.string().nullable() });
export const handbookSchema = shownLanguageSchema.extend({
  id: z.number().int(),
  version: z.number().int(),
  current_version: z.number().int(),
  title: z.string(),
  summary: z.string(),
  effective_on: z.string().nullable(),
  body_html: z.string(),
  toc: z.array(tocEntrySchema),
  versions: z.array(handbookVersionRefSchema),
  /** what changed from the version before this one, by section */
  changes: z.array(handbookChangeSchema),
  /** for a signed-in partner: when they acknowledged this version (null: not yet); absent when signed out */
  acknowledged_at: z.string().nullable().optional(),
});
export type Handbook = z.infer<typeof handbookSchema>;
export const handbookVersionParamsSchema = z.object({ version: idStringField('version') });

export const handbookAcknowledgementsSchema = z.object({
  version: z.number().int(),
  members: z.array(z.object({ user_id: z.number().int(), name: z.string(), role: z.string(), acknowledged_at: z.string().nullable() })),
});

/**
 * A title as it reads in a URL (`/videos-details/{section}/{title}/…`): lower case, letters and digits of any script
 * (Arabic kept), the rest as single dashes. Cosmetic: pages resolve by id and redirect a stale slug to this one.
 */
export function slugOf(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'item';
}

/** Where a partner reads an item of each kind. */
export function learningItemPath(item: { id: number; kind: LearningKind; title: string; section: { id: number; slug: string } | null }): string {
  if (item.kind === 'article') return `/article/view/${item.id}`;
  if (item.kind === 'video' && item.section) return `/videos-details/${item.section.slug}/${slugOf(item.title)}/${item.section.id}/${item.id}`;
  if (item.kind === 'poster' && item.section) return `/posters/${item.section.id}`;
  if (item.kind === 'handbook') return '/handbook';
  return `/knowledge-base?answer=${item.id}`;
}
