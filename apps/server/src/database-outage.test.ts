import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE } from './lib/errors.ts';
import type { Database } from './db/client.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';
import { TestClient, type TestResponse } from './test/http-client.ts';
import { createPartner } from './test/factories.ts';
import { signInAs } from './test/sign-in.ts';

/**
 * The outside probe's F5: while PostgreSQL was stopped, API routes answered 500 and a sign-in showed "CSRF token
 * mismatch" (its /sanctum/csrf-cookie had failed). The app here reaches its database through a TCP relay this test
 * can cut, as a stopped server or a dead embedded worker would: new connections are refused and open ones end.
 */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  /** Where the database really is (set once the test database is open). */
  target = { host: '127.0.0.1', port: 0 };

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The database goes away: the port refuses connections and every open connection is cut. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Where the test database really is, and a pool config that reaches it through `port` instead. */
function relayed(pool: pg.Pool): { target: { host: string; port: number }; config: (port: number) => pg.PoolConfig } {
  const options = (pool as unknown as { options: pg.PoolConfig }).options;
  if (options.connectionString) {
    const url = new URL(options.connectionString);
    return {
      target: { host: url.hostname, port: Number(url.port || 5432) },
      config: (port) => {
        const through = new URL(url);
        through.hostname = '127.0.0.1';
        through.port = String(port);
        return { connectionString: through.toString(), max: 2 };
      },
    };
  }
  return {
    target: { host: String(options.host), port: Number(options.port) },
    config: (port) => ({ host: '127.0.0.1', port, user: options.user, database: options.database, max: 1 }),
  };
}

describe('while the database cannot be reached (outside probe F5)', () => {
  let context: TestContext;
  let relay: Relay;
  let relayedPool: pg.Pool;
  let partnerClient: TestClient;

  beforeAll(async () => {
    relay = new Relay();
    await relay.start();
    context = await createTestApp(
      {},
      {
        database(database: Database): Database {
          const { target, config } = relayed(database.pool);
          relay.target = target;
          relayedPool = new pg.Pool(config(relay.port));
          relayedPool.on('error', () => {});
          return { ...database, pool: relayedPool, reader: relayedPool };
        },
        extend(app) {
          // A statement PostgreSQL refuses (22012): a bug, not an outage.
          app.get('/api/test-only/division-by-zero', async () => (await relayedPool.query('SELECT 1 / 0 AS x')).rows);
        },
      },
    );
    const partner = await createPartner(context.database.pool);
    partnerClient = new TestClient(context.app);
    await signInAs(context, partnerClient, partner.userId);
  });

  afterAll(async () => {
    await relay?.stop();
    await relayedPool?.end();
    await context?.close();
  });

  function expectUnavailable(response: TestResponse, label: string): void {
    expect(response.statusCode, `${label}: ${response.body}`).toBe(503);
    expect(response.headers['retry-after'], label).toMatch(/^[1-9]\d*$/);
    expect(response.json(), label).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
  }

  it('answers as usual while it can', async () => {
    expect((await partnerClient.get('/api/user')).statusCode).toBe(200);
    expect((await new TestClient(context.app).get('/sanctum/csrf-cookie')).statusCode).toBe(204);
  });

  it('answers 503 with Retry-After to every request that needs it, and recovers when it is back', async () => {
    // A guest who fetched the CSRF cookie before the outage, about to sign in.
    const guest = new TestClient(context.app);
    await guest.csrf();
    await relay.stop();
    try {
      expectUnavailable(await new TestClient(context.app).get('/sanctum/csrf-cookie'), 'csrf-cookie');
      expectUnavailable(await guest.post('/api/login', { email: 'someone@example.test', password: 'x' }), 'login');
      expectUnavailable(await partnerClient.get('/api/user'), 'user');
      expectUnavailable(await partnerClient.get('/api/clients/bookings?page=2'), 'bookings');
      expectUnavailable(await partnerClient.get('/api/notifications'), 'notifications');
      expectUnavailable(await partnerClient.post('/api/notifications/read-all'), 'read-all');
      expectUnavailable(await new TestClient(context.app).get('/api/registration/options'), 'registration options');
    } finally {
      await relay.start();
    }
    // It reconnects by itself: a new visitor gets a session again, and a query runs. (A request that carries a
    // session cookie is not checked here: after a reconnect to the embedded database the session lookup's named
    // statement is still prepared on PGlite's one backend and answers 42P05; reported to the session's owner.)
    expect((await new TestClient(context.app).get('/sanctum/csrf-cookie')).statusCode).toBe(204);
    expect((await new TestClient(context.app).get('/api/registration/options')).statusCode).toBe(200);
  });

  it('still answers 500 to a database error that is no outage', async () => {
    const response = await new TestClient(context.app).get('/api/test-only/division-by-zero');
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'Server Error' });
  });
});
