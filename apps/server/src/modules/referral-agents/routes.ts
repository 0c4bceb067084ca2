import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  AGENT_LOGO_MAX_BYTES,
  AGENT_LOGO_TYPES,
  AGENT_LOGO_UPLOAD_CONTENT_TYPE,
  agentLogoUploadQuerySchema,
  createReferralGroupRequestSchema,
  REFERRAL_AGENTS_URL,
  REFERRAL_GROUP_OPTIONS_URL,
  referralAgentDetailSchema,
  referralAgentParamsSchema,
  referralAgentRequestSchema,
  referralAgentsEndpoint,
  referralGroupOptionsSchema,
  referralGroupParamsSchema,
  referralGroupRowSchema,
  referralGroupsEndpoint,
  updateReferralGroupRequestSchema,
} from '@portal/contracts/console-referral-agents';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { FileNotFoundError } from '../../lib/storage/storage-driver.ts';
import { uploadBodyParser } from '../../lib/upload-body.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { AGENT_LOGO_KIND, PARTNER_LOGO_PATH, consoleLogoUrl } from './logos.ts';
import { agentRow, findAgentLogoFile, findGroup, groupOptions, listAgents, listGroups, type StoredLogo } from './repository.ts';
import { agentDetailOf, createReferralAgentsService } from './service.ts';

/**
 * The console's Referral agents and Referral groups pages (referral_agents.manage), and the partners' route to their
 * agent's uploaded logo. Reads go to the repository; writes through the service, which audits them.
 */
