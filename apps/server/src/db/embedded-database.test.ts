import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * PGlite runs WebAssembly on the thread that calls it. The embedded database therefore lives in a
 * worker thread: while it grinds through heavy queries, the server's own thread keeps answering.
 */
describe('embedded database off the main thread', () => {
  let database: Database;
  let app: App;

  beforeAll(async () => {
    database = await openDatabase({ embeddedDataDir: 'memory://' });
    await migrate(database.pool);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-embedded-test', APP_KEY: 'k'.repeat(40), LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('speaks the PostgreSQL wire protocol with pg_trgm available', async () => {
    const { rows } = await database.pool.query<{ version: string }>('SELECT version()');
    expect(rows[0]?.version).toMatch(/PostgreSQL/);
    await database.pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const similarity = await database.pool.query<{ s: number }>("SELECT similarity('booking', 'bookings') AS s");
    expect(similarity.rows[0]?.s).toBeGreaterThan(0.5);
  });

  it('keeps /api/health answering within 50 ms while heavy queries run', async () => {
    let heavyDone = 0;
    const heavy = Array.from({ length: 4 }, () =>
      database.pool
        .query('SELECT count(*) FROM generate_series(1, 4000000) AS a, LATERAL (SELECT a % 7) AS b')
        .then(() => {
          heavyDone += 1;
        }),
    );
    // Let the first heavy query start in the worker.
    await new Promise((resolve) => setTimeout(resolve, 50));

    const latencies: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      latencies.push(performance.now() - started);
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // The measurement only means something if the database was busy the whole time.
    expect(heavyDone).toBeLessThan(4);
    expect(Math.max(...latencies)).toBeLessThan(50);
    await Promise.all(heavy);
  });
});
