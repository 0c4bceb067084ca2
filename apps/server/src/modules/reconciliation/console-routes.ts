import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  CONSOLE_RECONCILIATION_URLS as URLS,
  FACILITY_API_URL,
  STATEMENT_CONTENT_TYPE,
  accountNumberRequestSchema,
  apiTokensSchema,
  consoleDisputeEndpoint,
  consolePeriodEndpoint,
  consolePeriodParamsSchema,
  consolePeriodRowSchema,
  createTokenRequestSchema,
  createdTokenSchema,
  facilityApiQuerySchema,
  openPeriodRequestSchema,
  operatorReplySchema,
  reconciliationPermission,
  resolveDisputeSchema,
  statementImportQuerySchema,
  statementImportResultSchema,
  tokenParamsSchema,
  tokenQuerySchema,
} from '@portal/contracts/console-reconciliation';
import { disputeSchema, itemListEndpoint } from '@portal/contracts/reconciliation';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { inTransaction, queryPage } from '../../db/queryable.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import { RECONCILIATION_MESSAGES as M } from './messages.ts';
import { findConsolePeriodsPage, findItemsPage, findPeriod } from './repository.ts';
import type { ReconciliationService } from './service.ts';
import { uploadBodyParser } from '../../lib/upload-body.ts';

const TAGS = ['reconciliation'];
const permission = reconciliationPermission;
const TOKEN_PREFIX = 'rcn_';

function uploadOf(request: FastifyRequest): Readable {
  const upload: unknown = request.body;
  if (!(upload instanceof Readable)) throw ValidationError.field('file', M.notCsv);
  return upload;
}

/**
 * The console's Reconciliation (reconciliation.manage: admin and finance): periods, the statement import (preview, then
 * confirm), the items, the disputes queue and its thread, account numbers and the facilities' API tokens; and the
 * facilities' own import endpoint, authorised by a token instead of a session.
 */
