import type pg from 'pg';
import { paymentDetailsRequestSchema, type PaymentDetailsInput } from '@portal/contracts/payment-details';
import { inTransaction } from '../../db/queryable.ts';
import { DEMO_AGENTS, DEMO_OPERATORS } from '../../db/seeds/demo-identities.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import type { DemoSeedServices } from '../../kit/portal-module.ts';
import { insertEvent, writeDetails } from './repository.ts';
import { sealAccount } from './service.ts';

const DAY_MS = 86_400_000;

/**
 * The demo's payment details: Harbor paid to a verified British IBAN; Bright Path to a verified Emirati one; Northwind,
 * whose last payout bounced (account closed), changed to a new German IBAN three days ago: the admin checked it against
 * the bank letter yesterday and proposed the verification, which waits for a second operator (four eyes, issue 31).
 * Each with its change log, as the portal writes it.
 */
const HISTORIES: { agent: string; changes: { details: PaymentDetailsInput; daysAgo: number; verifiedAfterDays: number | null }[] }[] = [
  {
    agent: DEMO_AGENTS.main,
    changes: [{ details: { scheme: 'iban', holder_name: 'Harbor Health Partners Ltd', bank_country: 'GB', iban: 'GB33 BUKB 2020 1555 5555 55', bic: 'BUKBGB22' }, daysAgo: 900, verifiedAfterDays: 2 }],
  },
  {
    agent: DEMO_AGENTS.second,
    changes: [
      { details: { scheme: 'iban', holder_name: 'Northwind Care Network GmbH', bank_country: 'DE', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' }, daysAgo: 800, verifiedAfterDays: 1 },
      { details: { scheme: 'iban', holder_name: 'Northwind Care Network GmbH', bank_country: 'DE', iban: 'DE75 5121 0800 1245 1261 99', bic: 'SOGEDEFFXXX' }, daysAgo: 3, verifiedAfterDays: null },
    ],
  },
  {
    agent: DEMO_AGENTS.affiliates,
    changes: [{ details: { scheme: 'iban', holder_name: 'Bright Path Affiliates FZE', bank_country: 'AE', iban: 'AE07 0331 2345 6789 0123 456', bic: 'BOMLAEAD' }, daysAgo: 600, verifiedAfterDays: 3 }],
  },
];

export async function seedDemoPaymentDetails(pool: pg.Pool, services: DemoSeedServices): Promise<void> {
  const existing = await pool.query('SELECT 1 FROM payment_details LIMIT 1');
  if (existing.rowCount) return;
  const now = Date.now();
  await inTransaction(pool, async (client) => {
    for (const history of HISTORIES) {
      const { rows } = await client.query<{ agent_id: number; owner_id: number | null }>(
        `SELECT ra.id AS agent_id, (SELECT p.user_id FROM partner_profiles p WHERE p.referral_agent_id = ra.id AND p.role = 'owner' ORDER BY p.user_id LIMIT 1) AS owner_id
           FROM referral_agents ra WHERE ra.name = $1`,
        [history.agent],
      );
      const agent = rows[0];
      if (!agent) continue;
      let previous: string | null = null;
      for (const change of history.changes) {
        const request = paymentDetailsRequestSchema.parse(change.details);
        const account = sealAccount(services.appKey, request);
        const at = new Date(now - change.daysAgo * DAY_MS);
        const verifiedAt = change.verifiedAfterDays === null ? null : new Date(at.getTime() + change.verifiedAfterDays * DAY_MS);
        await writeDetails(client, { referralAgentId: agent.agent_id, request, account, status: verifiedAt ? 'verified' : 'unverified', at, userId: agent.owner_id, verifiedAt });
        await insertEvent(client, { referralAgentId: agent.agent_id, kind: 'changed', userId: agent.owner_id, oldMasked: previous, newMasked: account.described, at });
        if (verifiedAt) await insertEvent(client, { referralAgentId: agent.agent_id, kind: 'verified', newMasked: account.described, at: verifiedAt });
        previous = account.described;
      }
    }
    const admin = DEMO_OPERATORS.find((each) => each.role === 'admin')!;
    const { rows: proposed } = await client.query<{ referral_agent_id: number; operator_id: number }>(
      `UPDATE payment_details d SET verification_proposed_by_operator_id = o.id, verification_proposed_at = $3, verification_proposed_for = d.updated_at
         FROM referral_agents ra, operators o
        WHERE ra.id = d.referral_agent_id AND ra.name = $1 AND o.email = $2 AND d.status = 'unverified'
        RETURNING d.referral_agent_id, o.id AS operator_id`,
      [DEMO_AGENTS.second, admin.email, new Date(now - DAY_MS)],
    );
    for (const row of proposed) {
      await recordAudit(client, { type: 'operator', id: row.operator_id, role: admin.role }, {
        action: 'payment_details.verification_proposed',
        target: { type: 'referral_agent', id: row.referral_agent_id },
        after: { proposed_by: { id: row.operator_id, name: admin.name } },
      });
    }
  });
}
