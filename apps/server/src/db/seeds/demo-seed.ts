import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../client.ts';
import { seedDemoAccounts, type DemoAccount } from './demo-accounts.ts';
import { loadModules } from '../../kit/load-modules.ts';
import type { DemoSeedServices } from '../../kit/portal-module.ts';
import { seedDemoOperators } from '../../modules/operators/demo-operators.ts';

/**
 * Seeds the demo data when the database has no users yet, and returns the demo logins to print (partners, then the
 * console's operators).
 * The accounts come first; then each area seeds its own part (its module's `seedDemo`), in module order, so an area's
 * rows can refer to those of the areas it comes after.
 */
export async function seedDemoIfEmpty(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  services: Omit<DemoSeedServices, 'appKey'>,
): Promise<DemoAccount[] | undefined> {
  const { rows } = await database.pool.query<{ count: number }>('SELECT count(*) AS count FROM users');
  if ((rows[0]?.count ?? 0) > 0) return undefined;
  log.info('empty database: seeding demo data');
  const accounts = await seedDemoAccounts(database.pool, config);
  // The console's operators, one per role (their TOTP secret is sealed with APP_KEY, hence here and not in a module's seedDemo).
  const operators = await seedDemoOperators(database.pool, config);
  for (const module of await loadModules()) await module.seedDemo?.(database.pool, { ...services, appKey: config.appKey });
  return [
    ...accounts,
    ...operators.map((operator) => ({ email: operator.email, password: operator.password, description: operator.description, totpSecret: operator.totpSecret, operatorRole: operator.role })),
  ];
}
