import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  freezePaymentDetailsRequestSchema,
  freezePaymentDetailsResultSchema,
  PAYMENT_DETAILS_FREEZE_URL,
  PAYMENT_DETAILS_URL,
  paymentDetailsRequestSchema,
  paymentDetailsResponseSchema,
} from '@portal/contracts/payment-details';
import { defineModule } from '../../kit/portal-module.ts';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { requestOrigin } from '../../lib/audit/audit-log.ts';
import { UnauthenticatedError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { requireRecentReauthentication } from '../account-security/public.ts';
import { paymentDetailsConsoleRoutes } from './console-routes.ts';
import { seedDemoPaymentDetails } from './demo-seed.ts';
import { PAYMENT_DETAILS_TRANSLATIONS } from './messages.ts';
import { createPaymentDetailsService } from './service.ts';

const TAGS = ['payment-details'];
/** The partner's page of the details (the web's PAYMENT_DETAILS_PATH). */
const PAYMENT_DETAILS_PAGE = '/payment-details';

/**
 * Payment details (issue 16, docs/payment-details.md): `/payment-details` and `/edit-payment-details` for owners and
 * finance, the owners' freeze link, and the console's verification. Rules live in service.ts.
 */
export default defineModule({
  name: 'payment-details',
  // Missing, unverified or frozen details are an action on the dashboard.
  after: ['notifications', 'dashboard'],
  messages: PAYMENT_DETAILS_TRANSLATIONS,
  seedDemo: (pool, services) => seedDemoPaymentDetails(pool, services),
  async register(fastify) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const pool = app.database.pool;
    const service = createPaymentDetailsService({ appKey: app.config.appKey, appUrl: app.config.appUrl, mailer: app.mailer, notifications: app.notifications });

    // Payouts are held while the details are missing, unverified or frozen (docs/payment-details.md): say so first.
    app.dashboard.action({
      name: 'payment-details',
      permission: 'payment_details.manage',
      actions: async (user) => {
        const { rows } = await pool.query<{ status: 'unverified' | 'verified' | 'frozen'; since: string }>(
          `SELECT status, (coalesce(frozen_at, updated_at) AT TIME ZONE 'UTC')::date::text AS since FROM payment_details WHERE referral_agent_id = $1`,
          [user.referralAgentId],
        );
        const details = rows[0];
        if (!details) return [{ kind: 'payment_details_missing', count: 1, link: PAYMENT_DETAILS_PAGE, since: null, severity: 'high' }];
        if (details.status === 'frozen') return [{ kind: 'payment_details_frozen', count: 1, link: PAYMENT_DETAILS_PAGE, since: details.since, severity: 'high' }];
        if (details.status === 'unverified') return [{ kind: 'payment_details_unverified', count: 1, link: PAYMENT_DETAILS_PAGE, since: details.since, severity: 'normal' }];
        return [];
      },
    });

    app.get(
      PAYMENT_DETAILS_URL,
      partnerRoute(app, { permission: 'payment_details.manage', tags: TAGS, summary: "The agent's payment details (the account masked to its last four) and their latest changes", response: { 200: paymentDetailsResponseSchema } }),
      async (request) => service.view(pool, currentUser(request).referralAgentId),
    );

    app.put(
      PAYMENT_DETAILS_URL,
      partnerRoute(app, {
        permission: 'payment_details.manage',
        tags: TAGS,
        summary: 'Change the payment details',
        description:
          'Needs a re-authentication of this session within the last 5 minutes (POST /api/account-security/reauthenticate), else 403 with code reauthentication_required. The details are unverified until an operator verifies them; the owners are e-mailed a freeze link.',
        body: paymentDetailsRequestSchema,
        response: { 200: paymentDetailsResponseSchema },
      }),
      async (request) => {
        const user = currentUser(request);
        if (!request.session) throw new UnauthenticatedError();
        await requireRecentReauthentication(pool, request.session.id);
        const origin = requestOrigin(request);
        await service.save(pool, { userId: user.id, name: `${user.firstName} ${user.lastName}`, referralAgentId: user.referralAgentId, ip: origin.ip, userAgent: origin.userAgent }, request.body);
        return service.view(pool, user.referralAgentId);
      },
    );

    // Public: the e-mailed token is the proof (the owner may not be signed in on the device that opens the e-mail).
    app.post(
      PAYMENT_DETAILS_FREEZE_URL,
      {
        schema: {
          tags: TAGS,
          summary: "An owner's \"I didn't do this\": freeze the payment details (the e-mailed link's token, once, for 30 days)",
          body: freezePaymentDetailsRequestSchema,
          response: { 200: freezePaymentDetailsResultSchema, 404: messageSchema },
        },
      },
      async (request) => {
        const origin = requestOrigin(request);
        return service.freeze(pool, request.body.token, origin);
      },
    );

    await app.register(paymentDetailsConsoleRoutes, { service });
  },
});
