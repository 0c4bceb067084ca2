import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingListQuerySchema } from '@portal/contracts/bookings';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { authenticatedUserOf, createPartner, type CreatedPartner } from '../../test/factories.ts';
import { createBooking } from '../../test/booking-factories.ts';
import type { AuthenticatedUser } from '../../plugins/auth-guard.ts';
import { createBookingsService } from './service.ts';

/**
 * An export reads the filtered list in keyset batches (service.ts, repository.ts). With a batch of 5 and 23
 * bookings, several of them tied on the sort key, every export below crosses five batches: each row must come
 * exactly once and in the list's own order, and a download that stops early must leave the pool usable.
 */
describe('export batches', () => {
  const BATCH = 5;
  let context: TestContext;
  let partner: CreatedPartner;
  let user: AuthenticatedUser;

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    partner = await createPartner(pool, { firstName: 'Batch' });
    user = authenticatedUserOf(partner);
    for (let index = 0; index < 23; index += 1) {
      await createBooking(pool, {
        referralAgentId: partner.referralAgentId,
        referredByUserId: partner.userId,
        ticketId: index % 7 === 0 ? null : String(810_000 + index),
        // groups of three share an appointment time, amounts repeat and four have no ticket: ties the keyset breaks by id
        dateTime: `2025-04-${String(1 + Math.floor(index / 3)).padStart(2, '0')}T09:00:00Z`,
        amount: `${100 + (index % 4) * 50}.00`,
        patient: `Batch Patient ${index}`,
      });
    }
  });

  afterAll(async () => {
    await context?.close();
  });

  function service() {
    return createBookingsService({ pool: context.database.pool, appUrl: 'http://localhost', exportBatchSize: BATCH });
  }

  async function listedIds(sort: string): Promise<number[]> {
    const page = await service().list(user, bookingListQuerySchema.parse({ sort, per_page: '200' }), {});
    return page.data.map((row) => row.id);
  }

  for (const sort of ['-date_time', 'date_time', 'amount', '-amount', 'ticket_id', '-created_at']) {
    it(`exports every row once, in the list's order, across batches (sort ${sort})`, async () => {
      const started = await service().startExport(user, bookingListQuerySchema.parse({ sort, format: 'xlsx' }));
      const sizes: number[] = [];
      const ids: number[] = [];
      try {
        for await (const batch of started.rows) {
          sizes.push(batch.length);
          ids.push(...batch.map((row) => row.id));
        }
      } finally {
        started.release();
      }
      expect(started.meta.total).toBe(23);
      expect(sizes).toEqual([5, 5, 5, 5, 3]);
      expect(ids).toEqual(await listedIds(sort));
    });
  }

  it('stops cleanly when the download stops after the first batch', async () => {
    const started = await service().startExport(user, bookingListQuerySchema.parse({ format: 'pdf' }));
    let batches = 0;
    for await (const batch of started.rows) {
      expect(batch).toHaveLength(BATCH);
      batches += 1;
      break;
    }
    started.release();
    expect(batches).toBe(1);
    // The export holds no connection between batches (the embedded database has just one).
    const page = await service().list(user, bookingListQuerySchema.parse({ per_page: '5' }), {});
    expect(page.total).toBe(23);
  });

  it("stops before writing a batch that holds another agent's row", async () => {
    // A database answer that does not match the statement's scope (it cannot happen while the SQL is right):
    // the second batch comes back with one row of another agent's.
    const pool = context.database.pool;
    let batchesRead = 0;
    const tampering = new Proxy(pool, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<typeof pool.query>) => {
          const result = (await (target.query as (...query: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>)(...args));
          const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
          if (text.includes('local_date_time') && ++batchesRead === 2) result.rows[2]!.referral_agent_id = partner.referralAgentId + 1;
          return result;
        };
      },
    });
    const tamperedService = createBookingsService({ pool: tampering, appUrl: 'http://localhost', exportBatchSize: BATCH });
    const started = await tamperedService.startExport(user, bookingListQuerySchema.parse({ format: 'xlsx' }));
    const written: number[] = [];
    try {
      await expect(
        (async () => {
          for await (const batch of started.rows) written.push(...batch.map((row) => row.id));
        })(),
      ).rejects.toThrow("bookings export: a batch held a row of another agent's");
    } finally {
      started.release();
    }
    expect(written).toHaveLength(BATCH);
  });
});