export async function reconciliationConsoleRoutes(fastify: FastifyInstance, service: ReconciliationService): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  app.addContentTypeParser(STATEMENT_CONTENT_TYPE, uploadBodyParser);

  operatorListRoute(app, {
    endpoint: consolePeriodEndpoint,
    permission,
    tags: TAGS,
    summary: "Every agent's periods, newest month first",
    list: (_operator, query) => findConsolePeriodsPage(pool, query),
  });

  app.post(
    URLS.periods,
    operatorRoute(app, { permission, tags: TAGS, summary: 'Open a month for an agent at a facility (audited)', body: openPeriodRequestSchema, response: { 201: consolePeriodRowSchema } }),
    async (request, reply) => {
      const id = await service.openPeriod(request.auditActor, request.body);
      return reply.code(201).send((await findPeriod(pool, null, id))!);
    },
  );

  app.get(
    `${URLS.periods}/:id`,
    operatorRoute(app, { permission, tags: TAGS, summary: 'One period', params: consolePeriodParamsSchema, response: { 200: consolePeriodRowSchema, 404: messageSchema } }),
    async (request) => {
      const period = await findPeriod(pool, null, request.params.id);
      if (!period) throw new NotFoundError();
      return period;
    },
  );

  app.post(
    URLS.statement,
    operatorRoute(app, {
      permission,
      tags: TAGS,
      summary: "Import the facility's statement: a preview (mapping, first rows, every failing row), or with confirm=true the lines, matched",
      description:
        'The body is the CSV itself, `Content-Type: application/octet-stream`. `mapping` is JSON naming the column of each field; without it the ' +
        "facility's last mapping, else one guessed from the header. Nothing is written unless confirm=true and every row passes.",
      params: consolePeriodParamsSchema,
      querystring: statementImportQuerySchema,
      consumes: [STATEMENT_CONTENT_TYPE],
      response: { 200: statementImportResultSchema, 404: messageSchema, 409: messageSchema, 415: messageSchema },
    }),
    async (request) =>
      service.importStatement(request.auditActor, request.params.id, uploadOf(request), { mapping: request.query.mapping, confirm: request.query.confirm === 'true', filename: request.query.filename, source: 'operator' }),
  );

  app.post(
    URLS.lock,
    operatorRoute(app, { permission, tags: TAGS, summary: 'Lock an agreed period now: writes its statement (CSV and PDF, SHA-256)', params: consolePeriodParamsSchema, response: { 200: consolePeriodRowSchema, 404: messageSchema, 409: messageSchema } }),
    async (request) => {
      await service.lock(request.auditActor, request.params.id, { requireAgreed: true });
      return (await findPeriod(pool, null, request.params.id))!;
    },
  );

  operatorListRoute(app, {
    endpoint: { ...itemListEndpoint, url: URLS.items },
    permission,
    tags: TAGS,
    summary: "A period's lines (?period=), without patient names",
    list: (_operator, query) => findItemsPage(pool, null, query, false),
  });

  operatorListRoute(app, {
    endpoint: consoleDisputeEndpoint,
    permission,
    tags: TAGS,
    summary: 'The disputes queue, soonest due first',
    list: async (_operator, query) => {
      const values: unknown[] = [];
      let where = 'true';
      if (query.status !== undefined) {
        values.push(query.status);
        where = `d.status = $1`;
      }
      const { rows, total } = await queryPage<{ id: string; period_id: string; agent: string; facility: string; month: string; reason_code: z.infer<typeof disputeSchema>['reason_code']; status: z.infer<typeof disputeSchema>['status']; due_on: string; created_at: Date }>(pool, {
        select: `d.id, d.period_id, a.name AS agent, f.name AS facility, to_char(p.month, 'YYYY-MM') AS month, d.reason_code, d.status, d.due_on::text AS due_on, d.created_at`,
        from: 'reconciliation_disputes d JOIN reconciliation_periods p ON p.id = d.period_id JOIN referral_agents a ON a.id = d.referral_agent_id JOIN facilities f ON f.id = p.facility_id',
        where,
        values,
        orderBy: query.sort === '-due_on' ? '(d.resolved_at IS NULL) DESC, d.due_on DESC, d.id DESC' : '(d.resolved_at IS NULL) DESC, d.due_on ASC, d.id ASC',
        page: query.page,
        perPage: query.per_page,
      });
      return { rows: rows.map((row) => ({ ...row, id: Number(row.id), period_id: Number(row.period_id), created_at: row.created_at.toISOString() })), total };
    },
  });

  app.get(
    URLS.dispute,
    operatorRoute(app, { permission, tags: TAGS, summary: 'A dispute with its thread', params: consolePeriodParamsSchema, response: { 200: disputeSchema, 404: messageSchema } }),
    async (request) => {
      const dispute = await service.dispute_thread(null, request.params.id);
      if (!dispute) throw new NotFoundError();
      return dispute;
    },
  );

  app.post(
    URLS.disputeReply,
    operatorRoute(app, { permission, tags: TAGS, summary: 'Reply on a dispute: it then awaits the partner (audited; the partner is told)', params: consolePeriodParamsSchema, body: operatorReplySchema, response: { 201: disputeSchema, 404: messageSchema, 409: messageSchema } }),
    async (request, reply) => {
      await service.operatorReply({ ...request.auditActor, operatorId: currentOperator(request).id }, request.params.id, request.body.message);
      return reply.code(201).send((await service.dispute_thread(null, request.params.id))!);
    },
  );

  app.post(
    URLS.resolve,
    operatorRoute(app, { permission, tags: TAGS, summary: 'Resolve a dispute; an adjustment is written through the ledger as an adjustment line (audited)', params: consolePeriodParamsSchema, body: resolveDisputeSchema, response: { 200: disputeSchema, 404: messageSchema, 409: messageSchema } }),
    async (request) => {
      await service.resolve(request.auditActor, request.params.id, request.body);
      return (await service.dispute_thread(null, request.params.id))!;
    },
  );

  app.put(
    URLS.accounts,
    operatorRoute(app, { permission, tags: TAGS, summary: "Set the agent's account number at a facility (audited)", body: accountNumberRequestSchema, response: { 204: z.null() } }),
    async (request, reply) => {
      const { referral_agent_id: agentId, facility_id: facilityId, account_number: accountNumber } = request.body;
      await inTransaction(pool, async (client) => {
        const before = await client.query<{ account_number: string }>('SELECT account_number FROM reconciliation_accounts WHERE referral_agent_id = $1 AND facility_id = $2 FOR UPDATE', [agentId, facilityId]);
        const written = await client.query(
          `INSERT INTO reconciliation_accounts (referral_agent_id, facility_id, account_number)
           SELECT a.id, f.id, $3 FROM referral_agents a, facilities f WHERE a.id = $1 AND f.id = $2
           ON CONFLICT (referral_agent_id, facility_id) DO UPDATE SET account_number = excluded.account_number, updated_at = now()`,
          [agentId, facilityId, accountNumber],
        );
        if (!written.rowCount) throw ValidationError.field('facility_id', M.noAgentFacility);
        await recordAudit(client, request.auditActor, { action: 'reconciliation.account_number_set', target: { type: 'referral_agent', id: agentId }, before: { account_number: before.rows[0]?.account_number ?? null }, after: { facility_id: facilityId, account_number: accountNumber } });
      });
      return reply.code(204).send(null);
    },
  );

  const TOKEN_SELECT = `id::int AS id, facility_id, name, prefix, created_at, last_used_at, revoked_at`;
  const tokenRow = (row: { id: number; facility_id: number; name: string; prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  });

  app.get(
    URLS.tokens,
    operatorRoute(app, { permission, tags: TAGS, summary: "A facility's API tokens (never the token itself)", querystring: tokenQuerySchema, response: { 200: apiTokensSchema } }),
    async (request) => {
      const { rows } = await pool.query(`SELECT ${TOKEN_SELECT} FROM reconciliation_api_tokens WHERE facility_id = $1 ORDER BY id DESC`, [request.query.facility]);
      return rows.map(tokenRow);
    },
  );

  app.post(
    URLS.tokens,
    operatorRoute(app, { permission, tags: TAGS, summary: 'Create an API token for a facility: shown in this answer only, kept hashed (audited)', body: createTokenRequestSchema, response: { 201: createdTokenSchema } }),
    async (request, reply) => {
      const token = `${TOKEN_PREFIX}${randomToken(24)}`;
      const created = await inTransaction(pool, async (client) => {
        const { rows } = await client.query(
          `INSERT INTO reconciliation_api_tokens (facility_id, name, token_sha256, prefix, created_by_operator_id)
           SELECT f.id, $2, $3, $4, $5 FROM facilities f WHERE f.id = $1 RETURNING ${TOKEN_SELECT}`,
          [request.body.facility_id, request.body.name, sha256(token), token.slice(0, TOKEN_PREFIX.length + 6), currentOperator(request).id],
        );
        if (!rows[0]) throw ValidationError.field('facility_id', M.noAgentFacility);
        await recordAudit(client, request.auditActor, { action: 'reconciliation.token_created', target: { type: 'reconciliation_api_token', id: rows[0].id }, after: { facility_id: request.body.facility_id, name: request.body.name, prefix: rows[0].prefix } });
        return rows[0];
      });
      return reply.code(201).send({ ...tokenRow(created), token });
    },
  );

  app.post(
    URLS.revokeToken,
    operatorRoute(app, { permission, tags: TAGS, summary: 'Revoke an API token (audited)', params: tokenParamsSchema, response: { 204: z.null(), 404: messageSchema } }),
    async (request, reply) => {
      await inTransaction(pool, async (client) => {
        const { rowCount } = await client.query('UPDATE reconciliation_api_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1', [request.params.id]);
        if (!rowCount) throw new NotFoundError();
        await recordAudit(client, request.auditActor, { action: 'reconciliation.token_revoked', target: { type: 'reconciliation_api_token', id: request.params.id } });
      });
      return reply.code(204).send(null);
    },
  );

  // The facility's own system: a bearer token instead of a session (so no CSRF), the agent by its account number.
  app.post(
    FACILITY_API_URL,
    {
      config: { csrf: false },
      schema: {
        tags: TAGS,
        summary: "A facility's system imports its statement for an agent's month: preview, or confirm=true (Authorization: Bearer <token>)",
        querystring: facilityApiQuerySchema,
        consumes: [STATEMENT_CONTENT_TYPE],
        response: { 200: statementImportResultSchema, 401: messageSchema, 404: messageSchema, 409: messageSchema, 422: z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) }) },
      },
    },
    async (request) => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const { rows } = await pool.query<{ id: string; facility_id: number }>(
        `UPDATE reconciliation_api_tokens SET last_used_at = now() WHERE token_sha256 = $1 AND revoked_at IS NULL RETURNING id, facility_id`,
        [sha256(token)],
      );
      const found = rows[0];
      if (!token || !found) throw new AppError(401, M.tokenInvalid, 'token_invalid');
      const period = await pool.query<{ id: string }>(
        `SELECT p.id FROM reconciliation_periods p JOIN reconciliation_accounts ac ON ac.referral_agent_id = p.referral_agent_id AND ac.facility_id = p.facility_id
          WHERE p.facility_id = $1 AND ac.account_number = $2 AND p.month = $3::date`,
        [found.facility_id, request.query.account, `${request.query.month}-01`],
      );
      if (!period.rows[0]) throw new NotFoundError(M.periodMissing);
      return service.importStatement({ type: 'system', id: `facility-token:${found.id}` }, Number(period.rows[0].id), uploadOf(request), {
        mapping: request.query.mapping,
        confirm: request.query.confirm === 'true',
        filename: request.query.filename,
        source: 'facility_api',
      });
    },
  );
}
