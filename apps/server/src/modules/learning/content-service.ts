import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { contentCreateSchema, contentSaveSchema } from '@portal/contracts/console-content';
import { CONTENT_VIDEO_MAX_BYTES, CONTENT_VIDEO_TYPES } from '@portal/contracts/console-content';
import type { LearningKind } from '@portal/contracts/learning';
import type { z } from 'zod';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import {
  existingIds,
  findContentItem,
  insertItem,
  insertVersion,
  sectionKind,
  setArchived,
  setMedia,
  setPublished,
  setReviewed,
  updateItemSettings,
  type ItemStateRecord,
  type NewVersion,
} from './content-repository.ts';
import { LEARNING_MESSAGES as M } from './messages.ts';
import { captionWords, InvalidCaptionsError, renderMarkdown } from './markdown.ts';

/**
 * Authoring learning content (issue 38): create an item, save versions (each save is a new version, Markdown
 * sanitised on save), choose who sees it, publish a version, archive, mark reviewed, attach a video. Every write is
 * one transaction with its audit row. Certification (issue 39) authors its lessons through the same operations
 * (public.ts).
 */

export const LEARNING_VIDEO_KIND = 'learning-video';

export type ContentSaveInput = z.output<typeof contentSaveSchema>;
export type ContentCreateInput = z.output<typeof contentCreateSchema>;

