import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REFERRAL_CODE_PATTERN,
  referralCodeResolutionSchema,
  referralDetailsSchema,
  referralMemberFiguresSchema,
  consolePartnerReferralCodeSchema,
} from '@portal/contracts/referral-details';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient } from '../../test/http-client.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createBooking } from '../../test/booking-factories.ts';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { seedReferralCodes } from './demo-seed.ts';
import { resolveReferralCode } from './public.ts';
import { LOOKUPS_PER_MINUTE, REGENERATIONS_PER_DAY } from './routes.ts';

describe('referral details', () => {
  let context: TestContext;
  let lookupAddress = 0;
  beforeAll(async () => {
    context = await createTestApp({ APP_URL: 'https://portal.example.test' });
  });
  afterAll(async () => {
    await context.close();
  });

  async function signedIn(options: Parameters<typeof createPartner>[1] = {}) {
    const partner = await createPartner(context.database.pool, options);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    return { partner, client };
  }

  /** A public lookup from an address of its own, so that the tests' lookups do not share one rate limit. */
  async function lookUp(code: string, remoteAddress = `10.0.0.${++lookupAddress}`) {
    return context.app.inject({ method: 'GET', url: `/api/referral-codes/${encodeURIComponent(code)}`, remoteAddress });
  }

  async function detailsOf(client: TestClient) {
    const response = await client.get('/api/referral-details');
    expect(response.statusCode, response.body).toBe(200);
    return referralDetailsSchema.parse(response.json());
  }

  it("makes the partner's code on the first visit and keeps it: 8 characters of the alphabet, unique, random", async () => {
    const { partner, client } = await signedIn({ firstName: 'Rana' });
    const first = await detailsOf(client);
    expect(first.code).toMatch(REFERRAL_CODE_PATTERN);
    expect(first.link).toBe(`https://portal.example.test/r/${first.code}`);
    expect(first.agent).toMatchObject({ id: partner.referralAgentId, name: expect.any(String), group: { slug: 'partners', name: 'Partners' } });
    expect(first.previous_codes).toEqual([]);
    expect((await detailsOf(client)).code).toBe(first.code);

    // Partners made one after another get unrelated codes, all different.
    const codes = [first.code];
    for (let index = 0; index < 6; index += 1) codes.push((await detailsOf((await signedIn()).client)).code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(REFERRAL_CODE_PATTERN);
    // Not a counter: consecutive partners' codes differ in more than their last characters.
    const differing = (a: string, b: string) => [...a].filter((character, index) => character !== b[index]).length;
    expect(codes.slice(1).some((code, index) => differing(code, codes[index]!) >= 4)).toBe(true);

    // The database refuses a duplicate or a badly formed code whatever the writer.
    await expect(context.database.pool.query('INSERT INTO referral_codes (user_id, code, retired_at) VALUES ($1, $2, now())', [partner.userId, first.code])).rejects.toThrow();
    await expect(context.database.pool.query('INSERT INTO referral_codes (user_id, code, retired_at) VALUES ($1, $2, now())', [partner.userId, 'ABCDEFG0'])).rejects.toThrow();
  });

  it('resolves a code publicly to the agent name only; an unknown or malformed code is a bare 404', async () => {
    const { partner, client } = await signedIn({ email: `secret-${Date.now()}@clinic.test` });
    const { code, agent } = await detailsOf(client);

    const found = await lookUp(code);
    expect(found.statusCode).toBe(200);
    expect(referralCodeResolutionSchema.strict().parse(found.json())).toEqual({ valid: true, code, current_code: code, agent_name: agent.name });
    expect(found.body).not.toContain(partner.email);
    expect(Object.keys(found.json()).sort()).toEqual(['agent_name', 'code', 'current_code', 'valid']);
    // Typed by a person: lower case and a dash.
    expect((await lookUp(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`)).json()).toMatchObject({ code });

    for (const unknown of ['ZZZZZZZZ', 'short', '0000OOOO', 'x'.repeat(64)]) {
      const missing = await lookUp(unknown === 'ZZZZZZZZ' && code === 'ZZZZZZZZ' ? 'YYYYYYYY' : unknown);
      expect(missing.statusCode, unknown).toBe(404);
      expect(Object.keys(missing.json())).toEqual(['message']);
    }

    // A suspended partner's code no longer attributes.
    await context.database.pool.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [partner.userId]);
    expect((await lookUp(code)).statusCode).toBe(404);
    expect(await resolveReferralCode(context.database.pool, code)).toBeNull();
  });

  it("stops resolving a member's current and retired codes when an owner deactivates them, and again after reactivation", async () => {
    const owner = await createPartner(context.database.pool, { role: 'owner' });
    await context.database.pool.query('UPDATE referral_agents SET seat_limit = 10 WHERE id = $1', [owner.referralAgentId]);
    const { partner, client } = await signedIn({ role: 'agent', referralAgentId: owner.referralAgentId });
    const retired = (await detailsOf(client)).code;
    const current = referralDetailsSchema.parse((await client.post('/api/referral-details/regenerate')).json()).code;
    expect((await lookUp(current)).statusCode).toBe(200);

    const ownerClient = new TestClient(context.app);
    await signInAs(context, ownerClient, owner.userId);
    expect((await ownerClient.post(`/api/team/members/${partner.userId}/deactivate`)).statusCode).toBe(200);
    for (const code of [current, retired]) {
      expect((await lookUp(code)).statusCode, code).toBe(404);
      expect(await resolveReferralCode(context.database.pool, code)).toBeNull();
    }

    expect((await ownerClient.post(`/api/team/members/${partner.userId}/reactivate`)).statusCode).toBe(200);
    expect((await lookUp(current)).statusCode).toBe(200);
  });

  it('rate limits public lookups per address', async () => {
    const address = '10.9.9.9';
    for (let index = 0; index < LOOKUPS_PER_MINUTE; index += 1) expect((await lookUp('ZZZZZZZY', address)).statusCode).toBe(404);
    const throttled = await lookUp('ZZZZZZZY', address);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookUp('ZZZZZZZY', '10.9.9.10')).statusCode).toBe(404);
  });

  it('regenerates: the old code keeps working for 30 days and not after, and the regeneration is audited', async () => {
    const { partner, client } = await signedIn();
    const before = await detailsOf(client);
    const regenerated = await client.post('/api/referral-details/regenerate');
    expect(regenerated.statusCode).toBe(200);
    const after = referralDetailsSchema.parse(regenerated.json());
    expect(after.code).toMatch(REFERRAL_CODE_PATTERN);
    expect(after.code).not.toBe(before.code);
    expect(after.previous_codes.map((previous) => previous.code)).toEqual([before.code]);
    expect((await detailsOf(client)).code).toBe(after.code);

    // Both resolve, to the same partner; the old one says it is retired to the modules that read it.
    expect((await lookUp(before.code)).statusCode).toBe(200);
    expect((await lookUp(after.code)).statusCode).toBe(200);
    expect(await resolveReferralCode(context.database.pool, before.code)).toMatchObject({ userId: partner.userId, referralAgentId: partner.referralAgentId, retired: true });
    expect(await resolveReferralCode(context.database.pool, after.code)).toMatchObject({ userId: partner.userId, retired: false });

    // The old code answers the partner's current one too (#17 review finding 6): a visitor's browser remembers that
    // one, which keeps attributing after the old code's grace has run out.
    expect((await lookUp(before.code)).json()).toEqual({ valid: true, code: before.code, current_code: after.code, agent_name: before.agent.name });
    expect((await lookUp(after.code)).json()).toMatchObject({ code: after.code, current_code: after.code });
    expect(await resolveReferralCode(context.database.pool, before.code)).toMatchObject({ currentCode: after.code });

    // 29 days later the old code still works; 31 days later it does not, and the page no longer lists it.
    const retireAgo = (days: number) =>
      context.database.pool.query(`UPDATE referral_codes SET retired_at = now() - make_interval(days => $2) WHERE code = $1`, [before.code, days]);
    await retireAgo(29);
    expect((await lookUp(before.code)).statusCode).toBe(200);
    await retireAgo(31);
    expect((await lookUp(before.code)).statusCode).toBe(404);
    expect(await resolveReferralCode(context.database.pool, before.code)).toBeNull();
    expect((await detailsOf(client)).previous_codes).toEqual([]);
    expect((await lookUp(after.code)).statusCode).toBe(200);

    const audit = await context.database.pool.query(
      `SELECT actor_type, actor_id, before, after FROM audit_events WHERE action = 'referral_code.regenerated' AND target_id = $1`,
      [String(partner.userId)],
    );
    expect(audit.rows).toEqual([{ actor_type: 'partner', actor_id: String(partner.userId), before: { code: before.code }, after: { code: after.code } }]);
  });

  it("never fails when a first visit and a regeneration make the person's first code at once (#17 review finding 8)", async () => {
    const pool = context.database.pool;
    for (let round = 0; round < 12; round += 1) {
      const { partner, client } = await signedIn();
      const [visit, qr, regenerated] = await Promise.all([client.get('/api/referral-details'), client.get('/api/referral-details/qr.svg'), client.post('/api/referral-details/regenerate')]);
      expect([visit.statusCode, qr.statusCode, regenerated.statusCode], regenerated.body).toEqual([200, 200, 200]);
      // Exactly one current code, the regeneration's; whatever the first visit made before it is retired, not lost.
      const { rows } = await pool.query<{ code: string; current: boolean }>(
        'SELECT code, retired_at IS NULL AS current FROM referral_codes WHERE user_id = $1 ORDER BY id',
        [partner.userId],
      );
      expect(rows.filter((row) => row.current).map((row) => row.code)).toEqual([referralDetailsSchema.parse(regenerated.json()).code]);
      expect((await detailsOf(client)).code).toBe(referralDetailsSchema.parse(regenerated.json()).code);
    }
  });

  it('allows a member 5 regenerations a day; the 6th is a 429 with Retry-After and says why (#17 review finding 8)', async () => {
    const { client } = await signedIn();
    const codes = [(await detailsOf(client)).code];
    for (let index = 0; index < REGENERATIONS_PER_DAY; index += 1) {
      const regenerated = await client.post('/api/referral-details/regenerate');
      expect(regenerated.statusCode, regenerated.body).toBe(200);
      codes.push(referralDetailsSchema.parse(regenerated.json()).code);
    }
    const refused = await client.post('/api/referral-details/regenerate');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(refused.json().message).toMatch(/^You can get a new referral code 5 times a day, because every old code keeps working for 30 days\. Please try again in \d+ minutes\.$/);
    // Nothing changed: the last code is still the current one, and no further code was made.
    expect((await detailsOf(client)).code).toBe(codes.at(-1));
    expect(new Set(codes).size).toBe(REGENERATIONS_PER_DAY + 1);

    // Another member's allowance is their own.
    const other = await signedIn();
    expect((await other.client.post('/api/referral-details/regenerate')).statusCode).toBe(200);
  });

  it('counts parallel regenerations atomically: at most 5 of 8 at once succeed', async () => {
    const { client } = await signedIn();
    await detailsOf(client);
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.post('/api/referral-details/regenerate')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('answers the QR code as a real PNG and a real SVG, inline or as a named file', async () => {
    const { client } = await signedIn();
    const { code } = await detailsOf(client);

    const png = await client.get('/api/referral-details/qr.png?download=1');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe(`attachment; filename="referral-${code}.png"`);
    expect(png.rawBody.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const pngMeta = await sharp(png.rawBody).metadata();
    expect(pngMeta).toMatchObject({ format: 'png' });
    expect(pngMeta.width).toBeGreaterThanOrEqual(512);

    const svg = await client.get('/api/referral-details/qr.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-disposition']).toBe(`inline; filename="referral-${code}.svg"`);
    expect(svg.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // librsvg (through sharp) parses and renders it.
    const svgMeta = await sharp(Buffer.from(svg.body)).metadata();
    expect(svgMeta).toMatchObject({ format: 'svg' });
    expect(svgMeta.width).toBeGreaterThan(20);

    expect((await new TestClient(context.app).get('/api/referral-details/qr.png')).statusCode).toBe(401);
  });

  describe('per-member figures', () => {
    let owner: CreatedPartner;
    const members: Partial<Record<PartnerRole, CreatedPartner>> = {};
    let stranger: CreatedPartner;

    beforeAll(async () => {
      const pool = context.database.pool;
      owner = await createPartner(pool, { firstName: 'Olive', lastName: 'Owner', role: 'owner' });
      for (const role of ['manager', 'agent', 'finance'] as const) {
        members[role] = await createPartner(pool, { firstName: role[0]!.toUpperCase() + role.slice(1), lastName: 'Member', role, referralAgentId: owner.referralAgentId });
      }
      stranger = await createPartner(pool, { firstName: 'Stranger', lastName: 'Elsewhere' });
      // Not members (#17 review finding 11): a pending invitation, and a deactivated member with nothing in the two
      // months. A deactivated member who referred a booking this month is listed, marked as such.
      const withStatus = async (firstName: string, lastName: string, status: 'invited' | 'deactivated') => {
        const partner = await createPartner(pool, { firstName, lastName, role: 'agent', referralAgentId: owner.referralAgentId });
        await pool.query('UPDATE users SET status = $2 WHERE id = $1', [partner.userId, status]);
        return partner;
      };
      await withStatus('Ivy', 'Invited', 'invited');
      await withStatus('Ned', 'Gone', 'deactivated');
      const departed = await withStatus('Dora', 'Departed', 'deactivated');
      const now = new Date();
      const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 12)).toISOString();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12)).toISOString();
      const twoMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15, 12)).toISOString();
      const agent = members.agent!;
      const book = (referredBy: CreatedPartner, createdAt: string, dateTime: string, status: 'pending' | 'completed' = 'pending') =>
        createBooking(pool, { referralAgentId: referredBy.referralAgentId, referredByUserId: referredBy.userId, createdAt, dateTime, status });
      // The agent: 2 made this month (1 completed this month), 1 made last month and completed last month, 1 older.
      await book(agent, thisMonth, thisMonth, 'completed');
      await book(agent, thisMonth, thisMonth);
      await book(agent, lastMonth, lastMonth, 'completed');
      await book(agent, twoMonthsAgo, twoMonthsAgo, 'completed');
      // The owner: one made last month whose appointment this month is completed.
      await book(owner, lastMonth, thisMonth, 'completed');
      await book(departed, thisMonth, thisMonth);
      // Another agent's member: never counted here.
      await book(stranger, thisMonth, thisMonth, 'completed');
    });

    async function figuresAs(partner: CreatedPartner, query = '') {
      const client = new TestClient(context.app);
      await signInAs(context, client, partner.userId);
      return client.get(`/api/referral-details/members${query}`);
    }

    it('shows each member of the agent, referred and completed this month and last, to owners and managers', async () => {
      for (const viewer of [owner, members.manager!]) {
        const response = await figuresAs(viewer, '?timezone=UTC');
        expect(response.statusCode).toBe(200);
        const figures = referralMemberFiguresSchema.parse(response.json());
        expect(figures.time_zone).toBe('UTC');
        expect(figures.this_month).toMatch(/^\d{4}-\d{2}$/);
        const byName = Object.fromEntries(figures.members.map((member) => [member.name, member]));
        expect(Object.keys(byName).sort()).toEqual(['Agent Member', 'Dora Departed', 'Finance Member', 'Manager Member', 'Olive Owner']);
        expect(byName['Dora Departed']).toMatchObject({ status: 'deactivated', this_month: { referred: 1, completed: 0 } });
        expect(response.body).not.toContain('Ivy');
        expect(response.body).not.toContain('Ned');
        expect(byName['Agent Member']).toMatchObject({ role: 'agent', status: 'active', this_month: { referred: 2, completed: 1 }, last_month: { referred: 1, completed: 1 } });
        expect(byName['Olive Owner']).toMatchObject({ this_month: { referred: 0, completed: 1 }, last_month: { referred: 1, completed: 0 } });
        expect(byName['Finance Member']).toMatchObject({ this_month: { referred: 0, completed: 0 }, last_month: { referred: 0, completed: 0 } });
        expect(response.body).not.toContain('Stranger');
        expect(response.body).not.toContain(owner.email);
      }
    });

    it('is 403 for agents and finance, and a bad time zone is a 422', async () => {
      for (const role of ['agent', 'finance'] as const) {
        const response = await figuresAs(members[role]!);
        expect(response.statusCode, role).toBe(403);
      }
      expect((await figuresAs(owner, '?timezone=Mars/Olympus')).statusCode).toBe(422);
    });

    it('counts the months in the zone asked for, across a month boundary (#17 review findings 10 and 14)', async () => {
      const pool = context.database.pool;
      // Two zones without daylight saving, one each side of UTC: the month starts 4 hours before UTC's in Dubai and
      // 11 hours after it in Pago Pago. Two bookings an hour either side of the zone's month start, both completed
      // with their appointment at the same moment: one counts in each month there, and both fall in one UTC month.
      for (const [zone, offsetHours] of [
        ['Asia/Dubai', 4],
        ['Pacific/Pago_Pago', -11],
      ] as const) {
        const local = new Date(Date.now() + offsetHours * 3_600_000);
        const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offsetHours * 3_600_000;
        const zoneOwner = await createPartner(pool, { firstName: 'Zone', lastName: zone, role: 'owner' });
        for (const at of [monthStart - 3_600_000, monthStart + 3_600_000]) {
          const instant = new Date(at).toISOString();
          await createBooking(pool, { referralAgentId: zoneOwner.referralAgentId, referredByUserId: zoneOwner.userId, createdAt: instant, dateTime: instant, status: 'completed' });
        }

        const inZone = referralMemberFiguresSchema.parse((await figuresAs(zoneOwner, `?timezone=${encodeURIComponent(zone)}`)).json());
        expect(inZone.time_zone).toBe(zone);
        expect(inZone.this_month).toBe(local.toISOString().slice(0, 7));
        expect(inZone.members[0], zone).toMatchObject({ this_month: { referred: 1, completed: 1 }, last_month: { referred: 1, completed: 1 } });

        const inUtc = referralMemberFiguresSchema.parse((await figuresAs(zoneOwner, '?timezone=UTC')).json()).members[0]!;
        expect([inUtc.this_month.referred, inUtc.last_month.referred].sort(), zone).toEqual([0, 2]);
      }
    });

    it("never shows another agent's members to that agent's owner", async () => {
      const figures = referralMemberFiguresSchema.parse((await figuresAs(stranger)).json());
      expect(figures.members.map((member) => member.name)).toEqual(['Stranger Elsewhere']);
      expect(figures.members[0]).toMatchObject({ this_month: { referred: 1, completed: 1 } });
    });
  });

  it('gives every partner without a code one in the demo seed, and leaves existing codes alone', async () => {
    const { client } = await signedIn();
    const { code } = await detailsOf(client);
    const fresh = await createPartner(context.database.pool);
    await seedReferralCodes(context.database.pool);
    const missing = await context.database.pool.query(
      `SELECT pp.user_id FROM partner_profiles pp
        WHERE NOT EXISTS (SELECT 1 FROM referral_codes rc WHERE rc.user_id = pp.user_id AND rc.retired_at IS NULL)`,
    );
    expect(missing.rows).toEqual([]);
    expect((await detailsOf(client)).code).toBe(code);
    const seeded = await context.database.pool.query('SELECT code FROM referral_codes WHERE user_id = $1', [fresh.userId]);
    expect(seeded.rows).toEqual([{ code: expect.stringMatching(REFERRAL_CODE_PATTERN) }]);
  });

  describe('the console', () => {
    it("shows a partner's code and lets an operator who manages partners regenerate it, audited", async () => {
      const { partner, client: partnerClient } = await signedIn();
      const operator = await createTestOperator(context, { role: 'support' });
      const console = new TestClient(context.app);
      await signInOperatorAs(context, console, operator.id);
      const url = `/api/console/partners/${partner.userId}/referral-code`;

      const none = await consoleRequest(console, 'GET', url);
      expect(none.statusCode).toBe(200);
      expect(consolePartnerReferralCodeSchema.parse(none.json())).toEqual({ code: null, link: null, created_at: null, previous_codes: [] });

      const { code } = await detailsOf(partnerClient);
      expect(consolePartnerReferralCodeSchema.parse((await consoleRequest(console, 'GET', url)).json())).toMatchObject({ code });

      const regenerated = await consoleRequest(console, 'POST', `${url}/regenerate`, {});
      expect(regenerated.statusCode).toBe(200);
      const after = consolePartnerReferralCodeSchema.parse(regenerated.json());
      expect(after.code).toMatch(REFERRAL_CODE_PATTERN);
      expect(after.code).not.toBe(code);
      expect(after.previous_codes.map((previous) => previous.code)).toEqual([code]);
      expect((await detailsOf(partnerClient)).code).toBe(after.code);

      const audit = await context.database.pool.query(
        `SELECT actor_type, actor_id, before, after FROM audit_events WHERE action = 'referral_code.regenerated' AND target_id = $1`,
        [String(partner.userId)],
      );
      expect(audit.rows).toEqual([{ actor_type: 'operator', actor_id: String(operator.id), before: { code }, after: { code: after.code } }]);

      expect((await consoleRequest(console, 'GET', '/api/console/partners/2147483000/referral-code')).statusCode).toBe(404);

      const reader = await createTestOperator(context, { role: 'content' });
      const readOnly = new TestClient(context.app);
      await signInOperatorAs(context, readOnly, reader.id);
      expect((await consoleRequest(readOnly, 'GET', url)).statusCode).toBe(200);
      expect((await consoleRequest(readOnly, 'POST', `${url}/regenerate`, {})).statusCode).toBe(403);
    });
  });
});
