import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { TestClient } from '../test/http-client.ts';
import { createPartner } from '../test/factories.ts';
import { signInAs } from '../test/sign-in.ts';

/** partnerRoute's permission gate: the declared permission of a route is checked against the caller's role. */
describe('a partner route declared with a permission', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  async function signedInAs(role: 'owner' | 'finance') {
    const partner = await createPartner(context.database.pool, { role });
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    return client;
  }

  it('answers 403 to a member whose role lacks it, and serves one whose role holds it', async () => {
    // The Facility filter lists where the agent's patients went: referrals.read, which finance lacks.
    const finance = await signedInAs('finance');
    const refused = await finance.get('/api/general/get-facilities');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'This action is unauthorized.' });
    expect((await finance.get('/api/notifications/unread-count')).statusCode).toBe(200);

    const owner = await signedInAs('owner');
    expect((await owner.get('/api/general/get-facilities')).statusCode).toBe(200);
  });

  it('tells the signed-in member their role', async () => {
    const finance = await signedInAs('finance');
    expect((await finance.get('/api/user')).json()).toMatchObject({ partner_profile: { role: 'finance' } });
  });
});
