import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, permissionsOf } from '@portal/contracts/operator-permissions';
import { DEMO_OPERATORS, DEMO_OPERATOR_TOTP_SECRET, DEMO_PASSWORD } from '../../db/seeds/demo-identities.ts';
import { currentTotpCode } from '../../lib/two-factor.ts';
import { consoleCsrf, consoleRequest } from '../../test/console-sign-in.ts';
import { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { seedDemoOperators, type DemoOperator } from './demo-operators.ts';

describe('demo operators', () => {
  let context: TestContext;
  let seeded: DemoOperator[];
  beforeAll(async () => {
    context = await createTestApp();
    seeded = await seedDemoOperators(context.database.pool, context.config);
  });
  afterAll(async () => {
    await context.close();
  });

  it('are one per role, printed with the password and the TOTP secret', () => {
    expect(seeded.map((operator) => operator.role).sort()).toEqual([...OPERATOR_ROLES].sort());
    for (const operator of seeded) expect(operator).toMatchObject({ password: DEMO_PASSWORD, totpSecret: DEMO_OPERATOR_TOTP_SECRET });
  });

  it('each signs in with the demo password and a code computed from the printed secret, into its role', async () => {
    for (const operator of DEMO_OPERATORS) {
      const client = new TestClient(context.app);
      await consoleCsrf(client);
      const login = await consoleRequest(client, 'POST', '/api/console/login', { email: operator.email, password: DEMO_PASSWORD });
      expect(login.json(), operator.email).toEqual({ next: 'two_factor' });
      const signedIn = await consoleRequest(client, 'POST', '/api/console/two-factor-challenge', { code: currentTotpCode(DEMO_OPERATOR_TOTP_SECRET) });
      expect(signedIn.statusCode, operator.email).toBe(200);
      expect(signedIn.json().operator).toMatchObject({ email: operator.email, name: operator.name, role: operator.role, permissions: permissionsOf(operator.role) });
    }
  });
});
