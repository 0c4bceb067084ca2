import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamLogEndpoint, teamMembersEndpoint, type TeamMember } from '@portal/contracts/team';
import { createBooking } from '../../test/booking-factories.ts';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { latestMail } from '../../test/outbox.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createTeamService } from './service.ts';

describe('the team (/api/team)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => context?.close());

  const pool = () => context.database.pool;
  let sequence = 0;
  const uniqueEmail = (name: string) => `${name}-${++sequence}-${Math.random().toString(36).slice(2, 7)}@example.test`;

  async function clientOf(partner: CreatedPartner): Promise<TestClient> {
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    return client;
  }

  async function guest(): Promise<TestClient> {
    const client = new TestClient(context.app);
    await client.csrf();
    return client;
  }

  /** An owner of a new agent with the given seat limit, signed in. */
  async function ownerTeam(seatLimit = 5) {
    const owner = await createPartner(pool(), { role: 'owner', firstName: 'Olivia' });
    await pool().query('UPDATE referral_agents SET seat_limit = $2 WHERE id = $1', [owner.referralAgentId, seatLimit]);
    return { owner, client: await clientOf(owner) };
  }

  async function member(owner: CreatedPartner, role: 'owner' | 'manager' | 'agent' | 'finance') {
    return createPartner(pool(), { referralAgentId: owner.referralAgentId, role });
  }

  async function invite(client: TestClient, role = 'agent', email = uniqueEmail('invitee')) {
    const response = await client.post('/api/team/invitations', { first_name: 'Ines', last_name: 'Navarro', email, role });
    return { response, email, member: response.statusCode === 201 ? (response.json().member as TeamMember) : undefined };
  }

  async function invitationToken(email: string): Promise<string> {
    await context.app.mailer.flush();
    const mail = latestMail(context.config.mail.outboxDir, email)!;
    const link = mail.links.find((item) => item.startsWith(`${context.config.appUrl}/authenticate?token=`))!;
    return new URL(link).searchParams.get('token')!;
  }

  async function members(client: TestClient) {
    const response = await client.get('/api/team/members?per_page=100');
    expect(response.statusCode).toBe(200);
    return teamMembersEndpoint.page.parse(response.json()).data;
  }

  it('invites by e-mail: the link signs the invitee in once, asks for a password first, and the inviter hears of it', async () => {
    const { owner, client } = await ownerTeam();
    const { response, email, member: invited } = await invite(client);
    expect(response.statusCode).toBe(201);
    expect(invited).toMatchObject({ email, role: 'agent', status: 'invited', is_self: false });
    expect(invited!.invitation_expires_at).not.toBeNull();
    const expires = new Date(invited!.invitation_expires_at!).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expires).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

    await context.app.mailer.flush();
    const mail = latestMail(context.config.mail.outboxDir, email)!;
    const agentName = (await pool().query<{ name: string }>('SELECT name FROM referral_agents WHERE id = $1', [owner.referralAgentId])).rows[0]!.name;
    expect(mail.subject).toBe(`Join ${agentName} on the partner portal`);
    expect(mail.text).toContain('Olivia');
    // Only a hash of the token is stored.
    const token = await invitationToken(email);
    const stored = await pool().query('SELECT token_hash FROM login_links WHERE user_id = $1', [invited!.id]);
    expect(stored.rows[0].token_hash).not.toContain(token);

    // The link asks for the invitee's own password, and is not spent without one.
    const browser = await guest();
    const withoutPassword = await browser.post('/api/authenticate', { token });
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.json().errors.password).toEqual(['Choose your password to accept the invitation.']);
    // Nor can the invitee sign in any other way before accepting.
    expect((await (await guest()).post('/api/login', { email, password: 'Ines-Chosen-2026' })).statusCode).toBe(422);
    const mismatch = await browser.post('/api/authenticate', { token, password: 'Ines-Chosen-2026', password_confirmation: 'other' });
    expect(mismatch.statusCode).toBe(422);

    const accepted = await browser.post('/api/authenticate', { token, password: 'Ines-Chosen-2026', password_confirmation: 'Ines-Chosen-2026' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, password_updated_check: true, first_login: true });
    expect((await browser.get('/api/notifications')).statusCode).toBe(200);

    // Single use.
    const reused = await (await guest()).post('/api/authenticate', { token, password: 'Other-Chosen-2026', password_confirmation: 'Other-Chosen-2026' });
    expect(reused.statusCode).toBe(422);
    // From now on the chosen password signs in.
    expect((await (await guest()).post('/api/login', { email, password: 'Ines-Chosen-2026' })).statusCode).toBe(200);

    await context.app.jobs.drain();
    const list = await members(client);
    expect(list.find((row) => row.email === email)).toMatchObject({ status: 'active', invitation_expires_at: null });
    const notices = await pool().query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1', [owner.userId]);
    expect(notices.rows.map((row) => row.title)).toContain('Invitation accepted');
    const log = teamLogEndpoint.page.parse((await client.get('/api/team/log')).json()).data;
    expect(log.map((entry) => entry.action)).toEqual(['invitation_accepted', 'invited']);
    expect(log[1]).toMatchObject({ actor_name: `Olivia ${owner.lastName}`, target_name: 'Ines Navarro', role_after: 'agent' });
  });

  it('refuses an expired invitation link', async () => {
    const { client } = await ownerTeam();
    const { email, member: invited } = await invite(client);
    const token = await invitationToken(email);
    await pool().query(`UPDATE login_links SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [invited!.id]);
    expect((await (await guest()).post('/api/authenticate', { token })).statusCode).toBe(422);
    expect((await members(client)).find((row) => row.id === invited!.id)?.status).toBe('invited');
  });

  it('resends with a new link that kills the old one, and revokes', async () => {
    const { client } = await ownerTeam();
    const { email, member: invited } = await invite(client);
    const first = await invitationToken(email);
    const resent = await client.post(`/api/team/members/${invited!.id}/resend-invitation`);
    expect(resent.statusCode).toBe(200);
    const second = await invitationToken(email);
    expect(second).not.toBe(first);
    expect((await (await guest()).post('/api/authenticate', { token: first })).statusCode).toBe(422);

    const revoked = await client.delete(`/api/team/members/${invited!.id}/invitation`);
    expect(revoked.statusCode).toBe(200);
    expect((await (await guest()).post('/api/authenticate', { token: second })).statusCode).toBe(422);
    expect((await members(client)).map((row) => row.id)).not.toContain(invited!.id);
    const log = teamLogEndpoint.page.parse((await client.get('/api/team/log')).json()).data;
    expect(log.map((entry) => entry.action)).toEqual(['invitation_revoked', 'invitation_resent', 'invited']);
    // The address is free again.
    expect((await invite(client, 'agent', email)).response.statusCode).toBe(201);
  });

  it('counts pending invitations against the seat limit, and a revoked one frees its seat', async () => {
    const { owner, client } = await ownerTeam(3);
    await member(owner, 'agent');
    const { member: pending } = await invite(client);
    const full = await invite(client);
    expect(full.response.statusCode).toBe(409);
    expect(full.response.json().message).toMatch(/Every seat of your team is taken/);
    const summary = await client.get('/api/team/summary');
    expect(summary.json()).toEqual({ seat_limit: 3, seats_used: 3, can_manage: true });
    await client.delete(`/api/team/members/${pending!.id}/invitation`);
    expect((await invite(client)).response.statusCode).toBe(201);
  });

  it('refuses an address that already has an account, with the field', async () => {
    const { client } = await ownerTeam();
    const other = await createPartner(pool());
    const { response } = await invite(client, 'agent', other.email.toUpperCase());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(['This e-mail address already has a portal account.']);
    expect((await client.post('/api/team/invitations', { first_name: '', email: 'x', role: 'owner' })).statusCode).toBe(422);
  });

  it('keeps the invariants: nobody changes their own role, nobody grants above their own, never zero owners', async () => {
    const { owner, client } = await ownerTeam();
    const own = await client.patch(`/api/team/members/${owner.userId}/role`, { role: 'manager' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot change your own role.');
    expect((await client.post(`/api/team/members/${owner.userId}/deactivate`)).statusCode).toBe(403);
    // Ownership is not handed out by a role change.
    expect((await client.patch(`/api/team/members/${owner.userId}/role`, { role: 'owner' })).statusCode).toBe(422);

    // Two owners demoting each other at once: the rows are locked, so one wins and an owner remains.
    const second = await member(owner, 'owner');
    const secondClient = await clientOf(second);
    const [a, b] = await Promise.all([
      client.patch(`/api/team/members/${second.userId}/role`, { role: 'manager' }),
      secondClient.patch(`/api/team/members/${owner.userId}/role`, { role: 'manager' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const owners = await pool().query(`SELECT count(*)::int AS count FROM partner_profiles WHERE referral_agent_id = $1 AND role = 'owner'`, [owner.referralAgentId]);
    expect(owners.rows[0].count).toBe(1);

    // The actor's role is read again under the lock, not taken from the session: a manager (no team.manage) is refused
    // by the service itself too. (mayGrantRole is checked on every grant; with today's map only owners, the highest
    // role, manage the team, so "above one's own" cannot be reached through the API.)
    const manager = await member(owner, 'manager');
    const target = await member(owner, 'agent');
    const service = createTeamService({ pool: pool(), mailer: context.app.mailer, notifications: { notify: async () => [] }, closeSockets: async () => {}, appUrl: '' });
    await expect(service.changeRole({ id: manager.userId, referralAgentId: owner.referralAgentId }, target.userId, 'manager')).rejects.toMatchObject({ statusCode: 403 });
  });

  it('a role change reaches the member: notification and e-mail', async () => {
    const { owner, client } = await ownerTeam();
    const agent = await member(owner, 'agent');
    const changed = await client.patch(`/api/team/members/${agent.userId}/role`, { role: 'finance' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().member).toMatchObject({ id: agent.userId, role: 'finance', status: 'active' });
    const notices = await pool().query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1', [agent.userId]);
    expect(notices.rows.map((row) => row.title)).toEqual(['Your role has changed']);
    await context.app.mailer.flush();
    expect(latestMail(context.config.mail.outboxDir, agent.email)?.subject).toBe('Your role has changed');
  });

  it('transfers ownership with the right password only, promoting and demoting in one step', async () => {
    const { owner, client } = await ownerTeam();
    const manager = await member(owner, 'manager');
    const wrong = await client.post(`/api/team/members/${manager.userId}/transfer-ownership`, { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The password is incorrect.']);
    const right = await client.post(`/api/team/members/${manager.userId}/transfer-ownership`, { password: owner.password });
    expect(right.statusCode).toBe(200);
    const roles = await pool().query<{ user_id: number; role: string }>('SELECT user_id, role FROM partner_profiles WHERE referral_agent_id = $1', [owner.referralAgentId]);
    expect(Object.fromEntries(roles.rows.map((row) => [row.user_id, row.role]))).toEqual({ [owner.userId]: 'manager', [manager.userId]: 'owner' });
    // The former owner reads the team now, but no longer manages it.
    expect((await client.get('/api/team/summary')).json().can_manage).toBe(false);
    expect((await client.patch(`/api/team/members/${manager.userId}/role`, { role: 'agent' })).statusCode).toBe(403);
  });

  it('stops password guesses on ownership transfer after five a minute, even a right one, and changes nothing', async () => {
    const { owner, client } = await ownerTeam();
    const manager = await member(owner, 'manager');
    const url = `/api/team/members/${manager.userId}/transfer-ownership`;
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await client.post(url, { password: `guess-${attempt}` })).statusCode).toBe(422);
    const blocked = await client.post(url, { password: owner.password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const roles = await pool().query<{ role: string }>('SELECT role FROM partner_profiles WHERE user_id = $1', [owner.userId]);
    expect(roles.rows[0]?.role).toBe('owner');
  });

  it('deactivates: the signed-in member gets 401 next, cannot sign in, keeps their referrals; reactivation needs a seat', async () => {
    const { owner, client } = await ownerTeam(2);
    const agent = await member(owner, 'agent');
    const booking = await createBooking(pool(), { referralAgentId: owner.referralAgentId, referredByUserId: agent.userId });
    const agentClient = await clientOf(agent);
    expect((await agentClient.get('/api/user')).statusCode).toBe(200);

    const deactivated = await client.post(`/api/team/members/${agent.userId}/deactivate`);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().member.status).toBe('deactivated');
    expect((await agentClient.get('/api/user')).statusCode).toBe(401);

    // Their referral stays theirs: the owner still sees it attributed to them.
    const referred = await pool().query('SELECT referred_by_user_id FROM bookings WHERE id = $1', [booking.id]);
    expect(referred.rows[0].referred_by_user_id).toBe(agent.userId);

    const signIn = await (await guest()).post('/api/login', { email: agent.email, password: agent.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('account_deactivated');

    // The seat is free: an invitation fits, and then reactivation does not.
    expect((await client.get('/api/team/summary')).json()).toMatchObject({ seats_used: 1 });
    const { member: invited } = await invite(client);
    const noSeat = await client.post(`/api/team/members/${agent.userId}/reactivate`);
    expect(noSeat.statusCode).toBe(409);
    await client.delete(`/api/team/members/${invited!.id}/invitation`);
    expect((await client.post(`/api/team/members/${agent.userId}/reactivate`)).statusCode).toBe(200);
    expect((await (await guest()).post('/api/login', { email: agent.email, password: agent.password })).statusCode).toBe(200);
  });

  it("never shows or changes another agent's members (404)", async () => {
    const { client } = await ownerTeam();
    const other = await createPartner(pool());
    const theirs = await member(other, 'agent');
    expect((await members(client)).map((row) => row.id)).not.toContain(theirs.userId);
    for (const [method, url, body] of [
      ['patch', `/api/team/members/${theirs.userId}/role`, { role: 'manager' }],
      ['post', `/api/team/members/${theirs.userId}/deactivate`, undefined],
      ['post', `/api/team/members/${theirs.userId}/reactivate`, undefined],
      ['post', `/api/team/members/${theirs.userId}/resend-invitation`, undefined],
      ['post', `/api/team/members/${theirs.userId}/transfer-ownership`, { password: 'x' }],
    ] as const) {
      const response = method === 'patch' ? await client.patch(url, body) : await client.post(url, body);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await client.delete(`/api/team/members/${theirs.userId}/invitation`)).statusCode).toBe(404);
  });

  it('lets managers read the team but not manage it; agents and finance get 403; no session 401', async () => {
    const { owner } = await ownerTeam();
    const target = await member(owner, 'agent');
    const manager = await clientOf(await member(owner, 'manager'));
    expect((await manager.get('/api/team/members')).statusCode).toBe(200);
    expect((await manager.get('/api/team/log')).statusCode).toBe(200);
    expect((await manager.get('/api/team/summary')).json().can_manage).toBe(false);
    expect((await manager.post('/api/team/invitations', { first_name: 'A', last_name: 'B', email: uniqueEmail('m'), role: 'agent' })).statusCode).toBe(403);
    expect((await manager.post(`/api/team/members/${target.userId}/deactivate`)).statusCode).toBe(403);
    for (const role of ['agent', 'finance'] as const) {
      const client = await clientOf(await member(owner, role));
      expect((await client.get('/api/team/members')).statusCode, role).toBe(403);
      expect((await client.patch(`/api/team/members/${target.userId}/role`, { role: 'manager' })).statusCode, role).toBe(403);
    }
    expect((await new TestClient(context.app).get('/api/team/members')).statusCode).toBe(401);
  });

  it('lets an operator with referral_agents.manage set the seat limit in the console, audited', async () => {
    const { owner } = await ownerTeam();
    const url = `/api/console/referral-agents/${owner.referralAgentId}`;
    expect((await (await guest()).put(`${url}/seat-limit`, { seat_limit: 8 })).statusCode).toBe(401);
    const operator = await createTestOperator(context, { role: 'content' });
    const operatorClient = new TestClient(context.app);
    await signInOperatorAs(context, operatorClient, operator.id);
    expect((await consoleRequest(operatorClient, 'GET', `${url}/seats`)).json()).toEqual({ seat_limit: 5, seats_used: 1 });
    expect((await consoleRequest(operatorClient, 'PUT', `${url}/seat-limit`, { seat_limit: 0 })).statusCode).toBe(422);
    const set = await consoleRequest(operatorClient, 'PUT', `${url}/seat-limit`, { seat_limit: 8 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ seat_limit: 8, seats_used: 1 });
    const audit = await pool().query(`SELECT before, after, actor_type FROM audit_events WHERE action = 'referral_agent.seat_limit_changed' AND target_id = $1`, [String(owner.referralAgentId)]);
    expect(audit.rows).toEqual([{ before: { seat_limit: 5 }, after: { seat_limit: 8 }, actor_type: 'operator' }]);
    const support = await createTestOperator(context, { role: 'support' });
    const supportClient = new TestClient(context.app);
    await signInOperatorAs(context, supportClient, support.id);
    expect((await consoleRequest(supportClient, 'PUT', `${url}/seat-limit`, { seat_limit: 9 })).statusCode).toBe(403);
    expect((await consoleRequest(operatorClient, 'GET', '/api/console/referral-agents/999999/seats')).statusCode).toBe(404);
  });
});
