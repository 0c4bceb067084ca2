import { Readable } from 'node:stream';
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
  type ReferralAgentDetail,
} from '@portal/contracts/console-referral-agents';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { FileRejectedError, type FileRejection } from '../../lib/storage/file-store.ts';
import { FileNotFoundError } from '../../lib/storage/storage-driver.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { REFERRAL_AGENT_MESSAGES as M } from './messages.ts';
import {
  agentDetail,
  agentNameTaken,
  agentRow,
  findAgent,
  findAgentLogoFile,
  findGroup,
  groupNameTaken,
  groupOptions,
  groupSlugTaken,
  insertAgent,
  insertGroup,
  listAgents,
  listGroups,
  lockNames,
  renameGroup,
  setAgentLogo,
  updateAgent,
  type AgentRecord,
  type StoredLogo,
} from './repository.ts';
import { uploadBodyParser } from '../../lib/upload-body.ts';

/** The file store's kind of an agent's logo (docs/services.md, File storage). */
export const AGENT_LOGO_KIND = 'agent-logo';

/**
 * What partners' pages load as their agent's logo once one is uploaded (`referral_agents.logo`, read by GET
 * /api/user and so by the header and the dashboard): the portal's route that answers the signed-in partner's own
 * agent's file. The version (the stored key's file name) changes with each upload, so no browser keeps the old one.
 */
export const PARTNER_LOGO_PATH = '/api/agent-logo';

