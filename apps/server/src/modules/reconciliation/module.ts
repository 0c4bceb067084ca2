import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@portal/contracts/errors';
import { partnerRoleCan } from '@portal/contracts/partner-roles';
import {
  EVIDENCE_CONTENT_TYPE,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_TYPES,
  RECONCILIATION_URLS as URLS,
  bulkAcceptResultSchema,
  claimRequestSchema,
  commentRequestSchema,
  commentsSchema,
  declineRequestSchema,
  disputeRequestSchema,
  disputeSchema,
  evidenceSchema,
  facilityParamsSchema,
  financeStatementSchema,
  itemListEndpoint,
  itemParamsSchema,
  itemRowSchema,
  periodListEndpoint,
  periodParamsSchema,
  periodRowSchema,
  reconciliationFacilitySchema,
  replyRequestSchema,
  statementParamsSchema,
} from '@portal/contracts/reconciliation';
import { STATEMENT_MAX_BYTES } from '@portal/contracts/console-reconciliation';
import { defineModule } from '../../kit/portal-module.ts';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { StoredFile } from '../../lib/storage/file-store.ts';
import { FileNotFoundError } from '../../lib/storage/storage-driver.ts';
import { uploadBodyParser } from '../../lib/upload-body.ts';
import { currentUser, type AuthenticatedUser } from '../../plugins/auth-guard.ts';
import { reconciliationConsoleRoutes } from './console-routes.ts';
import { RECONCILIATION_MESSAGES as M, RECONCILIATION_TRANSLATIONS } from './messages.ts';
import { accountNumberOf, findFacilityOfAgent, findItem, findItemsPage, findPeriod, findPeriodsPage, financeStatement } from './repository.ts';
import { createReconciliationService, EVIDENCE_KIND, PERIOD_FILE_KIND, STATEMENT_KIND, type ReconciliationService } from './service.ts';

/** The daily job locking the periods whose lock date has come, and telling partners of those locking in three days. */
export const LOCK_DUE_JOB = 'reconciliation.lock-due';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reconciliation's rules (service.ts): for the console's routes and the jobs. */
    reconciliation: ReconciliationService;
  }
}

const TAGS = ['reconciliation'];
const permission = 'reconciliation.use' as const;

/** Patients' names only to members whose role may see patients (referrals.read), never to finance. */
const seesPatients = (user: AuthenticatedUser) => partnerRoleCan(user.role, 'referrals.read');

export async function sendStoredFile(app: FastifyInstance, file: StoredFile, reply: FastifyReply, name?: string) {
  try {
    const stream = await app.storage.read(file);
    return reply.headers(app.storage.downloadHeaders(file, { disposition: 'attachment', ...(name ? { name } : {}) })).send(stream as never);
  } catch (error) {
    if (error instanceof FileNotFoundError) throw new NotFoundError();
    throw error;
  }
}

