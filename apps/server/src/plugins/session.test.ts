import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { TestClient } from '../test/http-client.ts';
import { createPartner, type CreatedPartner } from '../test/factories.ts';
import { insertSession, signInAs } from '../test/sign-in.ts';
import { currentUser } from './auth-guard.ts';
import type { SessionWithUserRow } from '../lib/session-sql.ts';

/**
 * The session plugin's deferred lookup (`config.sessionLookup: 'deferred'`), through test routes: a route may
 * read its session later, or inside its own statement, but never skip it, never take someone else's, and never
 * defer it where the CSRF check needs it.
 */
describe('deferred session lookup', () => {
  let context: TestContext;
  let partner: CreatedPartner;
  let foreignRow: SessionWithUserRow | null = null;

  beforeAll(async () => {
    context = await createTestApp(
      {},
      {
        extend(app) {
          const deferred = { config: { sessionLookup: 'deferred' as const } };
          // Leaves the session to the guard.
          app.get('/api/test-only/deferred/guarded', { ...deferred, preHandler: app.requireUser }, async (request) => ({
            id: currentUser(request).id,
          }));
          // Reports what it sees without the guard: nothing was read for it.
          app.get('/api/test-only/deferred/peek', deferred, async (request) => ({
            session: request.session !== null,
            pending: request.sessionPending,
          }));
          // Hands in a session row that is not the request's own.
          app.get('/api/test-only/deferred/adopt-foreign', deferred, async (request, reply) => {
            await app.sessions.adopt(request, reply, foreignRow);
            return { adopted: request.session?.id ?? null };
          });
          // A state-changing route cannot defer: the CSRF check needs the session first.
          app.post('/api/test-only/deferred/post', { ...deferred, preHandler: app.requireUser }, async (request) => ({
            id: currentUser(request).id,
          }));
        },
      },
    );
    partner = await createPartner(context.database.pool);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('reads nothing before a deferred route, and the guard reads the session when the route asks for it', async () => {
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    expect((await client.get('/api/test-only/deferred/peek')).json()).toEqual({ session: false, pending: true });
    const guarded = await client.get('/api/test-only/deferred/guarded');
    expect(guarded.statusCode).toBe(200);
    expect(guarded.json()).toEqual({ id: partner.userId });
    expect((await new TestClient(context.app).get('/api/test-only/deferred/guarded')).statusCode).toBe(401);
  });

  it("refuses a session row that is not the request's own (500, nothing adopted)", async () => {
    const other = await insertSession(context.database.pool, partner.userId);
    foreignRow = {
      session_id: other.sessionId,
      user_id: partner.userId,
      csrf_token: other.csrfToken,
      data: {},
      remember: false,
      session_created_ms: Date.now(),
      last_activity_ms: Date.now(),
      email: partner.email,
      first_name: 'A',
      last_name: 'B',
      user_status: 'approved',
      password_updated_check: true,
      referral_agent_id: partner.referralAgentId,
      partner_role: 'owner',
      locale: 'en',
      guarded_agent_id: partner.referralAgentId,
    };
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    const response = await client.get('/api/test-only/deferred/adopt-foreign');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });
    // Without a cookie of its own, a request cannot adopt any row either.
    expect((await new TestClient(context.app).get('/api/test-only/deferred/adopt-foreign')).statusCode).toBe(500);
  });

  it('still reads the session before a state-changing request on a deferred route, so CSRF holds', async () => {
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    const accepted = await client.post('/api/test-only/deferred/post', {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ id: partner.userId });
    const forged = await client.post('/api/test-only/deferred/post', {}, { 'x-xsrf-token': 'forged' });
    expect(forged.statusCode).toBe(419);
  });
});
