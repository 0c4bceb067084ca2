import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import { FEEDBACK_ATTACHMENTS_URL, FEEDBACK_UPLOAD_CONTENT_TYPE, FEEDBACK_URL, feedbackAttachmentParamsSchema, feedbackAttachmentSchema, feedbackListEndpoint, feedbackParamsSchema, feedbackReplyRequestSchema, feedbackThreadSchema, feedbackUploadQuerySchema, submitFeedbackRequestSchema } from '@portal/contracts/feedback';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { ValidationError } from '../../lib/errors.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { StoredFile } from '../../lib/storage/file-store.ts';
import { FileNotFoundError } from '../../lib/storage/storage-driver.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { FEEDBACK_MESSAGES as M } from './messages.ts';
import { findFeedbackPage } from './repository.ts';
import { viewerOf, type FeedbackService } from './service.ts';
import { uploadBodyParser } from '../../lib/upload-body.ts';

/** Sends a stored attachment as a download (the file store's headers: its type, nosniff, no caching, a sandboxing CSP). */
export async function sendAttachment(app: FastifyInstance, file: StoredFile, reply: FastifyReply) {
  try {
    const stream = await app.storage.read(file);
    return reply.headers(app.storage.downloadHeaders(file, { disposition: 'attachment' })).send(stream as never);
  } catch (error) {
    if (error instanceof FileNotFoundError) throw new NotFoundError();
    throw error;
  }
}

/**
 * The partner's /feedback: the threads the member may see (their own; owners and managers the whole agent's), one
 * thread, submitting, replying, uploading an attachment and downloading one. Permission 'portal.use': every role.
 */
export async function feedbackRoutes(fastify: FastifyInstance, service: FeedbackService): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const permission = 'portal.use' as const;
  const tags = ['feedback'];

  // The upload's body is the file itself, streamed to the file store (this module's routes only: encapsulated).
  app.addContentTypeParser(FEEDBACK_UPLOAD_CONTENT_TYPE, uploadBodyParser);

  listRoute(app, {
    endpoint: feedbackListEndpoint,
    permission,
    tags,
    summary: "The member's feedback threads (owners and managers: the agent's), latest activity first",
    list: (user, query) => findFeedbackPage(pool, viewerOf(user), query),
  });

  app.post(
    FEEDBACK_URL,
    partnerRoute(app, {
      permission,
      tags,
      summary: 'Send feedback: category, optional rating, message, up to 3 uploaded attachments',
      body: submitFeedbackRequestSchema,
      response: { 201: feedbackThreadSchema },
    }),
    async (request, reply) => reply.code(201).send(await service.submit(currentUser(request), request.body, request.locale)),
  );

  app.post(
    FEEDBACK_ATTACHMENTS_URL,
    partnerRoute(app, {
      permission,
      tags,
      summary: 'Upload one attachment (PNG, JPEG, WebP or PDF, at most 10 MB), to send with feedback or a reply',
      description:
        'The body is the file itself, `Content-Type: application/octet-stream`; `filename` names it. Its type is read from its bytes; ' +
        'images are re-encoded (metadata dropped); the file is encrypted at rest. 422 with `errors.file` when refused.',
      querystring: feedbackUploadQuerySchema,
      consumes: [FEEDBACK_UPLOAD_CONTENT_TYPE],
      response: { 201: feedbackAttachmentSchema, 415: messageSchema },
    }),
    async (request, reply) => {
      const upload: unknown = request.body;
      if (upload === undefined || upload === null) throw ValidationError.field('file', M.fileEmpty);
      if (!(upload instanceof Readable)) throw ValidationError.field('file', M.fileNotSent);
      return reply.code(201).send(await service.upload(currentUser(request), upload, request.query.filename));
    },
  );

  app.get(
    `${FEEDBACK_URL}/:id`,
    partnerRoute(app, {
      permission,
      tags,
      summary: 'One feedback thread with its messages and attachments (404 for a thread the member may not see)',
      params: feedbackParamsSchema,
      response: { 200: feedbackThreadSchema, 404: messageSchema },
    }),
    async (request) => service.partnerThread(currentUser(request), request.params.id, request.locale),
  );

  app.post(
    `${FEEDBACK_URL}/:id/replies`,
    partnerRoute(app, {
      permission,
      tags,
      summary: 'Reply to a feedback thread (409 once it is closed)',
      params: feedbackParamsSchema,
      body: feedbackReplyRequestSchema,
      response: { 201: feedbackThreadSchema, 404: messageSchema, 409: messageSchema },
    }),
    async (request, reply) => reply.code(201).send(await service.reply(currentUser(request), request.params.id, request.body, request.locale)),
  );

  app.get(
    `${FEEDBACK_URL}/:id/attachments/:attachmentId`,
    partnerRoute(app, {
      permission,
      tags,
      summary: 'Download an attachment of a thread the member may see',
      params: feedbackAttachmentParamsSchema,
      response: { 404: messageSchema },
    }),
    async (request, reply) => sendAttachment(app, await service.partnerAttachment(currentUser(request), request.params.id, request.params.attachmentId), reply),
  );
}