async function partnerRoutes(fastify: FastifyInstance, service: ReconciliationService): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  app.addContentTypeParser(EVIDENCE_CONTENT_TYPE, uploadBodyParser);

  listRoute(app, {
    endpoint: periodListEndpoint,
    permission,
    tags: TAGS,
    summary: "The agent's reconciliation periods: one row per facility and month, with counts per state and the lock date",
    list: (user, query) => findPeriodsPage(pool, user.referralAgentId, query),
  });

  listRoute(app, {
    endpoint: itemListEndpoint,
    permission,
    tags: TAGS,
    summary: "A period's lines (?period=): each booking and statement line in its one state; patient names only for roles that see patients",
    list: (user, query) => findItemsPage(pool, user.referralAgentId, query, seesPatients(user)),
  });

  const periodOf = async (user: AuthenticatedUser, id: number) => {
    const period = await findPeriod(pool, user.referralAgentId, id);
    if (!period) throw new NotFoundError();
    return period;
  };

  app.get(
    URLS.period,
    partnerRoute(app, { permission, tags: TAGS, summary: 'One period of the agent', params: periodParamsSchema, response: { 200: periodRowSchema, 404: messageSchema } }),
    async (request) => {
      const { agent: _agent, ...period } = await periodOf(currentUser(request), request.params.id);
      return period;
    },
  );

  app.get(
    URLS.facility,
    partnerRoute(app, { permission, tags: TAGS, summary: "A facility the agent reconciles with: its name, slug and the agent's account number there", params: facilityParamsSchema, response: { 200: reconciliationFacilitySchema, 404: messageSchema } }),
    async (request) => {
      const facility = await findFacilityOfAgent(pool, currentUser(request).referralAgentId, request.params.providerId);
      if (!facility) throw new NotFoundError();
      return facility;
    },
  );

  app.get(
    URLS.finance,
    partnerRoute(app, { permission, tags: TAGS, summary: "A period's finance statement: opening, commission, reversals, clawbacks, adjustments, payouts, closing", params: periodParamsSchema, response: { 200: financeStatementSchema, 404: messageSchema } }),
    async (request) => {
      const user = currentUser(request);
      const { agent: _agent, ...period } = await periodOf(user, request.params.id);
      const figures = await financeStatement(pool, { ...period, agent: { id: user.referralAgentId, name: '' } });
      return { period, account_number: await accountNumberOf(pool, user.referralAgentId, period.facility.id), ...figures };
    },
  );

  app.get(
    URLS.statement,
    partnerRoute(app, { permission, tags: TAGS, summary: "A locked period's statement, as the lock wrote it (CSV or PDF)", params: statementParamsSchema, response: { 404: messageSchema } }),
    async (request, reply) => {
      const { rows } = await pool.query<{ csv: StoredFile | null; pdf: StoredFile | null; month: string }>(
        `SELECT statement_csv AS csv, statement_pdf AS pdf, to_char(month, 'YYYY-MM') AS month FROM reconciliation_periods WHERE id = $1 AND referral_agent_id = $2`,
        [request.params.id, currentUser(request).referralAgentId],
      );
      const file = rows[0]?.[request.params.format];
      if (!file) throw new NotFoundError();
      return sendStoredFile(app, file, reply, `reconciliation-${rows[0]!.month}-${request.params.id}.${request.params.format}`);
    },
  );

  const itemAnswer = { 200: itemRowSchema, 404: messageSchema, 409: messageSchema };
  const answerItem = async (user: AuthenticatedUser, id: number) => (await findItem(pool, user.referralAgentId, id, seesPatients(user)))!;

  app.post(
    URLS.accept,
    partnerRoute(app, { permission, tags: TAGS, summary: 'Accept a matched or suggested line', params: itemParamsSchema, response: itemAnswer }),
    async (request) => {
      const user = currentUser(request);
      await service.accept(user, request.params.id);
      return answerItem(user, request.params.id);
    },
  );

  app.post(
    URLS.decline,
    partnerRoute(app, { permission, tags: TAGS, summary: "Decline a facility's line with a reason code (not ours, cancelled, duplicate, other with a note)", params: itemParamsSchema, body: declineRequestSchema, response: itemAnswer }),
    async (request) => {
      const user = currentUser(request);
      await service.decline(user, request.params.id, request.body);
      return answerItem(user, request.params.id);
    },
  );

  app.post(
    URLS.claim,
    partnerRoute(app, { permission, tags: TAGS, summary: 'Claim a booking the facility did not list, with a note and evidence: opens a dispute', params: itemParamsSchema, body: claimRequestSchema, response: { 201: disputeSchema, 404: messageSchema, 409: messageSchema } }),
    async (request, reply) => {
      const user = currentUser(request);
      const id = await service.claim(user, request.params.id, request.body);
      return reply.code(201).send((await service.dispute_thread(user.referralAgentId, id))!);
    },
  );

  app.post(
    URLS.dispute,
    partnerRoute(app, { permission, tags: TAGS, summary: 'Dispute a declined line, a claim or an amount mismatch', params: itemParamsSchema, body: disputeRequestSchema, response: { 201: disputeSchema, 404: messageSchema, 409: messageSchema } }),
    async (request, reply) => {
      const user = currentUser(request);
      const id = await service.dispute(user, request.params.id, request.body);
      return reply.code(201).send((await service.dispute_thread(user.referralAgentId, id))!);
    },
  );

  app.get(
    URLS.comments,
    partnerRoute(app, { permission, tags: TAGS, summary: "A line's comments", params: itemParamsSchema, response: { 200: commentsSchema, 404: messageSchema } }),
    async (request) => {
      const user = currentUser(request);
      if (!(await findItem(pool, user.referralAgentId, request.params.id, false))) throw new NotFoundError();
      return commentsOf(pool, request.params.id);
    },
  );

  app.post(
    URLS.comments,
    partnerRoute(app, { permission, tags: TAGS, summary: 'Comment on a line', params: itemParamsSchema, body: commentRequestSchema, response: { 201: commentsSchema, 404: messageSchema, 409: messageSchema } }),
    async (request, reply) => {
      await service.comment({ type: 'partner', user: currentUser(request) }, request.params.id, request.body.body);
      return reply.code(201).send(await commentsOf(pool, request.params.id));
    },
  );

  app.post(
    URLS.bulkAccept,
    partnerRoute(app, { permission, tags: TAGS, summary: 'Accept every matched line not decided yet', params: periodParamsSchema, response: { 200: bulkAcceptResultSchema, 404: messageSchema, 409: messageSchema } }),
    async (request) => ({ accepted: await service.acceptMatched(currentUser(request), request.params.id) }),
  );

  app.post(
    URLS.agree,
    partnerRoute(app, { permission, tags: TAGS, summary: 'Agree the period (no suggestion undecided, no dispute in progress)', params: periodParamsSchema, response: { 200: periodRowSchema, 404: messageSchema, 409: messageSchema } }),
    async (request) => {
      const user = currentUser(request);
      await service.agree(user, request.params.id);
      const { agent: _agent, ...period } = await periodOf(user, request.params.id);
      return period;
    },
  );

  app.get(
    URLS.disputeThread,
    partnerRoute(app, { permission, tags: TAGS, summary: 'A dispute with its thread; evidence marked by side', params: periodParamsSchema, response: { 200: disputeSchema, 404: messageSchema } }),
    async (request) => {
      const dispute = await service.dispute_thread(currentUser(request).referralAgentId, request.params.id);
      if (!dispute) throw new NotFoundError();
      return dispute;
    },
  );

  app.post(
    URLS.disputeReply,
    partnerRoute(app, { permission, tags: TAGS, summary: 'Reply on a dispute, with evidence', params: periodParamsSchema, body: replyRequestSchema, response: { 201: disputeSchema, 404: messageSchema, 409: messageSchema } }),
    async (request, reply) => {
      const user = currentUser(request);
      await service.partnerReply(user, request.params.id, request.body);
      return reply.code(201).send((await service.dispute_thread(user.referralAgentId, request.params.id))!);
    },
  );

  app.get(
    `${URLS.disputeThread}/evidence/:messageId`,
    partnerRoute(app, { permission, tags: TAGS, summary: "Download a message's evidence file", params: periodParamsSchema.extend({ messageId: periodParamsSchema.shape.id }), response: { 404: messageSchema } }),
    async (request, reply) => {
      const user = currentUser(request);
      const dispute = await service.dispute_thread(user.referralAgentId, request.params.id);
      const file = dispute?.messages.some((message) => message.id === request.params.messageId) ? await service.evidenceOf(user.referralAgentId, request.params.messageId) : undefined;
      if (!file) throw new NotFoundError();
      return sendStoredFile(app, file, reply);
    },
  );

  app.post(
    URLS.evidence,
    partnerRoute(app, {
      permission,
      tags: TAGS,
      summary: 'Upload an evidence file (PDF, PNG or JPEG, at most 10 MB) to send with a claim, a dispute or a reply',
      description: 'The body is the file itself, `Content-Type: application/octet-stream`; `filename` names it. Encrypted at rest.',
      querystring: z.object({ filename: z.string().max(200).optional() }),
      consumes: [EVIDENCE_CONTENT_TYPE],
      response: { 201: evidenceSchema, 415: messageSchema },
    }),
    async (request, reply) => {
      const upload: unknown = request.body;
      if (!(upload instanceof Readable)) throw ValidationError.field('file', M.notCsv);
      return reply.code(201).send(await service.uploadEvidence(currentUser(request), upload, request.query.filename));
    },
  );
}

