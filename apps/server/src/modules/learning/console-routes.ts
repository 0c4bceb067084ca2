import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONSOLE_CONTENT_URL,
  consoleContentEndpoint,
  consoleContentItemSchema,
  contentCreateSchema,
  contentOptionsSchema,
  contentParamsSchema,
  contentPermission,
  contentPreviewResultSchema,
  contentPreviewSchema,
  contentPublishSchema,
  contentSaveSchema,
  contentVideoUploadQuerySchema,
  type ConsoleContentItem,
  type ConsoleContentRow,
} from '@portal/contracts/console-content';
import { messageSchema } from '@portal/contracts/errors';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { uploadBodyParser } from '../../lib/upload-body.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import { contentOptions, findContentItem, findContentPage, findVersions, voteTotals, type ContentRowRecord } from './content-repository.ts';
import type { ContentService } from './content-service.ts';
import { renderMarkdown } from './markdown.ts';

const VIDEO_UPLOAD_CONTENT_TYPE = 'application/octet-stream';

function toRow(record: ContentRowRecord): ConsoleContentRow {
  return {
    id: record.id,
    kind: record.kind,
    title: record.title,
    section: record.section_id === null ? null : { id: record.section_id, title: record.section_title ?? '' },
    status: record.status,
    latest_version: record.latest_version,
    published_version: record.published_version,
    audience: record.audience,
    owner: record.owner_id === null ? null : { id: record.owner_id, name: record.owner_name ?? '' },
    last_reviewed_at: record.last_reviewed_at.toISOString(),
    stale: record.stale,
    has_arabic: record.has_arabic,
    updated_at: record.updated_at.toISOString(),
  };
}

/**
 * The console's Content area (permission `content`): the list with kind, status and stale filters, an item with its
 * versions, create, save a version, publish, archive, mark reviewed, a Markdown preview rendered by the same
 * sanitiser as a save, and a video upload through the file store. Every write is audited (content-service.ts).
 */
export async function consoleContentRoutes(fastify: FastifyInstance, service: ContentService): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const permission = contentPermission;
  const tags = ['content'];
  const itemResponses = { 200: consoleContentItemSchema, 404: messageSchema, 409: messageSchema };
  app.addContentTypeParser(VIDEO_UPLOAD_CONTENT_TYPE, uploadBodyParser);

  async function itemOf(id: number): Promise<ConsoleContentItem> {
    const record = await findContentItem(pool, id);
    if (!record) throw new NotFoundError();
    const versions = await findVersions(pool, id);
    const latest = versions[0]!;
    const iso = (value: Date) => value.toISOString();
    const file = record.media?.file;
    return {
      ...toRow(record),
      group_ids: record.group_ids,
      partner_type_ids: record.partner_type_ids,
      position: record.position,
      published_at: record.published_at?.toISOString() ?? null,
      video: file ? { name: file.name, size: file.size, content_type: file.contentType, duration_seconds: Math.round(record.media?.duration_seconds ?? 0) } : null,
      latest: { ...latest, created_at: iso(latest.created_at) },
      versions: versions.map((version) => ({ version: version.version, title_en: version.title_en, change_note: version.change_note, created_by: version.created_by, created_at: iso(version.created_at) })),
      votes: await voteTotals(pool, id, record.published_version),
    };
  }

  operatorListRoute(app, {
    endpoint: consoleContentEndpoint,
    permission,
    tags,
    summary: 'Every learning item (any status and audience): by kind, status, stale (not reviewed for 180 days) and title',
    list: async (_operator, query) => {
      const { rows, total } = await findContentPage(pool, query);
      return { rows: rows.map(toRow), total };
    },
  });

  app.get(
    `${CONSOLE_CONTENT_URL}/options`,
    operatorRoute(app, { permission, tags, summary: 'The sections, referral groups and partner types an item can be filed under or shown to', response: { 200: contentOptionsSchema } }),
    async () => contentOptions(pool),
  );

  app.post(
    `${CONSOLE_CONTENT_URL}/preview`,
    operatorRoute(app, { permission, tags, summary: 'Render Markdown as a save would (sanitised), without saving', body: contentPreviewSchema, response: { 200: contentPreviewResultSchema } }),
    async (request) => {
      const rendered = renderMarkdown(request.body.markdown);
      return { html: rendered.html, toc: rendered.toc };
    },
  );

  app.get(
    `${CONSOLE_CONTENT_URL}/:id`,
    operatorRoute(app, { permission, tags, summary: 'An item with its latest version in full, its versions and its votes', params: contentParamsSchema, response: itemResponses }),
    async (request) => itemOf(request.params.id),
  );

  app.post(
    CONSOLE_CONTENT_URL,
    operatorRoute(app, { permission, tags, summary: 'Create an item as a draft (version 1); the author becomes its owner', body: contentCreateSchema, response: { 201: consoleContentItemSchema, 409: messageSchema } }),
    async (request, reply) => {
      const id = await service.create(request.auditActor, currentOperator(request).id, request.body);
      return reply.code(201).send(await itemOf(id));
    },
  );

  app.put(
    `${CONSOLE_CONTENT_URL}/:id`,
    operatorRoute(app, { permission, tags, summary: 'Save a new version (and the audience); partners keep the published version until this one is published', params: contentParamsSchema, body: contentSaveSchema, response: itemResponses }),
    async (request) => {
      await service.save(request.auditActor, currentOperator(request).id, request.params.id, request.body);
      return itemOf(request.params.id);
    },
  );

  app.post(
    `${CONSOLE_CONTENT_URL}/:id/publish`,
    operatorRoute(app, { permission, tags, summary: 'Publish a version (the latest by default); partners who may see it are told of a first publication', params: contentParamsSchema, body: contentPublishSchema, response: itemResponses }),
    async (request) => {
      await service.publish(request.auditActor, request.params.id, request.body.version);
      return itemOf(request.params.id);
    },
  );

  app.post(
    `${CONSOLE_CONTENT_URL}/:id/archive`,
    operatorRoute(app, { permission, tags, summary: 'Archive an item: partners no longer see it', params: contentParamsSchema, response: itemResponses }),
    async (request) => {
      await service.archive(request.auditActor, request.params.id);
      return itemOf(request.params.id);
    },
  );

  app.post(
    `${CONSOLE_CONTENT_URL}/:id/reviewed`,
    operatorRoute(app, { permission, tags, summary: 'Mark an item reviewed today (clears the stale flag)', params: contentParamsSchema, response: itemResponses }),
    async (request) => {
      await service.markReviewed(request.auditActor, request.params.id);
      return itemOf(request.params.id);
    },
  );

  app.put(
    `${CONSOLE_CONTENT_URL}/:id/video`,
    operatorRoute(app, {
      permission,
      tags,
      summary: 'Upload a video item’s file (MP4 or WebM, at most 250 MB; the type is read from the bytes)',
      description: 'The body is the file itself, `Content-Type: application/octet-stream`; `filename` names it and `duration_seconds` gives its length.',
      params: contentParamsSchema,
      querystring: contentVideoUploadQuerySchema,
      consumes: [VIDEO_UPLOAD_CONTENT_TYPE],
      response: { ...itemResponses, 415: messageSchema },
    }),
    async (request) => {
      await service.attachVideo(request.auditActor, request.params.id, request.body as Readable, { filename: request.query.filename, durationSeconds: request.query.duration_seconds });
      return itemOf(request.params.id);
    },
  );
}
