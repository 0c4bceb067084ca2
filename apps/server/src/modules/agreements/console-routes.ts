import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONSOLE_AGREEMENT_OPTIONS_URL,
  CONSOLE_AGREEMENT_PREVIEW_URL,
  agreementOptionsSchema,
  agreementDraftSchema,
  agreementPreviewRequestSchema,
  agreementPreviewSchema,
  agreementSignaturesSchema,
  consoleAgreementDetailSchema,
  consoleAgreementParamsSchema,
  consoleAgreementsEndpoint,
  signatureParamsSchema,
  type AgreementDraft,
} from '@portal/contracts/console-agreements';
import { messageSchema } from '@portal/contracts/errors';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import { cleanAgreementMarkdown, markdownToSafeHtml } from './agreement-text.ts';
import { findAgreementRow, insertDraft, keyFamily, listAgreements, lockAgreements, publish, signatures, updateDraft } from './console-repository.ts';
import { AGREEMENTS_MESSAGES as M } from './messages.ts';
import { ANNOUNCE_PUBLISHED_AGREEMENT_JOB, type AnnouncePublishedAgreementData } from './publication-notices.ts';
import { findAcceptance, findAgreement } from './repository.ts';

const TAGS = ['agreements'];

/**
 * The console's agreements (issue 15; docs/agreements.md): every template version and individual contract with how
 * many of the agents it applies to signed (terms.read); drafts written, previewed and published (terms.manage), the
 * rate card's schedule snapshotted at publication; who signed and who has not, and each signed PDF. Every change is
 * audited in its transaction; a published mandatory version is announced to the agents it applies to.
 */
