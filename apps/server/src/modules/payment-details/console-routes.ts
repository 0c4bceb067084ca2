import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consolePaymentDetailsDetailSchema,
  consolePaymentDetailsEndpoint,
  paymentDetailsAgentParamsSchema,
  revealedAccountSchema,
  verifyPaymentDetailsResultSchema,
} from '@portal/contracts/console-payment-details';
import { messageSchema } from '@portal/contracts/errors';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { consoleDetails, findConsolePage, findDetails, findEvents } from './repository.ts';
import type { PaymentDetailsService } from './service.ts';

const TAGS = ['console-payment-details'];

/**
 * The console's payment details (docs/payment-details.md): the list with what waits for verification and where the
 * same account is on two agents (earnings.read); verification and the audited reveal (earnings.manage).
 */
export async function paymentDetailsConsoleRoutes(fastify: FastifyInstance, options: { service: PaymentDetailsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const { service } = options;

  operatorListRoute(app, {
    endpoint: consolePaymentDetailsEndpoint,
    permission: 'earnings.read',
    tags: TAGS,
    summary: "Every agent's payment details: frozen and unverified first, with the agents sharing an account",
    list: (_operator, query) => findConsolePage(pool, query),
  });

  app.get(
    `${consolePaymentDetailsEndpoint.url}/:agent`,
    operatorRoute(app, { permission: 'earnings.read', tags: TAGS, summary: "An agent's payment details and their whole change log", params: paymentDetailsAgentParamsSchema, response: { 200: consolePaymentDetailsDetailSchema } }),
    async (request) => {
      const details = await findDetails(pool, request.params.agent);
      if (!details) throw new NotFoundError();
      const [events, sameAccountAs] = await Promise.all([findEvents(pool, details.referral_agent_id, 200), service.sameAccountAs(pool, details.account_fingerprint, details.referral_agent_id)]);
      return { details: { ...consoleDetails(details), same_account_as: sameAccountAs }, events };
    },
  );

  app.post(
    `${consolePaymentDetailsEndpoint.url}/:agent/verify`,
    operatorRoute(app, {
      permission: 'earnings.manage',
      tags: TAGS,
      summary: 'Verify the payment details, four eyes: the first operator proposes, a different one verifies and payouts may go to them (audited with both; the partner is told)',
      params: paymentDetailsAgentParamsSchema,
      response: { 200: verifyPaymentDetailsResultSchema, 409: messageSchema },
    }),
    async (request) => service.verify(pool, request.auditActor, request.params.agent),
  );

  app.post(
    `${consolePaymentDetailsEndpoint.url}/:agent/verify/withdraw`,
    operatorRoute(app, {
      permission: 'earnings.manage',
      tags: TAGS,
      summary: 'Withdraw a verification awaiting its second operator: the details stay unverified (audited with who proposed and who withdrew)',
      params: paymentDetailsAgentParamsSchema,
      response: { 204: z.null().describe('No content'), 404: messageSchema, 409: messageSchema },
    }),
    async (request, reply) => {
      await service.withdrawVerification(pool, request.auditActor, request.params.agent);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${consolePaymentDetailsEndpoint.url}/:agent/reveal`,
    operatorRoute(app, { permission: 'earnings.manage', tags: TAGS, summary: 'The full account number or IBAN, to check against the bank letter (audited as a reveal)', params: paymentDetailsAgentParamsSchema, response: { 200: revealedAccountSchema } }),
    async (request) => ({ account: await service.reveal(pool, request.auditActor, request.params.agent) }),
  );
}