/** Builds a version from what the author wrote: HTML, words and TOC per language; captions checked as WebVTT. */
export function versionFromInput(input: ContentSaveInput): NewVersion {
  const english = renderMarkdown(input.body_md_en);
  const arabic = input.body_md_ar === null ? null : renderMarkdown(input.body_md_ar);
  const errors: Record<string, string[]> = {};
  const captionText: string[] = [];
  for (const [field, value] of [
    ['captions_en', input.captions_en],
    ['captions_ar', input.captions_ar],
  ] as const) {
    if (!value) {
      captionText.push('');
      continue;
    }
    try {
      captionText.push(captionWords(value));
    } catch (error) {
      if (!(error instanceof InvalidCaptionsError)) throw error;
      errors[field] = [error.message];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    title_en: input.title_en,
    title_ar: input.title_ar,
    summary_en: input.summary_en,
    summary_ar: input.summary_ar,
    body_md_en: input.body_md_en,
    body_md_ar: input.body_md_ar,
    body_html_en: english.html,
    body_html_ar: arabic?.html ?? null,
    // A video's captions are searched with its description.
    body_text_en: [english.text, captionText[0]].filter(Boolean).join(' '),
    body_text_ar: arabic || captionText[1] ? [arabic?.text, captionText[1]].filter(Boolean).join(' ') : null,
    toc_en: english.toc,
    toc_ar: arabic?.toc ?? null,
    words_en: english.words,
    words_ar: arabic?.words ?? null,
    captions_en: input.captions_en,
    captions_ar: input.captions_ar,
    effective_on: input.effective_on ?? null,
    change_note: input.change_note,
  };
}

async function checkReferences(db: Queryable, kind: LearningKind, input: ContentSaveInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.section_id) {
    const found = await sectionKind(db, input.section_id);
    if (found !== kind) errors.section_id = [M.sectionInvalid];
  } else if (kind !== 'handbook') {
    errors.section_id = [M.sectionRequired];
  }
  const groups = await existingIds(db, 'referral_groups', input.group_ids);
  if (input.group_ids.some((id) => !groups.has(id))) errors.group_ids = [M.groupInvalid];
  const types = await existingIds(db, 'partner_types', input.partner_type_ids);
  if (input.partner_type_ids.some((id) => !types.has(id))) errors.partner_type_ids = [M.partnerTypeInvalid];
  if (input.audience === 'chosen' && input.group_ids.length + input.partner_type_ids.length === 0) {
    errors.audience = [M.audienceEmpty];
  }
  if (kind === 'handbook' && !input.effective_on) errors.effective_on = [M.effectiveOnRequired];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function audited(item: ItemStateRecord) {
  return {
    status: item.status,
    latest_version: item.latest_version,
    published_version: item.published_version,
    audience: item.audience,
    group_ids: item.group_ids,
    partner_type_ids: item.partner_type_ids,
  };
}

export interface ContentService {
  create(actor: AuditActor, operatorId: number | null, input: ContentCreateInput): Promise<number>;
  save(actor: AuditActor, operatorId: number | null, id: number, input: ContentSaveInput): Promise<number>;
  publish(actor: AuditActor, id: number, version?: number): Promise<{ version: number; firstTime: boolean }>;
  archive(actor: AuditActor, id: number): Promise<void>;
  markReviewed(actor: AuditActor, id: number): Promise<void>;
  attachVideo(actor: AuditActor, id: number, upload: Readable, options: { filename?: string; durationSeconds: number }): Promise<void>;
}

export function createContentService(deps: { pool: pg.Pool; storage: FileStore; onPublished?: (db: pg.PoolClient, itemId: number) => Promise<void> }): ContentService {
  const { pool } = deps;

  async function lockItem(client: Queryable, id: number): Promise<ItemStateRecord> {
    const item = await findContentItem(client, id, { forUpdate: true });
    if (!item) throw new NotFoundError();
    return item;
  }

  return {
    async create(actor, operatorId, input) {
      const version = versionFromInput(input);
      return inTransaction(pool, async (client) => {
        await checkReferences(client, input.kind, input);
        const id = await insertItem(client, { kind: input.kind, sectionId: input.section_id ?? null, audience: input.audience, ownerOperatorId: operatorId, position: input.position });
        await updateItemSettings(client, id, { sectionId: input.section_id ?? null, audience: input.audience, position: input.position, groupIds: input.group_ids, partnerTypeIds: input.partner_type_ids });
        await insertVersion(client, id, version, operatorId);
        const after = (await findContentItem(client, id))!;
        await recordAudit(client, actor, { action: 'content.created', target: { type: 'learning_item', id }, after: { kind: input.kind, title: input.title_en, ...audited(after) } });
        return id;
      });
    },

    async save(actor, operatorId, id, input) {
      const version = versionFromInput(input);
      return inTransaction(pool, async (client) => {
        const before = await lockItem(client, id);
        await checkReferences(client, before.kind, input);
        await updateItemSettings(client, id, { sectionId: input.section_id ?? null, audience: input.audience, position: input.position, groupIds: input.group_ids, partnerTypeIds: input.partner_type_ids });
        const number = await insertVersion(client, id, version, operatorId);
        const after = (await findContentItem(client, id))!;
        await recordAudit(client, actor, { action: 'content.saved', target: { type: 'learning_item', id }, before: audited(before), after: { ...audited(after), title: input.title_en } });
        return number;
      });
    },

    async publish(actor, id, version) {
      return inTransaction(pool, async (client) => {
        const before = await lockItem(client, id);
        const chosen = version ?? before.latest_version;
        if (chosen < 1 || chosen > before.latest_version) throw new ValidationError({ version: [M.versionMissing] });
        if (before.kind === 'video' && !before.media?.file) throw new ConflictError(M.videoFirst);
        await setPublished(client, id, chosen);
        const after = (await findContentItem(client, id))!;
        await recordAudit(client, actor, { action: 'content.published', target: { type: 'learning_item', id }, before: audited(before), after: audited(after) });
        const firstTime = before.published_version === null || before.status !== 'published';
        if (deps.onPublished) await deps.onPublished(client, id);
        return { version: chosen, firstTime };
      });
    },

    async archive(actor, id) {
      await inTransaction(pool, async (client) => {
        const before = await lockItem(client, id);
        if (before.status === 'draft') throw new ConflictError(M.draftNotArchived);
        await setArchived(client, id);
        await recordAudit(client, actor, { action: 'content.archived', target: { type: 'learning_item', id }, before: { status: before.status }, after: { status: 'archived' } });
      });
    },

    async markReviewed(actor, id) {
      await inTransaction(pool, async (client) => {
        const before = await lockItem(client, id);
        await setReviewed(client, id);
        await recordAudit(client, actor, { action: 'content.reviewed', target: { type: 'learning_item', id }, before: { last_reviewed_at: before.last_reviewed_at.toISOString() } });
      });
    },

    async attachVideo(actor, id, upload, options) {
      const item = await findContentItem(pool, id);
      if (!item) throw new NotFoundError();
      if (item.kind !== 'video') throw new ConflictError(M.notAVideo);
      const file = await deps.storage.save(LEARNING_VIDEO_KIND, upload, { filename: options.filename });
      await inTransaction(pool, async (client) => {
        const before = await lockItem(client, id);
        await setMedia(client, id, { ...before.media, file, uploaded_at: new Date().toISOString(), duration_seconds: options.durationSeconds });
        await recordAudit(client, actor, {
          action: 'content.video_uploaded',
          target: { type: 'learning_item', id },
          before: { file: before.media?.file?.name ?? null },
          after: { file: file.name, size: file.size, duration_seconds: options.durationSeconds },
        });
      });
    },
  };
}

export const LEARNING_VIDEO_FILE_KIND = { name: LEARNING_VIDEO_KIND, maxBytes: CONTENT_VIDEO_MAX_BYTES, types: CONTENT_VIDEO_TYPES };
