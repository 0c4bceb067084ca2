import { TEAM_INVITATION_EXPIRE_DAYS } from '@portal/contracts/team';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import type { PartnerAccessFixture, PartnerAccessWorld } from '../../test/partner-access.ts';
import { insertInvitedMember, issueInvitation } from './repository.ts';

/**
 * The team's routes in the role × endpoint matrix. A team route's record is a member of the agent: each fixture makes
 * a fresh one in `member`'s agent (never `member` themself, whom the routes refuse to change: nobody changes their own
 * role or deactivates themself), so the owner of that agent may act on it and nobody of another agent finds it.
 */

async function freshMember(world: PartnerAccessWorld, member: CreatedPartner, status: 'approved' | 'deactivated' = 'approved') {
  const created = await createPartner(world.context.database.pool, { role: 'agent', referralAgentId: member.referralAgentId });
  if (status === 'deactivated') await world.context.database.pool.query(`UPDATE users SET status = 'deactivated' WHERE id = $1`, [created.userId]);
  return { params: { id: created.userId } };
}

async function invitedMember(world: PartnerAccessWorld, member: CreatedPartner) {
  const pool = world.context.database.pool;
  const id = await insertInvitedMember(pool, {
    firstName: 'Invited',
    lastName: 'Person',
    email: `invited-${randomToken(6).toLowerCase()}@example.test`,
    role: 'agent',
    passwordHash: await hashPassword(randomToken(16)),
    locale: 'en',
    agentId: member.referralAgentId,
    inviterId: member.userId,
  });
  await issueInvitation(pool, { userId: id, agentId: member.referralAgentId, inviterId: member.userId, tokenHash: sha256(randomToken(32)), days: TEAM_INVITATION_EXPIRE_DAYS });
  return { params: { id } };
}

export const accessFixtures: PartnerAccessFixture[] = [
  {
    route: 'PATCH /api/team/members/:id/role',
    visibleTo: 'agent',
    create: async (world, member) => ({ ...(await freshMember(world, member)), body: { role: 'finance' } }),
  },
  { route: 'POST /api/team/members/:id/deactivate', visibleTo: 'agent', create: (world, member) => freshMember(world, member) },
  // 200, or 409 when the agent's seats are all taken: either way the owner reached the member.
  { route: 'POST /api/team/members/:id/reactivate', visibleTo: 'agent', create: (world, member) => freshMember(world, member, 'deactivated') },
  { route: 'POST /api/team/members/:id/resend-invitation', visibleTo: 'agent', create: invitedMember, served: [200] },
  { route: 'DELETE /api/team/members/:id/invitation', visibleTo: 'agent', create: invitedMember, served: [200] },
  {
    // A wrong password (422): the route is reached without handing the world's agent to another owner.
    route: 'POST /api/team/members/:id/transfer-ownership',
    visibleTo: 'agent',
    create: async (world, member) => ({ ...(await freshMember(world, member)), body: { password: 'not-the-password' } }),
    served: [422],
  },
];
