import { z } from 'zod';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { idField, idStringField, textField } from './fields.ts';
import { LEARNING_KINDS, LEARNING_SECTION_KINDS, LEARNING_SEARCH_MAX_LENGTH, tocEntrySchema } from './learning.ts';
import { defaultedSortQueryField, enumQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';
import { defineOperatorPermission } from './operator-permissions.ts';

/**
 * The console's Content area (issue 38): the content team writes articles, knowledge-base answers, the handbook,
 * videos and poster templates in Markdown, saves versions, chooses who may see each item, publishes and archives.
 * Kept apart from learning.ts so the partners' bundle carries no console path.
 */

declare module './operator-permissions.ts' {
  interface AreaOperatorPermissions {
    content: true;
  }
}
/** Writing and publishing learning content: the content role (and admin). */
export const contentPermission = defineOperatorPermission('content', ['content']);

export const CONSOLE_CONTENT_URL = `${CONSOLE_API_PREFIX}/content`;
export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_AUDIENCES = ['all', 'chosen'] as const;
/** An item not reviewed for this many days is flagged to the content team as stale. */
export const CONTENT_STALE_AFTER_DAYS = 180;
export const CONTENT_TITLE_MAX = 200;
export const CONTENT_SUMMARY_MAX = 500;
export const CONTENT_BODY_MAX = 100_000;
export const CONTENT_CAPTIONS_MAX = 200_000;
export const CONTENT_CHANGE_NOTE_MAX = 500;
/** Video uploads: MP4 or WebM, up to this size. */
export const CONTENT_VIDEO_MAX_BYTES = 250 * 1024 * 1024;
export const CONTENT_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

export const consoleContentListQuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', LEARNING_SEARCH_MAX_LENGTH),
    kind: enumQueryField('kind', LEARNING_KINDS),
    status: enumQueryField('status', CONTENT_STATUSES),
    stale: enumQueryField('stale', ['1'] as const),
    sort: defaultedSortQueryField(['updated_at', 'last_reviewed_at', 'title'] as const, '-updated_at'),
  },
  defaultPageSize: 20,
});
export type ConsoleContentListQuery = z.output<typeof consoleContentListQuerySchema>;

export const consoleContentRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEARNING_KINDS),
  title: z.string(),
  section: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  status: z.enum(CONTENT_STATUSES),
  latest_version: z.number().int(),
  published_version: z.number().int().nullable(),
  audience: z.enum(CONTENT_AUDIENCES),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  last_reviewed_at: z.string(),
  /** not reviewed for CONTENT_STALE_AFTER_DAYS days */
  stale: z.boolean(),
  has_arabic: z.boolean(),
  updated_at: z.string(),
});
export type ConsoleContentRow = z.infer<typeof consoleContentRowSchema>;
export const consoleContentEndpoint = listEndpoint(CONSOLE_CONTENT_URL, consoleContentListQuerySchema, consoleContentRowSchema);

export const contentParamsSchema = z.object({ id: idStringField('id') });

const optionalText = (label: string, max: number, multiline = false) => textField(label, { max, min: 0, multiline }).nullish().transform((value) => (value ? value : null));

/** Creating an item, or saving a new version of it (every save is a version; publishing picks one). */
export const contentSaveSchema = z.object({
  section_id: idField('section').nullish(),
  title_en: textField('title', { max: CONTENT_TITLE_MAX }),
  title_ar: optionalText('Arabic title', CONTENT_TITLE_MAX),
  summary_en: textField('summary', { max: CONTENT_SUMMARY_MAX, min: 0, multiline: true }).default(''),
  summary_ar: optionalText('Arabic summary', CONTENT_SUMMARY_MAX, true),
  body_md_en: textField('body', { max: CONTENT_BODY_MAX, min: 0, multiline: true }).default(''),
  body_md_ar: optionalText('Arabic body', CONTENT_BODY_MAX, true),
  captions_en: optionalText('English captions', CONTENT_CAPTIONS_MAX, true),
  captions_ar: optionalText('Arabic captions', CONTENT_CAPTIONS_MAX, true),
  effective_on: z.iso.date({ error: 'The effective on field must be a date (YYYY-MM-DD).' }).nullish(),
  change_note: optionalText('change note', CONTENT_CHANGE_NOTE_MAX, true),
  audience: z.enum(CONTENT_AUDIENCES, { error: 'The selected audience is invalid.' }).default('all'),
  group_ids: z.array(idField('group')).max(100).default([]),
  partner_type_ids: z.array(idField('partner type')).max(100).default([]),
  /** the handbook's order of items and videos' order inside a category */
  position: z.number().int().min(0).max(100_000).default(0),
});
export type ContentSave = z.input<typeof contentSaveSchema>;
export const contentCreateSchema = contentSaveSchema.extend({ kind: z.enum(LEARNING_KINDS, { error: 'The selected kind is invalid.' }) });
export type ContentCreate = z.input<typeof contentCreateSchema>;

export const contentPublishSchema = z.object({ version: z.number().int().min(1).optional() });

export const contentVersionSchema = z.object({
  version: z.number().int(),
  title_en: z.string(),
  title_ar: z.string().nullable(),
  summary_en: z.string(),
  summary_ar: z.string().nullable(),
  body_md_en: z.string(),
  body_md_ar: z.string().nullable(),
  body_html_en: z.string(),
  body_html_ar: z.string().nullable(),
  toc_en: z.array(tocEntrySchema),
  captions_en: z.string().nullable(),
  captions_ar: z.string().nullable(),
  effective_on: z.string().nullable(),
  change_note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type ContentVersion = z.infer<typeof contentVersionSchema>;

export const consoleContentItemSchema = consoleContentRowSchema.extend({
  group_ids: z.array(z.number().int()),
  partner_type_ids: z.array(z.number().int()),
  position: z.number().int(),
  published_at: z.string().nullable(),
  video: z.object({ name: z.string(), size: z.number().int(), content_type: z.string(), duration_seconds: z.number().int() }).nullable(),
  /** the latest version, in full */
  latest: contentVersionSchema,
  versions: z.array(contentVersionSchema.pick({ version: true, title_en: true, change_note: true, created_by: true, created_at: true })),
  votes: z.object({ helpful: z.number().int(), not_helpful: z.number().int() }),
});
export type ConsoleContentItem = z.infer<typeof consoleContentItemSchema>;

export const contentPreviewSchema = z.object({ markdown: textField('markdown', { max: CONTENT_BODY_MAX, min: 0, multiline: true }) });
export const contentPreviewResultSchema = z.object({ html: z.string(), toc: z.array(tocEntrySchema) });

export const contentOptionsSchema = z.object({
  sections: z.array(z.object({ id: z.number().int(), kind: z.enum(LEARNING_SECTION_KINDS), title: z.string() })),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  partner_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const contentVideoUploadQuerySchema = z.object({
  filename: textField('filename', { max: 200 }).optional(),
  duration_seconds: z.coerce.number({ error: 'The duration seconds field must be a number.' }).int().min(1).max(24 * 3600),
});
