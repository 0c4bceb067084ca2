import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONSOLE_TAX_PROFILE_URL,
  consoleTaxProfileParamsSchema,
  reverseChargeApplies,
  TAX_PROFILE_URL,
  taxProfileRequestSchema,
  taxProfileResponseSchema,
  type TaxProfile,
  type TaxProfileResponse,
} from '@portal/contracts/tax-profile';
import { inTransaction } from '../../db/queryable.ts';
import { defineModule } from '../../kit/portal-module.ts';
import { operatorRoute } from '../../kit/operator-routes.ts';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { seedDemoTaxProfiles } from './demo-seed.ts';
import { findTaxProfile, writeTaxProfile } from './repository.ts';

const TAGS = ['tax-profile'];

/** The profile's fields as the audit row keeps them (who and when are the row's own). */
function audited(profile: TaxProfile | null) {
  if (!profile) return null;
  const { updated_at: _at, updated_by: _by, ...fields } = profile;
  return fields;
}

/**
 * The partner's tax profile (issue 31, docs/payment-details.md "Tax details"): `/tax-details` for owners and finance
 * (`tax_profile.manage`), read and changed whole, each change audited (`tax_profile.changed`, before and after); the
 * console's read for operators with earnings.read. The self-billing statement prints it (payouts/payouts.ts).
 */
export default defineModule({
  name: 'tax-profile',
  after: ['referral-agents'],
  seedDemo: (pool) => seedDemoTaxProfiles(pool),
  async register(fastify) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const pool = app.database.pool;
    const issuerCountry = app.config.issuer.country;
    const answer = (profile: TaxProfile | null): TaxProfileResponse => ({ profile, issuer_country: issuerCountry, reverse_charge: reverseChargeApplies(profile, issuerCountry) });

    app.get(
      TAX_PROFILE_URL,
      partnerRoute(app, { permission: 'tax_profile.manage', tags: TAGS, summary: "The agent's tax profile as its statements print it (null until entered), and whether they carry the reverse-charge note", response: { 200: taxProfileResponseSchema } }),
      async (request) => answer(await findTaxProfile(pool, currentUser(request).referralAgentId)),
    );

    app.put(
      TAX_PROFILE_URL,
      partnerRoute(app, {
        permission: 'tax_profile.manage',
        tags: TAGS,
        summary: 'Replace the tax profile (audited)',
        description: 'Statements already written keep the profile of their day; the next ones print this one. 422 with field messages for a bad VAT number, a VAT number without VAT registration, or a country that is not ISO 3166 alpha-2.',
        body: taxProfileRequestSchema,
        response: { 200: taxProfileResponseSchema },
      }),
      async (request) => {
        const user = currentUser(request);
        const saved = await inTransaction(pool, async (client) => {
          const before = await findTaxProfile(client, user.referralAgentId, { forUpdate: true });
          await writeTaxProfile(client, user.referralAgentId, request.body, user.id);
          const after = await findTaxProfile(client, user.referralAgentId);
          await recordAudit(client, request.auditActor, {
            action: 'tax_profile.changed',
            target: { type: 'referral_agent', id: user.referralAgentId },
            before: audited(before),
            after: audited(after),
          });
          return after;
        });
        return answer(saved);
      },
    );

    app.get(
      CONSOLE_TAX_PROFILE_URL,
      operatorRoute(app, { permission: 'earnings.read', tags: ['console-tax-profile'], summary: "An agent's tax profile, read-only (null until its owners or finance enter it)", params: consoleTaxProfileParamsSchema, response: { 200: taxProfileResponseSchema } }),
      async (request) => {
        const { rowCount } = await pool.query('SELECT 1 FROM referral_agents WHERE id = $1', [request.params.id]);
        if (!rowCount) throw new NotFoundError();
        return answer(await findTaxProfile(pool, request.params.id));
      },
    );
  },
});
