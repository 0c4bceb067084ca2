import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTENT_SHA256_HEADER } from '@portal/contracts/earnings';
import { messageSchema } from '@portal/contracts/errors';
import {
  financeReportFileParamsSchema,
  FINANCE_REPORT_OPTIONS_URL,
  financeReportOptionsSchema,
  financeReportsEndpoint,
  requestFinanceReportResultSchema,
  requestFinanceReportSchema,
} from '@portal/contracts/finance-reports';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { FinanceReports } from './finance-reports.ts';
import { reportOptions } from './repository.ts';

const TAGS = ['finance-reports'];

/** `/finance-reports` (docs/earnings.md): the agent's statements, asking for one, and their stored files (payouts.read). */
export async function financeReportRoutes(fastify: FastifyInstance, options: { reports: FinanceReports }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const { reports } = options;

  listRoute(app, {
    endpoint: financeReportsEndpoint,
    permission: 'payouts.read',
    tags: TAGS,
    summary: "The agent's finance reports, newest period first, every version",
    list: (user, query) => reports.list(pool, user.referralAgentId, query),
  });

  app.get(
    FINANCE_REPORT_OPTIONS_URL,
    partnerRoute(app, { permission: 'payouts.read', tags: TAGS, summary: 'The currencies the agent has commissions in, and its first month', response: { 200: financeReportOptionsSchema } }),
    async (request) => {
      return reportOptions(pool, currentUser(request).referralAgentId);
    },
  );

  app.post(
    financeReportsEndpoint.url,
    partnerRoute(app, { permission: 'payouts.read', tags: TAGS, summary: 'Ask for a report (the next version when one exists): written by a job, the member told when ready', body: requestFinanceReportSchema, response: { 202: requestFinanceReportResultSchema } }),
    async (request, reply) => {
      const user = currentUser(request);
      const report = await reports.request(pool, { id: user.id, referralAgentId: user.referralAgentId }, request.body);
      return reply.code(202).send({ report });
    },
  );

  app.get(
    `${financeReportsEndpoint.url}/:id/:format`,
    partnerRoute(app, { permission: 'payouts.read', tags: TAGS, summary: "A written report's PDF or xlsx, the same bytes every time (its SHA-256 in X-Content-SHA256)", params: financeReportFileParamsSchema, response: { 404: messageSchema } }),
    async (request, reply) => {
      const report = await reports.find(pool, currentUser(request).referralAgentId, request.params.id);
      const file = request.params.format === 'pdf' ? report?.pdfFile : report?.xlsxFile;
      const sha = request.params.format === 'pdf' ? report?.pdf_sha256 : report?.xlsx_sha256;
      if (!report || report.status !== 'ready' || !file || !sha) throw new NotFoundError();
      const stream = await app.storage.read(file);
      return reply.headers({ ...app.storage.downloadHeaders(file, { disposition: 'attachment' }), [CONTENT_SHA256_HEADER]: sha }).send(stream as never);
    },
  );
}
