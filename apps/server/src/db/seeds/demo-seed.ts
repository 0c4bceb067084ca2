import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../client.ts';
import { seedDemoAccounts, type DemoAccount } from './demo-accounts.ts';
import { seedDemoBookings } from './demo-bookings.ts';

/**
 * Seeds the demo data when the database has no users yet, and returns the demo logins to print.
 * Each area seeds its own part; the order matters (bookings belong to the demo accounts' agents).
 */
export async function seedDemoIfEmpty(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<DemoAccount[] | undefined> {
  const { rows } = await database.pool.query<{ count: number }>('SELECT count(*) AS count FROM users');
  if ((rows[0]?.count ?? 0) > 0) return undefined;
  log.info('empty database: seeding demo data');
  const accounts = await seedDemoAccounts(database.pool, config);
  await seedDemoBookings(database.pool);
  return accounts;
}
