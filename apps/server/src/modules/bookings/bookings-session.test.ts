import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingListQuerySchema, bookingPageSchema } from '@portal/contracts/bookings';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient } from '../../test/http-client.ts';
import { authenticatedUserOf, createPartner, type CreatedPartner } from '../../test/factories.ts';
import { insertSession, signInAs, type SignedInSession } from '../../test/sign-in.ts';
import { createBooking } from '../../test/booking-factories.ts';
import type { ReadQueryable } from '../../db/pipelined-reader.ts';
import { findSessionPage } from './repository.ts';
import { createBookingsService, PIPELINED_PAGE_ROWS } from './service.ts';

/**
 * GET /api/clients/bookings reads the session itself: a valid list without search words reads the session and
 * the page in one statement, and the auth guard rules on that session before the page is used (routes.ts).
 * Searches, invalid queries and exports have the guard read the session first. Every rule of the guard must
 * hold on both paths, so each case below runs against a plain list and a search.
 */
describe('the bookings list and its session', () => {
  let context: TestContext;
  let partner: CreatedPartner;
  let other: CreatedPartner;

  const PATHS = {
    'one statement (plain list)': '/api/clients/bookings?team=referral&filter_by=appointment_date&page=1',
    'session first (search)': '/api/clients/bookings?search=session',
  };

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    partner = await createPartner(pool, { firstName: 'Sana' });
    other = await createPartner(pool, { firstName: 'Omar' });
    for (const [owner, patient] of [
      [partner, 'Session Patient Sana'],
      [other, 'Session Patient Omar'],
    ] as const) {
      for (let day = 1; day <= 3; day += 1) {
        await createBooking(pool, {
          referralAgentId: owner.referralAgentId,
          referredByUserId: owner.userId,
          ticketId: `${owner.userId}0${day}`,
          dateTime: `2025-03-0${day}T10:00:00Z`,
          patient: `${patient} ${day}`,
        });
      }
    }
  });

  afterAll(async () => {
    await context?.close();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function signedIn(userId: number, options: { remember?: boolean } = {}): Promise<{ client: TestClient; session: SignedInSession }> {
    const client = new TestClient(context.app);
    const session = await signInAs(context, client, userId, options);
    return { client, session };
  }

  /**
   * A reader that notes each statement's name (or text) in `into` and sends it through `reader`'s own query, as it
   * is now: a spy set on the pool later (on the embedded database the reader is the pool) does not see it.
   */
  function recordingReader(reader: ReadQueryable, into: string[]): ReadQueryable {
    const read = reader.query.bind(reader);
    return {
      query<Row extends pg.QueryResultRow>(config: pg.QueryConfig) {
        into.push(config.name ?? config.text);
        return read<Row>(config);
      },
    };
  }

  /** The health probe's statement (modules/health/database-probe.ts). */
  const HEALTH_PROBE_STATEMENT = 'SELECT 1';
  /**
   * The statements sent from now on, through the pool and the reader (one object on the embedded database), but for the
   * health probe's `SELECT 1`, which the app sends every 2 s on its own (modules/health/database-probe.ts): one landed
   * inside a 131 ms test and was counted as the request's.
   */
  function countQueries(): () => string[] {
    const texts: string[] = [];
    const { pool, reader } = context.database;
    for (const queryable of new Set<{ query: (...args: never[]) => unknown }>([pool, reader])) {
      const original = queryable.query.bind(queryable) as (...args: unknown[]) => unknown;
      vi.spyOn(queryable, 'query').mockImplementation(((...args: unknown[]) => {
        const first = args[0];
        const text = typeof first === 'string' ? first : String((first as { text?: string }).text);
        if (text !== HEALTH_PROBE_STATEMENT) texts.push(text);
        return original(...args);
      }) as never);
    }
    return () => texts;
  }

  it('answers a plain list with one database round trip, and a search with two (session, then page)', async () => {
    const { client } = await signedIn(partner.userId);
    await client.get(PATHS['one statement (plain list)']);
    // The idle expiry is slid at most once a minute: fresh now, so no request below writes it, however slowly a
    // loaded machine runs this test (a busy run counted that write as a fourth statement).
    await context.database.pool.query('UPDATE sessions SET last_activity_at = now() WHERE user_id = $1', [partner.userId]);
    const queries = countQueries();
    const plain = await client.get(PATHS['one statement (plain list)']);
    expect(plain.statusCode).toBe(200);
    expect(queries(), queries().join('\n')).toHaveLength(1);
    expect(queries()[0]).toContain('FROM sessions');

    const search = await client.get(PATHS['session first (search)']);
    expect(search.statusCode).toBe(200);
    expect(queries(), queries().join('\n')).toHaveLength(3);
  });

  for (const [pathName, url] of Object.entries(PATHS)) {
    describe(pathName, () => {
      it("answers the partner's own bookings, and only theirs", async () => {
        const { client } = await signedIn(partner.userId);
        const response = await client.get(url);
        expect(response.statusCode, response.body).toBe(200);
        const page = bookingPageSchema.parse(response.json());
        expect(page.total).toBe(3);
        expect(page.data.map((row) => row.booking_patient_detail.name).sort()).toEqual([
          'Session Patient Sana 1',
          'Session Patient Sana 2',
          'Session Patient Sana 3',
        ]);
      });

      it('answers 401 without a cookie, with a made-up token and with an over-long one', async () => {
        for (const token of [null, 'not-a-session-token', 'x'.repeat(101)]) {
          const client = new TestClient(context.app);
          if (token) client.jar.set(context.config.sessionCookie, token);
          const response = await client.get(url);
          expect(response.statusCode, String(token)).toBe(401);
          expect(response.json()).toEqual({ message: 'Unauthenticated.' });
        }
      });

      it('answers 401 for an expired session, a signed-out guest session and a user without a partner profile', async () => {
        const pool = context.database.pool;
        const expired = await signedIn(partner.userId);
        await pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.session.sessionId]);
        const guest = await signedIn(partner.userId);
        await pool.query('UPDATE sessions SET user_id = NULL WHERE id = $1', [guest.session.sessionId]);
        const gone = await createPartner(pool);
        const orphan = await signedIn(gone.userId);
        await pool.query('DELETE FROM partner_profiles WHERE user_id = $1', [gone.userId]);
        for (const { client } of [expired, guest, orphan]) {
          const response = await client.get(url);
          expect(response.statusCode).toBe(401);
          expect(response.json()).toEqual({ message: 'Unauthenticated.' });
        }
      });

      it('answers 401 at once when the account is rejected or still pending, though its session lives on', async () => {
        const pool = context.database.pool;
        for (const status of ['rejected', 'pending']) {
          const account = await createPartner(pool);
          await createBooking(pool, { referralAgentId: account.referralAgentId, referredByUserId: account.userId, patient: 'Session Patient Hidden' });
          const { client } = await signedIn(account.userId);
          expect((await client.get(url)).statusCode).toBe(200);
          await pool.query('UPDATE users SET status = $2 WHERE id = $1', [account.userId, status]);
          const response = await client.get(url);
          expect(response.statusCode, status).toBe(401);
        }
      });

      it('answers 403 password_update_required while the password must still be changed', async () => {
        const pool = context.database.pool;
        const account = await createPartner(pool);
        await pool.query('UPDATE users SET password_updated_check = false WHERE id = $1', [account.userId]);
        const { client } = await signedIn(account.userId);
        const response = await client.get(url);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'password_update_required' });
      });

      it('slides the idle expiry of a session last seen over a minute ago, and renews a remembered cookie', async () => {
        const pool = context.database.pool;
        for (const remember of [false, true]) {
          const { client, session } = await signedIn(partner.userId, { remember });
          await pool.query(
            `UPDATE sessions SET last_activity_at = now() - interval '5 minutes', expires_at = now() + interval '5 minutes' WHERE id = $1`,
            [session.sessionId],
          );
          const response = await client.get(url);
          expect(response.statusCode).toBe(200);
          const row = (
            await pool.query<{ idle_seconds: number; expires_in_minutes: number }>(
              `SELECT extract(epoch FROM now() - last_activity_at)::float8 AS idle_seconds,
                      extract(epoch FROM expires_at - now())::float8 / 60 AS expires_in_minutes
                 FROM sessions WHERE id = $1`,
              [session.sessionId],
            )
          ).rows[0]!;
          expect(row.idle_seconds).toBeLessThan(30);
          // 2 hours idle (SESSION_IDLE_MINUTES), or 30 days with "remember".
          expect(row.expires_in_minutes).toBeGreaterThan(remember ? 29 * 24 * 60 : 110);
          const renewed = String(response.headers['set-cookie'] ?? '');
          if (remember) expect(renewed).toContain(`${context.config.sessionCookie}=${session.token}`);
          else expect(renewed).toBe('');
        }
      });
    });
  }

  it('reads no bookings in the statement itself for a user the guard would stop (the guard is not the only wall)', async () => {
    const pool = context.database.pool;
    const filters = { filterBy: 'appointment_date' as const, timeZone: 'UTC', searchWords: [] };
    const sort = { column: 'date_time' as const, direction: 'desc' as const };
    const allowed = await insertSession(pool, partner.userId);
    const open = await findSessionPage(pool, allowed.sessionId, filters, sort, 10, 0);
    expect(open.page.rows).toHaveLength(3);
    expect(open.page.agentTotal).toBe(3);
    expect(open.session).toMatchObject({ user_id: partner.userId, guarded_agent_id: partner.referralAgentId });

    for (const change of [`status = 'pending'`, `status = 'rejected'`, 'password_updated_check = false']) {
      const account = await createPartner(pool);
      await createBooking(pool, { referralAgentId: account.referralAgentId, referredByUserId: account.userId });
      await pool.query(`UPDATE users SET ${change} WHERE id = $1`, [account.userId]);
      const session = await insertSession(pool, account.userId);
      const read = await findSessionPage(pool, session.sessionId, filters, sort, 10, 0);
      expect(read.session, change).toMatchObject({ user_id: account.userId, referral_agent_id: account.referralAgentId, guarded_agent_id: null });
      expect(read.page, change).toEqual({ rows: [], agentTotal: 0, version: null });
    }
    expect((await findSessionPage(pool, 'no-such-session', filters, sort, 10, 0)).session).toBeNull();
  });

  it("never answers a page read in one statement for another agent than the authorised user's", async () => {
    const pool = context.database.pool;
    const service = createBookingsService({ pool, appUrl: 'http://portal.test' });
    const query = bookingListQuerySchema.parse({});
    const { sessionId } = await insertSession(pool, partner.userId);
    // The guard agrees with the statement: the partner's own page.
    const own = await service.listWithSession(sessionId, query, {}, async () => authenticatedUserOf(partner));
    expect(own.data.map((row) => row.booking_patient_detail.name)).toEqual(['Session Patient Sana 3', 'Session Patient Sana 2', 'Session Patient Sana 1']);
    // A guard that answered another user (a bug in one wall) must not get this session's page under that user's name.
    await expect(service.listWithSession(sessionId, query, {}, async () => authenticatedUserOf(other))).rejects.toThrow("the page was not read for the authorised user's agent");
    // Nor may a guard that lets a session through which the statement found nothing for.
    await expect(service.listWithSession('no-such-session', query, {}, async () => authenticatedUserOf(partner))).rejects.toThrow(
      "the page was not read for the authorised user's agent",
    );
  });

  it("answers each of many concurrent lists of two partners with that partner's own page (one pipelined connection carries them all)", async () => {
    const sana = await signedIn(partner.userId);
    const omar = await signedIn(other.userId);
    const owners = Array.from({ length: 60 }, (_, index) => (index % 3 === 0 ? 'Omar' : 'Sana'));
    const responses = await Promise.all(owners.map((owner) => (owner === 'Omar' ? omar : sana).client.get(PATHS['one statement (plain list)'])));
    responses.forEach((response, index) => {
      expect(response.statusCode).toBe(200);
      const names = bookingPageSchema.parse(response.json()).data.map((row) => row.booking_patient_detail.name);
      expect(names).toEqual([3, 2, 1].map((day) => `Session Patient ${owners[index]} ${day}`));
    });
  });

  it('reads a page with its session through the database reader (the pipelined connection) while shallow, a deep one through the pool', async () => {
    const pool = context.database.pool;
    const readerStatements: string[] = [];
    const reader = recordingReader(context.database.reader, readerStatements);
    const service = createBookingsService({ pool, reader, appUrl: 'http://portal.test' });
    const { sessionId } = await insertSession(pool, partner.userId);
    const guard = async () => authenticatedUserOf(partner);
    const pageOf = (page: number, perPage: number) => bookingListQuerySchema.parse({ page: String(page), per_page: String(perPage) });
    // Up to PIPELINED_PAGE_ROWS index entries (offset + page size): the reader.
    const firstPage = await service.listWithSession(sessionId, pageOf(1, 10), {}, guard);
    expect(firstPage.data.map((row) => row.booking_patient_detail.name)).toEqual(['Session Patient Sana 3', 'Session Patient Sana 2', 'Session Patient Sana 1']);
    const lastShallow = await service.listWithSession(sessionId, pageOf(PIPELINED_PAGE_ROWS / 10, 10), {}, guard);
    expect(readerStatements).toHaveLength(2);
    // Beyond it: a pooled connection of its own, with the same answer.
    const deep = await service.listWithSession(sessionId, pageOf(PIPELINED_PAGE_ROWS / 10 + 1, 10), {}, guard);
    expect(readerStatements).toHaveLength(2);
    expect([lastShallow.total, deep.total, deep.data.length]).toEqual([3, 3, 0]);
    // A filtered list, however shallow, may walk many index entries for its rows: the pool too.
    const filtered = await service.listWithSession(sessionId, bookingListQuerySchema.parse({ from: '2025-03-02', to: '2025-03-03' }), {}, guard);
    expect(readerStatements).toHaveLength(2);
    expect(filtered.data.map((row) => row.booking_patient_detail.name)).toEqual(['Session Patient Sana 3', 'Session Patient Sana 2']);
  });

  it('reads the session of a signed-in request through the database reader, not the pool', async () => {
    const readerStatements: string[] = [];
    const own = await createTestApp({}, {
      database: (database) => ({ ...database, reader: recordingReader(database.reader, readerStatements) }),
    });
    try {
      const account = await createPartner(own.database.pool);
      const client = new TestClient(own.app);
      await signInAs(own, client, account.userId);
      const poolStatements: string[] = [];
      const query = own.database.pool.query.bind(own.database.pool) as (...args: unknown[]) => unknown;
      vi.spyOn(own.database.pool, 'query').mockImplementation(((...args: unknown[]) => {
        const config = args[0] as string | pg.QueryConfig;
        poolStatements.push(typeof config === 'string' ? config : (config.name ?? config.text));
        return query(...args);
      }) as never);
      readerStatements.length = 0;
      expect((await client.get('/api/user')).statusCode).toBe(200);
      expect(readerStatements).toEqual(['session_by_token_with_user']);
      expect(poolStatements).not.toContain('session_by_token_with_user');
    } finally {
      await own.close();
    }
  });

  it('checks the session before the query: 401 for bad parameters without a session, 422 with one', async () => {
    const anonymous = new TestClient(context.app);
    expect((await anonymous.get('/api/clients/bookings?page=0')).statusCode).toBe(401);
    const { client } = await signedIn(partner.userId);
    const response = await client.get('/api/clients/bookings?page=0&per_page=7');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors as object).sort()).toEqual(['page', 'per_page']);
  });

  it('answers HEAD like GET, without a body', async () => {
    const { client } = await signedIn(partner.userId);
    const head = await client.request('HEAD', PATHS['one statement (plain list)']);
    expect(head.statusCode).toBe(200);
    expect((await new TestClient(context.app).request('HEAD', PATHS['one statement (plain list)'])).statusCode).toBe(401);
  });
});