function versionOf(file: StoredLogo): string {
  return file.key.slice(file.key.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
}

export function partnerLogoUrl(file: StoredLogo): string {
  return `${PARTNER_LOGO_PATH}?v=${versionOf(file)}`;
}

/** Where the console shows an agent's logo from: its uploaded file, the built-in image it may have, or nothing. */
export function consoleLogoUrl(record: Pick<AgentRecord, 'id' | 'logo' | 'logo_file'>): string | null {
  if (record.logo_file) return `${REFERRAL_AGENTS_URL}/${record.id}/logo?v=${versionOf(record.logo_file)}`;
  return record.logo?.startsWith('/build/logos/') ? record.logo : null;
}

/** What the audit row keeps of a logo: what partners load, and the stored file (never its bytes). */
function logoAudit(record: Pick<AgentRecord, 'logo' | 'logo_file'>) {
  const file = record.logo_file;
  return { logo: record.logo, logo_file: file ? { key: file.key, type: file.contentType, size: file.size, name: file.name } : null };
}

function agentAudit(record: Pick<AgentRecord, 'name' | 'referral_group_id' | 'group_slug'>) {
  return { name: record.name, referral_group_id: record.referral_group_id, referral_group: record.group_slug };
}

const LOGO_REJECTIONS: Record<FileRejection, string> = {
  too_large: M.logoTooLarge,
  type_not_allowed: M.logoTypeNotAllowed,
  empty: M.logoEmpty,
  // A logo kind takes images only: a PDF is refused by its type before its content is read.
  not_a_pdf: M.logoTypeNotAllowed,
  html_inside: M.logoTypeNotAllowed,
  active_content: M.logoTypeNotAllowed,
  encrypted: M.logoTypeNotAllowed,
};

/**
 * The console's Referral agents and Referral groups pages (referral_agents.manage), and the partners' route to their
 * agent's uploaded logo. Every write is one transaction with its audit row; a name another agent (or group) has is
 * a 422 at the name, as is a group that does not exist; an uploaded logo is sniffed and re-encoded by the file store.
 */
export async function referralAgentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;

  app.storage.defineKind({ name: AGENT_LOGO_KIND, maxBytes: AGENT_LOGO_MAX_BYTES, types: AGENT_LOGO_TYPES });
  // The logo upload's body is the image itself, streamed to the file store (this module's routes only: encapsulated).
  app.addContentTypeParser(AGENT_LOGO_UPLOAD_CONTENT_TYPE, uploadBodyParser);

  /** Removes a stored file no row refers to any more; a failure only leaves an orphan, so it is logged, not thrown. */
  async function discard(key: string): Promise<void> {
    await app.storage.delete(key).catch((error: unknown) => app.log.warn({ err: error, key }, 'an agent logo could not be deleted'));
  }

  async function detailOf(db: Queryable, id: number): Promise<ReferralAgentDetail> {
    const record = await findAgent(db, id);
    if (!record) throw new NotFoundError();
    return agentDetail(record, consoleLogoUrl(record));
  }

  /** The group must exist and the name be free (under the names lock, in the write's transaction). */
  async function checkAgent(client: Queryable, body: { name: string; referral_group_id: number }, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    const group = await findGroup(client, body.referral_group_id);
    if (!group) errors.referral_group_id = [M.groupNotFound];
    await lockNames(client, 'agents');
    if (await agentNameTaken(client, body.name, exceptId)) errors.name = [M.agentNameTaken];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return group!;
  }

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
    async (request) => detailOf(pool, request.params.id),
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
    async (request, reply) => {
      const detail = await inTransaction(pool, async (client) => {
        const group = await checkAgent(client, request.body);
        const id = await insertAgent(client, { name: request.body.name, referralGroupId: group.id });
        await recordAudit(client, request.auditActor, {
          action: 'referral_agent.created',
          target: { type: 'referral_agent', id },
          after: { name: request.body.name, referral_group_id: group.id, referral_group: group.slug },
        });
        return detailOf(client, id);
      });
      return reply.code(201).send(detail);
    },
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
    async (request) =>
      inTransaction(pool, async (client) => {
        const before = await findAgent(client, request.params.id, { lock: true });
        if (!before) throw new NotFoundError();
        const group = await checkAgent(client, request.body, before.id);
        await updateAgent(client, before.id, { name: request.body.name, referralGroupId: group.id });
        await recordAudit(client, request.auditActor, {
          action: 'referral_agent.updated',
          target: { type: 'referral_agent', id: before.id },
          before: agentAudit(before),
          after: { name: request.body.name, referral_group_id: group.id, referral_group: group.slug },
        });
        return detailOf(client, before.id);
      }),
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
    async (request) => {
      const id = request.params.id;
      if (!(await findAgent(pool, id))) throw new NotFoundError();
      const upload: unknown = request.body;
      if (upload === undefined || upload === null) throw ValidationError.field('logo', M.logoEmpty);
      if (!(upload instanceof Readable)) throw ValidationError.field('logo', M.logoNotSent);
      let stored: StoredLogo;
      try {
        stored = await app.storage.save(AGENT_LOGO_KIND, upload, request.query.filename ? { filename: request.query.filename } : {});
      } catch (error) {
        if (!(error instanceof FileRejectedError)) throw error;
        const message = error.reason === 'type_not_allowed' && /could not be read/.test(error.message) ? M.logoUnreadable : LOGO_REJECTIONS[error.reason];
        throw ValidationError.field('logo', message);
      }
      try {
        const { detail, previous } = await inTransaction(pool, async (client) => {
          const before = await findAgent(client, id, { lock: true });
          if (!before) throw new NotFoundError();
          const logo = partnerLogoUrl(stored);
          await setAgentLogo(client, id, logo, stored);
          await recordAudit(client, request.auditActor, {
            action: 'referral_agent.logo_uploaded',
            target: { type: 'referral_agent', id },
            before: logoAudit(before),
            after: logoAudit({ logo, logo_file: stored }),
          });
          return { detail: await detailOf(client, id), previous: before.logo_file };
        });
        if (previous) await discard(previous.key);
        return detail;
      } catch (error) {
        await discard(stored.key);
        throw error;
      }
    },
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
    async (request) => {
      const { detail, removed } = await inTransaction(pool, async (client) => {
        const before = await findAgent(client, request.params.id, { lock: true });
        if (!before) throw new NotFoundError();
        if (!before.logo_file) throw new ConflictError(M.noLogo);
        await setAgentLogo(client, before.id, null, null);
        await recordAudit(client, request.auditActor, {
          action: 'referral_agent.logo_removed',
          target: { type: 'referral_agent', id: before.id },
          before: logoAudit(before),
          after: { logo: null, logo_file: null },
        });
        return { detail: await detailOf(client, before.id), removed: before.logo_file };
      });
      await discard(removed.key);
      return detail;
    },
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
    async (request, reply) => {
      const group = await inTransaction(pool, async (client) => {
        await lockNames(client, 'groups');
        const errors: Record<string, string[]> = {};
        if (await groupSlugTaken(client, request.body.slug)) errors.slug = [M.groupSlugTaken];
        if (await groupNameTaken(client, request.body.name)) errors.name = [M.groupNameTaken];
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        const id = await insertGroup(client, request.body);
        await recordAudit(client, request.auditActor, {
          action: 'referral_group.created',
          target: { type: 'referral_group', id },
          after: { slug: request.body.slug, name: request.body.name },
        });
        return (await findGroup(client, id))!;
      });
      return reply.code(201).send(group);
    },
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
    async (request) =>
      inTransaction(pool, async (client) => {
        const before = await findGroup(client, request.params.id, { lock: true });
        if (!before) throw new NotFoundError();
        await lockNames(client, 'groups');
        if (await groupNameTaken(client, request.body.name, before.id)) throw ValidationError.field('name', M.groupNameTaken);
        await renameGroup(client, before.id, request.body.name);
        await recordAudit(client, request.auditActor, {
          action: 'referral_group.updated',
          target: { type: 'referral_group', id: before.id },
          before: { name: before.name },
          after: { name: request.body.name },
        });
        return (await findGroup(client, before.id))!;
      }),
  );
}
