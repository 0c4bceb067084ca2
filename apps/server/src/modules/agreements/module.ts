import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AGREEMENTS_URL,
  INDIVIDUAL_CONTRACT_URL,
  agreementDetailSchema,
  agreementListSchema,
  agreementParamsSchema,
  individualContractSchema,
  signAgreementRequestSchema,
} from '@portal/contracts/agreements';
import { messageSchema } from '@portal/contracts/errors';
import { defineModule } from '../../kit/portal-module.ts';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { agreementsConsoleRoutes } from './console-routes.ts';
import { seedDemoAgreements } from './demo-seed.ts';
import { AGREEMENTS_MESSAGES as M, AGREEMENTS_TRANSLATIONS } from './messages.ts';
import type { Agreements } from './public.ts';
import { ANNOUNCE_PUBLISHED_AGREEMENT_JOB, announcePublishedAgreement, type AnnouncePublishedAgreementData } from './publication-notices.ts';
import { findAcceptance, signedAgreementInForce } from './repository.ts';
import { SIGNED_AGREEMENT_KIND, createAgreementsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether an agent has a mandatory agreement to sign (public.ts). */
    agreements: Agreements;
  }
}

const TAGS = ['agreements'];

/**
 * Agreements and contracts (issue 15, docs/agreements.md): the agent's agreements with their state, one to read and
 * sign (owners), the signed PDF, the individual contract; and the console's templates, versions and signatures.
 */
export default defineModule({
  name: 'agreements',
  // The demo's individual contract has negotiated rows in the rate card; publishing snapshots the card.
  // Its action (an agreement to sign) is on the dashboard.
  after: ['commission-rates', 'notifications', 'dashboard'],
  register: fp(
    async (app) => {
      const pool = app.database.pool;
      app.storage.defineKind({ name: SIGNED_AGREEMENT_KIND, maxBytes: 20 * 1024 * 1024, types: ['application/pdf'] });
      const service = createAgreementsService({ storage: app.storage, rates: app.commissionRates });
      app.decorate('agreements', {
        pendingMandatory: (db, referralAgentId, now) => service.pendingMandatory(db, referralAgentId, now),
        inForce: (db, referralAgentId, at) => signedAgreementInForce(db, referralAgentId, at),
      } satisfies Agreements);
      app.dashboard.action({
        name: 'agreements',
        permission: 'agreements.sign',
        actions: async (user) => {
          const { agreements, pending_mandatory: mandatory } = await service.list(pool, user.referralAgentId, new Date());
          const waiting = agreements.filter((agreement) => agreement.status === 'action_needed');
          if (waiting.length === 0) return [];
          const onlyIndividual = waiting.every((agreement) => agreement.kind === 'individual');
          return [
            {
              kind: 'agreement_to_sign',
              count: waiting.length,
              link: onlyIndividual ? '/individual-contract' : '/agreements',
              since: waiting.map((agreement) => agreement.effective_at.slice(0, 10)).sort().at(-1) ?? null,
              // A mandatory one holds the agent's new commissions until it is signed (docs/earnings.md).
              severity: mandatory ? 'high' : 'normal',
            },
          ];
        },
      });
      const routes = app.withTypeProvider<ZodTypeProvider>();

      routes.get(
        AGREEMENTS_URL,
        partnerRoute(app, { permission: 'terms.read', tags: TAGS, summary: "The agent's agreements and contracts with their state, and whether a mandatory one awaits a signature", response: { 200: agreementListSchema } }),
        async (request) => service.list(pool, currentUser(request).referralAgentId, new Date()),
      );

      routes.get(
        `${AGREEMENTS_URL}/:id`,
        partnerRoute(app, { permission: 'terms.read', tags: TAGS, summary: 'One agreement as the signer reads it: the text, its SHA-256, the rendered body and the rates attached', params: agreementParamsSchema, response: { 200: agreementDetailSchema, 404: messageSchema } }),
        async (request) => {
          const detail = await service.detail(pool, currentUser(request).referralAgentId, request.params.id, new Date());
          if (!detail) throw new NotFoundError();
          return detail;
        },
      );

      routes.post(
        `${AGREEMENTS_URL}/:id/sign`,
        partnerRoute(app, {
          permission: 'agreements.sign',
          tags: TAGS,
          summary: "Sign an agreement for the agent (owners): the typed full name, the consent, and the SHA-256 of the text read",
          description: '409 when it is not awaiting a signature, or when its text changed since it was read (the hash differs).',
          params: agreementParamsSchema,
          body: signAgreementRequestSchema,
          response: { 201: agreementDetailSchema, 404: messageSchema, 409: messageSchema },
        }),
        async (request, reply) => {
          const user = currentUser(request);
          const signed = await service.sign(
            pool,
            { userId: user.id, email: user.email, referralAgentId: user.referralAgentId, role: user.role, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) },
            request.params.id,
            request.body,
            new Date(),
          );
          return reply.code(201).send(signed);
        },
      );

      routes.get(
        `${AGREEMENTS_URL}/:id/signed-pdf`,
        partnerRoute(app, { permission: 'terms.read', tags: TAGS, summary: 'The signed agreement as a PDF, with its certificate page (404 when not signed)', params: agreementParamsSchema, response: { 404: messageSchema } }),
        async (request, reply) => {
          const acceptance = await findAcceptance(pool, request.params.id, currentUser(request).referralAgentId);
          if (!acceptance?.signed_pdf) throw new NotFoundError(M.notSigned);
          const stream = await app.storage.read(acceptance.signed_pdf);
          return reply.headers(app.storage.downloadHeaders(acceptance.signed_pdf, { disposition: 'attachment' })).send(stream as never);
        },
      );

      routes.get(
        INDIVIDUAL_CONTRACT_URL,
        partnerRoute(app, { permission: 'terms.read', tags: TAGS, summary: "The agent's individual contract (its negotiated rates, dates and acceptance), or null", response: { 200: individualContractSchema } }),
        async (request) => ({ contract: await service.individualContract(pool, currentUser(request).referralAgentId, new Date()) }),
      );

      app.jobs.define<AnnouncePublishedAgreementData>({
        name: ANNOUNCE_PUBLISHED_AGREEMENT_JOB,
        handle: async (data) => {
          await announcePublishedAgreement(pool, app.notifications, data.agreementId);
        },
        describe: (data) => ({ agreement_id: data.agreementId }),
      });
      await app.register(agreementsConsoleRoutes);
    },
    { name: 'agreements-module' },
  ),
  messages: AGREEMENTS_TRANSLATIONS,
  seedDemo: seedDemoAgreements,
});
