import type { CreatedPartner } from '../../test/factories.ts';
import type { PartnerAccessFixture, PartnerAccessRequest, PartnerAccessWorld } from '../../test/partner-access.ts';

let sequence = 0;

/** A paid payout of `member`'s agent, with its statement number: the agent's members with payouts.read may fetch it. */
async function paidPayoutOf(world: PartnerAccessWorld, member: CreatedPartner): Promise<PartnerAccessRequest> {
  sequence += 1;
  const { rows } = await world.context.database.pool.query<{ id: string }>(
    `INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, statement_number, scheduled_on, sent_at, paid_at)
     VALUES ($1, 'EUR', 12500, 1, 'paid', $2, '2001-01-01'::date + $3::int, now(), now()) RETURNING id`,
    [member.referralAgentId, `SB-1999-${String(sequence).padStart(6, '0')}`, sequence],
  );
  return { params: { id: Number(rows[0]!.id) } };
}

export const accessFixtures: PartnerAccessFixture[] = [
  { route: 'GET /api/earnings/payouts/:id/statement', visibleTo: 'agent', create: paidPayoutOf, served: [200] },
];
