import type { PartnerAccessFixture, PartnerAccessWorld } from '../../test/partner-access.ts';
import type { CreatedPartner } from '../../test/factories.ts';

/** A notification is its recipient's alone: another member's, even of the same agent, is 404 (issue 17's matrix). */
async function notificationOf(world: PartnerAccessWorld, member: CreatedPartner) {
  const { rows } = await world.context.database.pool.query<{ id: string }>(
    `INSERT INTO notifications (user_id, type, title) VALUES ($1, 'message', 'Access matrix') RETURNING id`,
    [member.userId],
  );
  return { params: { id: rows[0]!.id } };
}

export const accessFixtures: PartnerAccessFixture[] = [
  { route: 'POST /api/notifications/:id/read', visibleTo: 'member', create: notificationOf, served: [200] },
  { route: 'DELETE /api/notifications/:id', visibleTo: 'member', create: notificationOf, served: [200] },
];
