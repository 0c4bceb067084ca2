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

  it('answers /api/health while a heavy query runs: the query works in the worker, not on the server thread', async () => {
    // How fast it answers meanwhile is a figure of the bench (npm run bench -- --only event-loop), not of this test.
    let heavyDone = false;
    const heavy = database.pool
      .query('SELECT count(*) FROM generate_series(1, 3000000) AS a, LATERAL (SELECT a % 7) AS b')
      .then(() => {
        heavyDone = true;
      });
    // Each answer after a full turn of the event loop (its I/O phase included), where a database working on this
    // thread would take the query up and hold the thread until it is done: then no answer could come before it.
    // On a loaded machine the worker may finish sooner or later than any fixed number of answers, so what is
    // counted is whether answers came while it worked at all (a blocked thread gives none).
    let answeredMeanwhile = 0;
    while (!heavyDone && answeredMeanwhile < 20) {
      await new Promise((resolve) => setImmediate(resolve));
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      if (!heavyDone) answeredMeanwhile += 1;
    }
    await heavy;
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(2);
  });
});
