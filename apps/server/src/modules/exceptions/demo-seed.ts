import type pg from 'pg';
import { DEMO_AGENTS } from '../../db/seeds/demo-identities.ts';
import { inTransaction } from '../../db/queryable.ts';

const DAY_MS = 86_400_000;

/**
 * What the exceptions page shows on `npm start` besides what the ledger's demo has already (Northwind's failed payout,
 * its balances held on the account it changed three days ago): one completion the ledger could not price. Northwind's
 * patient was booked the day before the rate card came into force and treated this week; the booking's pricing day has
 * no rate, so its commission waits for finance (docs/console-exceptions.md). Written as the ledger's job leaves it: the
 * booking completed, no line, the failure `no_rate` recorded.
 */
export async function seedDemoExceptions(pool: pg.Pool): Promise<void> {
  const now = Date.now();
  await inTransaction(pool, async (client) => {
    // The card's first day; the day before it no row is in force.
    const card = await client.query<{ before: string | null }>(`SELECT (min(valid_from) - 1)::text AS before FROM commission_rates`);
    const pricingDay = card.rows[0]?.before;
    if (!pricingDay) return;
    // A patient of Northwind's at a euro facility, as its other completed bookings are: the same client, facility and service.
    const { rows } = await client.query<{ id: number; ticket_id: string }>(
      `WITH source AS (
         SELECT b.* FROM bookings b JOIN referral_agents ra ON ra.id = b.referral_agent_id JOIN facilities f ON f.id = b.facility_id
          WHERE ra.name = $1 AND b.status = 'completed' AND f.currency = 'EUR' AND b.currency = 'EUR' ORDER BY b.date_time DESC, b.id DESC LIMIT 1),
       next_ticket AS (SELECT (coalesce(max(ticket_id::bigint), 100000) + 1)::text AS ticket FROM bookings WHERE ticket_id ~ '^[0-9]+$')
       INSERT INTO bookings (ticket_id, date_time, client_id, facility_id, facility_location_id, assignee_id, facility_service_detail_id, specialty_id, status,
                             invoice_status, amount, currency, referral_agent_id, referred_by_user_id, search_text, created_at, updated_at)
       SELECT n.ticket, $2::timestamptz, s.client_id, s.facility_id, s.facility_location_id, s.assignee_id, s.facility_service_detail_id, s.specialty_id, 'completed',
              'paid', 4850.00, 'EUR', s.referral_agent_id, s.referred_by_user_id, replace(s.search_text, s.ticket_id, n.ticket), $3::timestamptz, $4::timestamptz
         FROM source s CROSS JOIN next_ticket n
       RETURNING id, ticket_id`,
      [DEMO_AGENTS.second, new Date(now - 4 * DAY_MS).toISOString().slice(0, 10) + 'T09:30:00Z', `${pricingDay}T11:20:00Z`, new Date(now - 2 * DAY_MS).toISOString()],
    );
    const booking = rows[0];
    if (!booking) return;
    const completedAt = new Date(now - 2 * DAY_MS);
    await client.query(
      `INSERT INTO booking_status_history (booking_id, from_status, to_status, actor_type, actor_id, created_at) VALUES ($1, 'confirmed', 'completed', 'system', 'demo', $2)`,
      [booking.id, completedAt],
    );
    await client.query(`INSERT INTO commission_pricing_failures (booking_id, reason, attempted_at) VALUES ($1, 'no_rate', $2)`, [booking.id, new Date(completedAt.getTime() + 5_000)]);
  });
}