export async function commentsOf(db: { query: FastifyInstance['database']['pool']['query'] }, itemId: number) {
  const { rows } = await db.query<{ id: string; author_type: 'partner' | 'operator'; author_name: string | null; body: string; created_at: Date }>(
    `SELECT k.id, k.author_type, CASE WHEN k.author_type = 'partner' THEN u.first_name || ' ' || u.last_name ELSE o.name END AS author_name, k.body, k.created_at
       FROM reconciliation_comments k LEFT JOIN users u ON u.id = k.author_user_id LEFT JOIN operators o ON o.id = k.author_operator_id
      WHERE k.item_id = $1 ORDER BY k.id`,
    [itemId],
  );
  return rows.map((row) => ({ id: Number(row.id), author_type: row.author_type, author_name: row.author_name ?? '', body: row.body, created_at: row.created_at.toISOString() }));
}

/**
 * Reconciliation (issue 35, docs/reconciliation.md): periods per agent × facility × month, the facility's statement
 * imported and matched in SQL, the partner's decisions and disputes, locks, and the period statement.
 */
export default defineModule({
  name: 'reconciliation',
  // The ledger's adjustment lines (app.ledger) and the notifications; bookings and facilities for the demo.
  after: ['commission-ledger', 'notifications', 'bookings'],
  register: fp(
    async (app) => {
      app.storage.defineKind({ name: STATEMENT_KIND, maxBytes: STATEMENT_MAX_BYTES, types: ['text/csv'] });
      app.storage.defineKind({ name: EVIDENCE_KIND, maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES, encrypted: true, uploadedByPeople: true });
      app.storage.defineKind({ name: PERIOD_FILE_KIND, maxBytes: 200 * 1024 * 1024, types: ['text/csv', 'application/pdf'] });
      const service = createReconciliationService({ pool: app.database.pool, storage: app.storage, notifications: app.notifications, ledger: app.ledger });
      app.decorate('reconciliation', service);
      app.jobs.define<Record<string, never>>({
        name: LOCK_DUE_JOB,
        async handle() {
          await service.lockDue(new Date().toISOString().slice(0, 10));
        },
      });
      app.jobs.schedule({ name: LOCK_DUE_JOB, cron: '15 0 * * *', timeZone: 'UTC' });
      await app.register(async (scope) => partnerRoutes(scope, service));
      await app.register(async (scope) => reconciliationConsoleRoutes(scope, service));
    },
    { name: 'reconciliation' },
  ),
  messages: RECONCILIATION_TRANSLATIONS,
});