export async function referralAgentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const service = createReferralAgentsService({ pool, storage: app.storage, log: app.log });

  app.storage.defineKind({ name: AGENT_LOGO_KIND, maxBytes: AGENT_LOGO_MAX_BYTES, types: AGENT_LOGO_TYPES });
  // The logo upload's body is the image itself, streamed to the file store (this module's routes only: encapsulated).
  app.addContentTypeParser(AGENT_LOGO_UPLOAD_CONTENT_TYPE, uploadBodyParser);

  const tags = ['referral-agents'];
  const permission = 'referral_agents.manage' as const;
  const agentResponses = { 200: referralAgentDetailSchema, 404: messageSchema };

  // ---- agents ----

  operatorListRoute(app, {
    endpoint: referralAgentsEndpoint,
    permission,
    tags,
    summary: 'Every referral agent: search by name, filter by group, sort; with its partners and bookings counted',
    list: async (_operator, query) => {
      const { rows, total } = await listAgents(pool, query);
      return { rows: rows.map((record) => agentRow(record, consoleLogoUrl(record))), total };
    },
  });

  app.get(
    `${REFERRAL_AGENTS_URL}/:id`,
    operatorRoute(app, { permission, tags, summary: 'A referral agent: name, group, logo, partners and bookings', params: referralAgentParamsSchema, response: agentResponses }),
    async (request) => agentDetailOf(pool, request.params.id),
  );

  app.post(
    REFERRAL_AGENTS_URL,
    operatorRoute(app, {
      permission,
      tags,
      summary: 'Create a referral agent in a group (its logo is uploaded next, to …/:id/logo)',
      body: referralAgentRequestSchema,
      response: { 201: referralAgentDetailSchema },
    }),
    async (request, reply) => reply.code(201).send(await service.createAgent(request.auditActor, request.body)),
  );

  app.put(
    `${REFERRAL_AGENTS_URL}/:id`,
    operatorRoute(app, {
      permission,
      tags,
      summary: "Rename a referral agent or move it to another group (its partners move with it)",
      params: referralAgentParamsSchema,
      body: referralAgentRequestSchema,
      response: agentResponses,
    }),
    async (request) => service.updateAgent(request.auditActor, request.params.id, request.body),
  );

  // ---- the logo ----

  app.put(
    `${REFERRAL_AGENTS_URL}/:id/logo`,
    operatorRoute(app, {
      permission,
      tags,
      summary: "Upload a referral agent's logo (PNG, JPEG or WebP, at most 512 KB): its partners see it at once",
      description:
        'The body is the image itself, `Content-Type: application/octet-stream`; `filename` names it. Its type is read from its bytes ' +
        '(an HTML file named .png is refused), and it is re-encoded, which drops its metadata. 422 with `errors.logo` when refused.',
      params: referralAgentParamsSchema,
      querystring: agentLogoUploadQuerySchema,
      consumes: [AGENT_LOGO_UPLOAD_CONTENT_TYPE],
      response: { ...agentResponses, 415: messageSchema },
    }),
    async (request) => service.uploadLogo(request.auditActor, request.params.id, request.body, request.query.filename),
  );

  app.delete(
    `${REFERRAL_AGENTS_URL}/:id/logo`,
    operatorRoute(app, {
      permission,
      tags,
      summary: "Remove a referral agent's uploaded logo: its partners see the agent's name instead",
      params: referralAgentParamsSchema,
      response: { ...agentResponses, 409: messageSchema },
    }),
    async (request) => service.removeLogo(request.auditActor, request.params.id),
  );

  const logoQuery = z.object({ v: z.string().max(64).optional() });

  /** Sends a stored logo inline (the file store's headers: its type, nosniff, no caching, a sandboxing CSP). */
  async function sendLogo(file: StoredLogo | null, reply: FastifyReply) {
    if (!file) throw new NotFoundError();
    try {
      const stream = await app.storage.read(file);
      return reply.headers(app.storage.downloadHeaders(file, { disposition: 'inline' })).send(stream as never);
    } catch (error) {
      if (error instanceof FileNotFoundError) throw new NotFoundError();
      throw error;
    }
  }

  app.get(
    `${REFERRAL_AGENTS_URL}/:id/logo`,
    operatorRoute(app, {
      permission,
      tags,
      summary: "A referral agent's uploaded logo (the console's preview)",
      params: referralAgentParamsSchema,
      querystring: logoQuery,
      response: { 404: messageSchema },
    }),
    async (request, reply) => sendLogo(await findAgentLogoFile(pool, request.params.id), reply),
  );

  app.get(
    PARTNER_LOGO_PATH,
    partnerRoute(app, {
      permission: 'portal.use',
      tags: ['session'],
      summary: "The signed-in partner's own referral agent's uploaded logo (what `partner_profile.referral_agent.logo` points to)",
      querystring: logoQuery,
      response: { 404: messageSchema },
    }),
    async (request, reply) => sendLogo(await findAgentLogoFile(pool, currentUser(request).referralAgentId), reply),
  );

  // ---- groups ----

  operatorListRoute(app, {
    endpoint: referralGroupsEndpoint,
    permission,
    tags,
    summary: 'Every referral group: search by name or slug, sort; with its agents and partners counted',
    list: (_operator, query) => listGroups(pool, query),
  });

  app.get(
    REFERRAL_GROUP_OPTIONS_URL,
    operatorRoute(app, { permission, tags, summary: 'Every referral group by name, for choosing one', response: { 200: referralGroupOptionsSchema } }),
    async () => groupOptions(pool),
  );

  const groupResponses = { 200: referralGroupRowSchema, 404: messageSchema };

  app.get(
    `${referralGroupsEndpoint.url}/:id`,
    operatorRoute(app, { permission, tags, summary: 'A referral group', params: referralGroupParamsSchema, response: groupResponses }),
    async (request) => {
      const group = await findGroup(pool, request.params.id);
      if (!group) throw new NotFoundError();
      return group;
    },
  );

  app.post(
    referralGroupsEndpoint.url,
    operatorRoute(app, {
      permission,
      tags,
      summary: 'Create a referral group; its slug is set once and never changes',
      body: createReferralGroupRequestSchema,
      response: { 201: referralGroupRowSchema },
    }),
    async (request, reply) => reply.code(201).send(await service.createGroup(request.auditActor, request.body)),
  );

  app.put(
    `${referralGroupsEndpoint.url}/:id`,
    operatorRoute(app, {
      permission,
      tags,
      summary: 'Rename a referral group (its slug stays)',
      params: referralGroupParamsSchema,
      body: updateReferralGroupRequestSchema,
      response: groupResponses,
    }),
    async (request) => service.renameGroup(request.auditActor, request.params.id, request.body.name),
  );
}
