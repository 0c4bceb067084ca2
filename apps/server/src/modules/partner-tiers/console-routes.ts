import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decimalToMinor } from '@portal/contracts/money';
import { type TierCriterion } from '@portal/contracts/partner-tiers';
import { CONSOLE_TIERS_URL, agentTierParamsSchema, consoleAgentTierRowSchema, consoleAgentTiersEndpoint, consoleTierSchema, consoleTiersSchema, freezeAgentTierRequestSchema, setAgentTierRequestSchema, tierParamsSchema, tierRequestSchema, type TierRequest } from '@portal/contracts/console-partner-tiers';
import { messageSchema } from '@portal/contracts/errors';
import { inTransaction } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import { PARTNER_TIERS_MESSAGES as M } from './messages.ts';
import { findAgentTierRow, insertTier, listAgentTiers, listTiers, tierAgentCounts, updateTier, type TierWrite } from './repository.ts';
import type { TierService } from './service.ts';

const TAGS = ['partner-tiers'];

function tierWrite(request: TierRequest): TierWrite {
  const criteria = request.criteria.map((criterion, index): TierCriterion => {
    if (criterion.kind === 'completed_bookings') return { kind: criterion.kind, threshold_count: criterion.threshold_count, threshold_minor: null, currency: null, certificate_programme: null };
    if (criterion.kind === 'active_certificate') return { kind: criterion.kind, threshold_count: null, threshold_minor: null, currency: null, certificate_programme: criterion.certificate_programme };
    const minor = decimalToMinor(criterion.threshold_amount!, criterion.currency!);
    if (minor === null) throw ValidationError.field(`criteria.${index}.threshold_amount`, 'The value has more decimals than its currency has.');
    return { kind: criterion.kind, threshold_count: null, threshold_minor: minor, currency: criterion.currency, certificate_programme: null };
  });
  return { name: request.name, name_ar: request.name_ar, benefits: request.benefits, benefits_ar: request.benefits_ar, evaluation_period: request.evaluation_period, criteria };
}

/**
 * The console's tiers (issue 15, docs/partner-tiers.md): the tiers and their criteria (terms.read to read,
 * terms.manage to change), each agent's tier, and an operator's hand on it: set a tier or freeze it, with a reason.
 * Every write is audited in its transaction; the agent's members are told.
 */
export async function partnerTiersConsoleRoutes(fastify: FastifyInstance, options: { service: TierService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const { service } = options;


  async function tierRow(id: number) {
    const [tiers, counts] = await Promise.all([listTiers(pool), tierAgentCounts(pool)]);
    const tier = tiers.find((candidate) => candidate.id === id)!;
    return { ...tier, agents: counts.get(id) ?? 0 };
  }

  app.get(
    CONSOLE_TIERS_URL,
    operatorRoute(app, { permission: 'terms.read', tags: TAGS, summary: 'Every tier, lowest first, with its criteria and how many agents hold it', response: { 200: consoleTiersSchema } }),
    async () => {
      const [tiers, counts] = await Promise.all([listTiers(pool), tierAgentCounts(pool)]);
      return { tiers: tiers.map((tier) => ({ ...tier, agents: counts.get(tier.id) ?? 0 })) };
    },
  );

  app.post(
    CONSOLE_TIERS_URL,
    operatorRoute(app, { permission: 'terms.manage', tags: TAGS, summary: 'Add a tier above the others', body: tierRequestSchema, response: { 201: consoleTierSchema } }),
    async (request, reply) => {
      const write = tierWrite(request.body);
      const id = await inTransaction(pool, async (client) => {
        const created = await insertTier(client, write);
        await recordAudit(client, request.auditActor, { action: 'partner_tier.created', target: { type: 'partner_tier', id: created }, after: { ...write } });
        return created;
      });
      return reply.code(201).send(await tierRow(id));
    },
  );

  app.put(
    `${CONSOLE_TIERS_URL}/:id`,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: "Change a tier's names, benefits, period and criteria",
      description: 'The criteria are replaced as given. Agents are measured against them at the next evaluation (nightly).',
      params: tierParamsSchema,
      body: tierRequestSchema,
      response: { 200: consoleTierSchema, 404: messageSchema },
    }),
    async (request) => {
      const id = request.params.id;
      const write = tierWrite(request.body);
      await inTransaction(pool, async (client) => {
        const tiers = await listTiers(client);
        const before = tiers.find((tier) => tier.id === id);
        if (!before) throw new NotFoundError();
        if (before.rank === tiers[0]!.rank && write.criteria.length > 0) throw ValidationError.field('criteria', M.entryTierCriteria);
        await updateTier(client, id, write);
        const { id: _id, slug: _slug, rank: _rank, ...was } = before;
        await recordAudit(client, request.auditActor, { action: 'partner_tier.updated', target: { type: 'partner_tier', id }, before: { ...was }, after: { ...write } });
      });
      return tierRow(id);
    },
  );

  operatorListRoute(app, {
    endpoint: consoleAgentTiersEndpoint,
    permission: 'terms.read',
    tags: TAGS,
    summary: "Each referral agent's tier, frozen or under a demotion notice",
    list: (_operator, query) => listAgentTiers(pool, query),
  });

  const agentUrl = consoleAgentTiersEndpoint.url;

  app.post(
    `${agentUrl}/:id/tier`,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: "Set an agent's tier by hand, with a reason",
      description: 'Any demotion notice is cancelled. The nightly evaluation may move it again unless the tier is frozen.',
      params: agentTierParamsSchema,
      body: setAgentTierRequestSchema,
      response: { 200: consoleAgentTierRowSchema, 404: messageSchema },
    }),
    async (request) => {
      const id = request.params.id;
      if (!(await findAgentTierRow(pool, id))) throw new NotFoundError();
      const tiers = await listTiers(pool);
      if (!tiers.some((tier) => tier.id === request.body.tier_id)) throw ValidationError.field('tier_id', M.unknownTier);
      const operator = currentOperator(request);
      await service.setTier(pool, { referralAgentId: id, tierId: request.body.tier_id, reason: request.body.reason, operatorId: operator.id, now: new Date() }, (client, before) =>
        recordAudit(client, request.auditActor, {
          action: 'agent_tier.set',
          target: { type: 'referral_agent', id },
          before: { tier_id: before?.tier_id ?? null },
          after: { tier_id: request.body.tier_id },
          reason: request.body.reason,
        }),
      );
      return (await findAgentTierRow(pool, id))!;
    },
  );

  app.post(
    `${agentUrl}/:id/freeze`,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: "Freeze an agent's tier (the evaluation leaves it alone) or unfreeze it, with a reason",
      params: agentTierParamsSchema,
      body: freezeAgentTierRequestSchema,
      response: { 200: consoleAgentTierRowSchema, 404: messageSchema },
    }),
    async (request) => {
      const id = request.params.id;
      if (!(await findAgentTierRow(pool, id))) throw new NotFoundError();
      const { frozen, reason } = request.body;
      const outcome = await service.setFrozen(pool, { referralAgentId: id, frozen, reason, operatorId: currentOperator(request).id, now: new Date() }, (client, before) =>
        recordAudit(client, request.auditActor, { action: frozen ? 'agent_tier.frozen' : 'agent_tier.unfrozen', target: { type: 'referral_agent', id }, before: { frozen: before.frozen }, after: { frozen }, reason }),
      );
      if (outcome === 'no-tier') throw ValidationError.field('frozen', M.noTierYet);
      if (outcome === 'unchanged') throw ValidationError.field('frozen', frozen ? M.alreadyFrozen : M.notFrozen);
      return (await findAgentTierRow(pool, id))!;
    },
  );
}
