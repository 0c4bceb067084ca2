import type pg from 'pg';
import type { Config } from '../../config.ts';
import { inTransaction } from '../../db/queryable.ts';
import { DEMO_OPERATORS, DEMO_OPERATOR_TOTP_SECRET, DEMO_PASSWORD, DEMO_RECOVERY_CODES } from '../../db/seeds/demo-identities.ts';
import { createOperatorAccount } from './service.ts';

export interface DemoOperator {
  email: string;
  password: string;
  role: string;
  description: string;
  totpSecret: string;
}

/**
 * One demo operator per role (db/seeds/demo-identities.ts), two-factor already enrolled with the fixed demo secret and
 * the demo recovery codes, each created with its audit row as the system. In one transaction.
 */
export async function seedDemoOperators(pool: pg.Pool, config: Pick<Config, 'appKey'>): Promise<DemoOperator[]> {
  return inTransaction(pool, async (client) => {
    const seeded: DemoOperator[] = [];
    for (const operator of DEMO_OPERATORS) {
      await createOperatorAccount(
        { pool, config },
        {
          email: operator.email,
          name: operator.name,
          role: operator.role,
          password: DEMO_PASSWORD,
          twoFactor: { secret: DEMO_OPERATOR_TOTP_SECRET, recoveryCodes: [...DEMO_RECOVERY_CODES] },
        },
        { type: 'system', id: 'demo-seed' },
        client,
      );
      seeded.push({ email: operator.email, password: DEMO_PASSWORD, role: operator.role, description: operator.description, totpSecret: DEMO_OPERATOR_TOTP_SECRET });
    }
    return seeded;
  });
}
