import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, operatorClientFor, type TestOperator } from '../../test/console-sign-in.ts';
import type { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The four-eyes controls an admin edits in the console (issue 31, docs/earnings.md "Four eyes"): each currency's
 * threshold, set in the currency's major units and kept in its minor units, removed when one operator is enough; and a
 * proposed batch withdrawn by an operator who will not approve it. Only finance_controls.manage edits the thresholds;
 * every change is audited with the operator.
 */

const THRESHOLDS_URL = '/api/console/earnings/payout-approval-thresholds';

let context: TestContext;
let admin: TestOperator;
let adminClient: TestClient;
let finance: TestOperator;
let financeClient: TestClient;
let supportClient: TestClient;
let contentClient: TestClient;

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTestOperator(context, { role: 'admin' });
  adminClient = await operatorClientFor(context, admin);
  finance = await createTestOperator(context, { role: 'finance' });
  financeClient = await operatorClientFor(context, finance);
  supportClient = await operatorClientFor(context, await createTestOperator(context, { role: 'support' }));
  contentClient = await operatorClientFor(context, await createTestOperator(context, { role: 'content' }));
});
afterAll(async () => {
  await context.close();
});

async function auditRows(action: string, targetId: string) {
  const { rows } = await context.database.pool.query<{ actor_id: string; before: unknown; after: unknown }>(
    `SELECT actor_id, before, after FROM audit_events WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, targetId],
  );
  return rows;
}

describe('four-eyes thresholds', () => {
  it('are read by every role that reads earnings, and changed only by finance_controls.manage', async () => {
    expect((await consoleRequest(supportClient, 'GET', THRESHOLDS_URL)).statusCode).toBe(200);
    expect((await consoleRequest(contentClient, 'GET', THRESHOLDS_URL)).statusCode).toBe(403);
    for (const client of [financeClient, supportClient, contentClient]) {
      expect((await consoleRequest(client, 'PUT', `${THRESHOLDS_URL}/CHF`, { threshold: '5000.00' })).statusCode).toBe(403);
      expect((await consoleRequest(client, 'DELETE', `${THRESHOLDS_URL}/EUR`)).statusCode).toBe(403);
    }
    const { rows } = await context.database.pool.query('SELECT 1 FROM payout_approval_thresholds WHERE currency = $1', ['CHF']);
    expect(rows).toHaveLength(0);
  });

  it('keeps a threshold in the minor units of its currency: 0, 2 and 3 decimals', async () => {
    const cases = [
      { currency: 'JPY', threshold: '2000000', minor: 2_000_000 },
      { currency: 'CHF', threshold: '7500.50', minor: 750_050 },
      { currency: 'KWD', threshold: '3000.125', minor: 3_000_125 },
    ];
    for (const { currency, threshold, minor } of cases) {
      const answer = await consoleRequest(adminClient, 'PUT', `${THRESHOLDS_URL}/${currency}`, { threshold });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().thresholds).toContainEqual(expect.objectContaining({ currency, threshold_minor: minor, updated_by: 'Test admin' }));
    }
    // Lower case is read as the code.
    expect((await consoleRequest(adminClient, 'PUT', `${THRESHOLDS_URL}/chf`, { threshold: '8000' })).json().thresholds).toContainEqual(expect.objectContaining({ currency: 'CHF', threshold_minor: 800_000 }));
  });

  it('answers 422 at the field for an unknown currency, an amount that is not one and more decimals than the currency has', async () => {
    const unknown = await consoleRequest(adminClient, 'PUT', `${THRESHOLDS_URL}/XQZ`, { threshold: '100.00' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.currency).toEqual(['Choose a currency.']);
    const words = await consoleRequest(adminClient, 'PUT', `${THRESHOLDS_URL}/USD`, { threshold: 'ten thousand' });
    expect(words.statusCode).toBe(422);
    expect(words.json().errors.threshold).toEqual(['The threshold must be an amount such as 10000.00.']);
    const negative = await consoleRequest(adminClient, 'PUT', `${THRESHOLDS_URL}/USD`, { threshold: '-5.00' });
    expect(negative.statusCode).toBe(422);
    const yen = await consoleRequest(adminClient, 'PUT', `${THRESHOLDS_URL}/JPY`, { threshold: '100.5' });
    expect(yen.statusCode).toBe(422);
    expect(yen.json().errors.threshold).toEqual(['The threshold has more decimals than its currency has.']);
    expect((await consoleRequest(adminClient, 'PUT', `${THRESHOLDS_URL}/USD`, {})).statusCode).toBe(422);
    // Nothing was written by the refusals.
    const usd = (await consoleRequest(supportClient, 'GET', THRESHOLDS_URL)).json().thresholds.find((row: { currency: string }) => row.currency === 'USD');
    expect(usd.threshold_minor).toBe(1_000_000);
  });

  it('audits each change and each removal with the operator, before and after; removing one twice is a 404', async () => {
    await consoleRequest(adminClient, 'PUT', `${THRESHOLDS_URL}/SEK`, { threshold: '90000.00' });
    await consoleRequest(adminClient, 'PUT', `${THRESHOLDS_URL}/SEK`, { threshold: '120000.00' });
    const updates = await auditRows('payout_threshold.updated', 'SEK');
    expect(updates.map((row) => [row.actor_id, row.before, row.after])).toEqual([
      [String(admin.id), null, { threshold_minor: 9_000_000 }],
      [String(admin.id), { threshold_minor: 9_000_000 }, { threshold_minor: 12_000_000 }],
    ]);

    const removed = await consoleRequest(adminClient, 'DELETE', `${THRESHOLDS_URL}/SEK`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().thresholds.map((row: { currency: string }) => row.currency)).not.toContain('SEK');
    expect((await auditRows('payout_threshold.removed', 'SEK')).map((row) => [row.actor_id, row.before])).toEqual([[String(admin.id), { threshold_minor: 12_000_000 }]]);
    const again = await consoleRequest(adminClient, 'DELETE', `${THRESHOLDS_URL}/SEK`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This currency has no four-eyes threshold.');
  });
});

describe('withdrawing a proposed batch', () => {
  /** A proposal by `finance` of a batch of one draft (the payout itself is not needed to withdraw it). */
  async function proposal(day: string): Promise<number> {
    const { rows } = await context.database.pool.query<{ id: string }>(
      `INSERT INTO payout_batch_proposals (scheduled_on, currency, payout_ids, total_minor, proposed_by_operator_id) VALUES ($1, 'EUR', '{1}', 1500000, $2) RETURNING id`,
      [day, finance.id],
    );
    return Number(rows[0]!.id);
  }

  it('lets another operator withdraw it, audited with who proposed and who withdrew; a closed one answers 409', async () => {
    const id = await proposal('2029-01-05');
    expect((await consoleRequest(supportClient, 'POST', `/api/console/earnings/payout-batches/${id}/withdraw`)).statusCode).toBe(403);
    const withdrawn = await consoleRequest(adminClient, 'POST', `/api/console/earnings/payout-batches/${id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ id, status: 'withdrawn', proposed_by: { id: finance.id }, decided_by: { id: admin.id } });
    const [audit] = await auditRows('payout_batch.withdrawn', '2029-01-05-EUR');
    expect(audit!.after).toMatchObject({ proposal_id: id, proposed_by: { id: finance.id, name: 'Test finance' }, withdrawn_by: { id: admin.id, name: 'Test admin' } });
    expect((await consoleRequest(adminClient, 'POST', `/api/console/earnings/payout-batches/${id}/withdraw`)).statusCode).toBe(409);
    expect((await consoleRequest(adminClient, 'POST', `/api/console/earnings/payout-batches/${id}/approve`)).statusCode).toBe(409);
    expect((await consoleRequest(adminClient, 'POST', '/api/console/earnings/payout-batches/999999/withdraw')).statusCode).toBe(404);
  });

  it('lets the proposer withdraw their own, and the batch may be proposed again', async () => {
    const id = await proposal('2029-01-06');
    const withdrawn = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payout-batches/${id}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', decided_by: { id: finance.id } });
    // The open-proposal index no longer holds the batch.
    await expect(proposal('2029-01-06')).resolves.toBeGreaterThan(id);
  });
});