export async function agreementsConsoleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const url = consoleAgreementsEndpoint.url;


  async function detail(id: number) {
    const row = await findAgreementRow(pool, id);
    if (!row) throw new NotFoundError();
    const schedule = row.kind === 'individual' ? await app.commissionRates.contractRates(pool, id) : row.rate_schedule;
    return { ...row, body_html: markdownToSafeHtml(row.body_markdown), rate_schedule: schedule as never };
  }

  async function checkAgent(db: Queryable, draft: AgreementDraft): Promise<void> {
    if (draft.referral_agent_id === null) return;
    const { rows } = await db.query('SELECT 1 FROM referral_agents WHERE id = $1', [draft.referral_agent_id]);
    if (rows.length === 0) throw ValidationError.field('referral_agent_id', M.unknownAgent);
  }

  operatorListRoute(app, {
    endpoint: consoleAgreementsEndpoint,
    permission: 'terms.read',
    tags: TAGS,
    summary: 'Agreement templates (every version) and individual contracts, with how many agents signed',
    list: (_operator, query) => listAgreements(pool, query),
  });

  app.post(
    CONSOLE_AGREEMENT_PREVIEW_URL,
    operatorRoute(app, { permission: 'terms.read', tags: TAGS, summary: 'Markdown as partners will read it (sanitised HTML)', body: agreementPreviewRequestSchema, response: { 200: agreementPreviewSchema } }),
    async (request) => ({ html: markdownToSafeHtml(cleanAgreementMarkdown(request.body.body_markdown)) }),
  );

  app.get(
    CONSOLE_AGREEMENT_OPTIONS_URL,
    operatorRoute(app, { permission: 'terms.read', tags: TAGS, summary: 'Whom an agreement can be for: referral agents, referral groups, partner types', response: { 200: agreementOptionsSchema } }),
    async () => {
      const names = async (table: 'referral_agents' | 'referral_groups' | 'partner_types') => (await pool.query<{ id: number; name: string }>(`SELECT id, name FROM ${table} ORDER BY lower(name), id`)).rows;
      const [agents, groups, types] = await Promise.all([names('referral_agents'), names('referral_groups'), names('partner_types')]);
      return { agents, groups, partner_types: types };
    },
  );

  app.get(
    `${url}/:id`,
    operatorRoute(app, { permission: 'terms.read', tags: TAGS, summary: 'One agreement: its text, audience, schedule and signature count', params: consoleAgreementParamsSchema, response: { 200: consoleAgreementDetailSchema, 404: messageSchema } }),
    async (request) => detail(request.params.id),
  );

  app.post(
    url,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: 'A new draft: the next version of its key (a new key starts a family at version 1)',
      body: agreementDraftSchema,
      response: { 201: consoleAgreementDetailSchema },
    }),
    async (request, reply) => {
      const draft = request.body;
      const id = await inTransaction(pool, async (client) => {
        await lockAgreements(client);
        await checkAgent(client, draft);
        const family = await keyFamily(client, draft.key);
        if (family && (family.kind !== draft.kind || family.referral_agent_id !== draft.referral_agent_id)) throw ValidationError.field('key', M.keyTaken);
        const created = await insertDraft(client, draft, (family?.version ?? 0) + 1);
        await recordAudit(client, request.auditActor, { action: 'agreement.drafted', target: { type: 'agreement', id: created }, after: { ...draft, body_markdown: `${draft.body_markdown.length} characters` } });
        return created;
      });
      return reply.code(201).send(await detail(id));
    },
  );

  app.put(
    `${url}/:id`,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: "Change a draft (a published version never changes: publish the next one)",
      params: consoleAgreementParamsSchema,
      body: agreementDraftSchema,
      response: { 200: consoleAgreementDetailSchema, 404: messageSchema },
    }),
    async (request) => {
      const id = request.params.id;
      await inTransaction(pool, async (client) => {
        const before = await findAgreement(client, id, true);
        if (!before) throw new NotFoundError();
        if (before.status !== 'draft') throw ValidationError.field('title', M.onlyDrafts);
        if (before.key !== request.body.key || before.kind !== request.body.kind || before.referral_agent_id !== request.body.referral_agent_id) throw ValidationError.field('key', M.onlyDrafts);
        await updateDraft(client, id, request.body);
        await recordAudit(client, request.auditActor, {
          action: 'agreement.draft_changed',
          target: { type: 'agreement', id },
          before: { title: before.title, mandatory: before.mandatory, effective_at: before.effective_at },
          after: { title: request.body.title, mandatory: request.body.mandatory, effective_on: request.body.effective_on },
        });
      });
      return detail(id);
    },
  );

  app.post(
    `${url}/:id/publish`,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: 'Publish a draft: partners see it; a template snapshots the rate card in force on its effective date',
      params: consoleAgreementParamsSchema,
      response: { 200: consoleAgreementDetailSchema, 404: messageSchema },
    }),
    async (request) => {
      const id = request.params.id;
      await inTransaction(pool, async (client) => {
        const agreement = await findAgreement(client, id, true);
        if (!agreement) throw new NotFoundError();
        if (agreement.status !== 'draft') throw ValidationError.field('status', M.notDraft);
        const schedule = agreement.kind === 'template' ? await app.commissionRates.schedule(client, { on: agreement.effective_at }) : [];
        await publish(client, id, currentOperator(request).id, schedule);
        await recordAudit(client, request.auditActor, { action: 'agreement.published', target: { type: 'agreement', id }, after: { key: agreement.key, version: agreement.version, mandatory: agreement.mandatory } });
        // Every agent it applies to hears of it once it commits; a mandatory one asks its owners to sign.
        await app.jobs.send<AnnouncePublishedAgreementData>(ANNOUNCE_PUBLISHED_AGREEMENT_JOB, { agreementId: id }, { key: `published:${id}`, db: client });
      });
      return detail(id);
    },
  );

  app.get(
    `${url}/:id/signatures`,
    operatorRoute(app, { permission: 'terms.read', tags: TAGS, summary: 'Every agent the agreement applies to: who signed (name, time, IP, hashes) and who has not', params: consoleAgreementParamsSchema, response: { 200: agreementSignaturesSchema, 404: messageSchema } }),
    async (request) => {
      if (!(await findAgreement(pool, request.params.id))) throw new NotFoundError();
      return { signatures: await signatures(pool, request.params.id) };
    },
  );

  app.get(
    `${url}/:id/signatures/:agentId/pdf`,
    operatorRoute(app, { permission: 'terms.read', tags: TAGS, summary: "An agent's signed PDF of the agreement", params: signatureParamsSchema, response: { 404: messageSchema } }),
    async (request, reply) => {
      const acceptance = await findAcceptance(pool, request.params.id, request.params.agentId);
      if (!acceptance?.signed_pdf) throw new NotFoundError(M.notSigned);
      const stream = await app.storage.read(acceptance.signed_pdf);
      return reply.headers(app.storage.downloadHeaders(acceptance.signed_pdf, { disposition: 'attachment' })).send(stream as never);
    },
  );
}
