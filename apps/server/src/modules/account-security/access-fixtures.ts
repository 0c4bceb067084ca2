import type { CreatedPartner } from '../../test/factories.ts';
import type { PartnerAccessFixture, PartnerAccessWorld } from '../../test/partner-access.ts';
import { insertSession } from '../../test/sign-in.ts';
import { sessionHandle } from './service.ts';

/** A session is its member's alone: another member's, even of the same agent, is 404 (issue 17's matrix). */
async function sessionOf(world: PartnerAccessWorld, member: CreatedPartner) {
  const { sessionId } = await insertSession(world.context.database.pool, member.userId);
  return { params: { id: sessionHandle(sessionId) } };
}

export const accessFixtures: PartnerAccessFixture[] = [
  { route: 'DELETE /api/account-security/sessions/:id', visibleTo: 'member', create: sessionOf, served: [204] },
];
