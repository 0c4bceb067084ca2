import type pg from 'pg';
import { TEAM_INVITATION_EXPIRE_DAYS } from '@portal/contracts/team';
import { DEMO_AGENTS, DEMO_EMAILS } from '../../db/seeds/demo-identities.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { insertInvitedMember, insertTeamEvent, issueInvitation } from './repository.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Harbor Health Partners' team as its owner (Amelia Hart, partner@demo.test) finds it: 10 seats, the members the
 * accounts seed made, an invitation still waiting (Sofia Haddad, agent; resend it from /manage-user to get a link
 * in the outbox) and the log of how the team came together.
 */
export async function seedDemoTeam(pool: pg.Pool): Promise<void> {
  const agent = await pool.query<{ id: number }>('SELECT id FROM referral_agents WHERE name = $1', [DEMO_AGENTS.main]);
  const agentId = agent.rows[0]?.id;
  if (!agentId) return;
  await pool.query('UPDATE referral_agents SET seat_limit = 10 WHERE id = $1', [agentId]);

  const people = await pool.query<{ id: number; email: string; name: string }>(
    `SELECT id, email, first_name || ' ' || last_name AS name FROM users WHERE email = ANY($1::text[])`,
    [[DEMO_EMAILS.partner, DEMO_EMAILS.twoFactor, DEMO_EMAILS.agent, DEMO_EMAILS.secondAgent, DEMO_EMAILS.finance]],
  );
  const byEmail = new Map(people.rows.map((row) => [row.email, row]));
  const owner = byEmail.get(DEMO_EMAILS.partner);
  if (!owner) return;

  const event = (action: Parameters<typeof insertTeamEvent>[1]['action'], email: string, daysAgo: number, roles: { before?: 'manager' | 'agent' | 'finance'; after?: 'manager' | 'agent' | 'finance' } = {}) => {
    const target = byEmail.get(email);
    if (!target) return Promise.resolve();
    const invitee = action === 'invitation_accepted';
    return insertTeamEvent(pool, {
      agentId,
      action,
      actorId: invitee ? null : owner.id,
      actorName: invitee ? null : owner.name,
      targetId: target.id,
      targetName: target.name,
      roleBefore: roles.before ?? null,
      roleAfter: roles.after ?? null,
      at: new Date(Date.now() - daysAgo * DAY),
    });
  };
  await event('invited', DEMO_EMAILS.twoFactor, 120, { after: 'agent' });
  await event('invitation_accepted', DEMO_EMAILS.twoFactor, 119);
  await event('role_changed', DEMO_EMAILS.twoFactor, 90, { before: 'agent', after: 'manager' });
  await event('invited', DEMO_EMAILS.agent, 75, { after: 'agent' });
  await event('invitation_accepted', DEMO_EMAILS.agent, 74);
  await event('invited', DEMO_EMAILS.secondAgent, 60, { after: 'agent' });
  await event('invitation_accepted', DEMO_EMAILS.secondAgent, 58);
  await event('invited', DEMO_EMAILS.finance, 45, { after: 'finance' });
  await event('invitation_accepted', DEMO_EMAILS.finance, 44);

  // The invitation waiting for an answer: its link's token is thrown away (resend it to get a working one).
  const inviteeId = await insertInvitedMember(pool, {
    firstName: 'Sofia',
    lastName: 'Haddad',
    email: 'sofia.haddad@demo.test',
    role: 'agent',
    passwordHash: await hashPassword(randomToken(32)),
    locale: 'en',
    agentId,
    inviterId: owner.id,
  });
  await issueInvitation(pool, { userId: inviteeId, agentId, inviterId: owner.id, tokenHash: sha256(randomToken(32)), days: TEAM_INVITATION_EXPIRE_DAYS - 2 });
  await insertTeamEvent(pool, { agentId, action: 'invited', actorId: owner.id, actorName: owner.name, targetId: inviteeId, targetName: 'Sofia Haddad', roleAfter: 'agent', at: new Date(Date.now() - 2 * DAY) });
}
