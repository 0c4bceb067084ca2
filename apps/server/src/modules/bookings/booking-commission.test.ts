import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPageSchema, type BookingPage } from '@portal/contracts/bookings';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient } from '../../test/http-client.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createBooking } from '../../test/booking-factories.ts';
import { insertLine, insertPayout } from '../../test/ledger-rows.ts';

/** The partner's bookings list carries each booking's commission (issue 34): the line's amount, currency and status. */
describe('bookings list: the commission column', () => {
  let context: TestContext;
  let owner: CreatedPartner;
  let other: CreatedPartner;
  let client: TestClient;
  let otherClient: TestClient;

  async function rows(signedIn: TestClient): Promise<BookingPage['data']> {
    const response = await signedIn.get('/api/clients/bookings?per_page=50');
    expect(response.statusCode, response.body).toBe(200);
    return bookingPageSchema.parse(response.json()).data;
  }

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    owner = await createPartner(pool, { firstName: 'Layla' });
    other = await createPartner(pool, { firstName: 'Tomasz' });
    await insertLine(pool, { referralAgentId: owner.referralAgentId, userId: owner.userId }, 'approved');
    await insertLine(pool, { referralAgentId: owner.referralAgentId, userId: owner.userId }, 'reversed');
    await createBooking(pool, { referralAgentId: owner.referralAgentId, referredByUserId: owner.userId, status: 'confirmed', patient: 'Not Completed Yet' });
    const payout = await insertPayout(pool, other.referralAgentId, 'paid');
    await insertLine(pool, { referralAgentId: other.referralAgentId, userId: other.userId }, 'paid', payout);
    client = new TestClient(context.app);
    await signInAs(context, client, owner.userId);
    otherClient = new TestClient(context.app);
    await signInAs(context, otherClient, other.userId);
  });

  afterAll(async () => {
    await context?.close();
  });

  it("gives each booking its commission line's amount, currency and status, and null before one is earned", async () => {
    const list = await rows(client);
    expect(list).toHaveLength(3);
    const commissions = list.map((row) => row.commission);
    expect(commissions).toEqual(
      expect.arrayContaining([
        { amount_minor: 1250, currency: 'EUR', status: 'approved' },
        { amount_minor: 1250, currency: 'EUR', status: 'reversed' },
        null,
      ]),
    );
    expect(list.find((row) => row.booking_patient_detail.name === 'Not Completed Yet')?.commission).toBeNull();
  });

  it("shows another partner only their own bookings' commissions", async () => {
    const list = await rows(otherClient);
    expect(list.map((row) => row.commission)).toEqual([{ amount_minor: 1250, currency: 'EUR', status: 'paid' }]);
  });
});
