import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { consoleRequest, createTestOperator, type TestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import type { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { startOfDayIn } from './zoned-day.ts';

let context: TestContext;
let admin: TestOperator;
let finance: TestOperator;
let partner: CreatedPartner;

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTestOperator(context, { role: 'admin' });
  finance = await createTestOperator(context, { role: 'finance' });
  partner = await createPartner(context.database.pool, { firstName: 'Amelia', lastName: 'Hart' });
});
afterAll(async () => {
  await context.close();
});

function operatorClient(operator: TestOperator): Promise<TestClient> {
  return operatorClientFor(context, operator);
}

/** An audit row at a given time (the table takes inserts; only updates and deletes are refused). */
async function rowAt(at: string, action: string, targetId: string) {
  await context.database.pool.query(
    "INSERT INTO audit_events (actor_type, actor_id, action, target_type, target_id, created_at) VALUES ('cli', 'ops', $1, 'booking', $2, $3)",
    [action, targetId, at],
  );
}

type Row = { id: number; action: string; at: string; actor: Record<string, unknown>; target: Record<string, unknown> | null };

async function list(client: TestClient, query: string): Promise<{ data: Row[]; total: number; last_page: number }> {
  const response = await consoleRequest(client, 'GET', `/api/console/audit-events${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the audit log viewer', () => {
  it('lists rows newest first with the actor’s and target’s names, role, values as stored, reason and IP', async () => {
    await recordAudit(context.database.pool, { type: 'operator', id: admin.id, role: 'admin', ip: '203.0.113.9', userAgent: 'Firefox/140' }, {
      action: 'partner.suspended',
      target: { type: 'user', id: partner.userId },
      before: { status: 'approved' },
      after: { status: 'suspended', api_token: 'sk_live_1' },
      reason: 'Chargeback under review.',
    });
    await recordAudit(context.database.pool, { type: 'partner', id: partner.userId }, { action: 'auth.sign_in', target: { type: 'user', id: partner.userId }, after: { method: 'password' } });

    const page = await list(await operatorClient(finance), `?target_type=user&target_id=${partner.userId}`);
    expect(page.data.map((row) => row.action)).toEqual(['auth.sign_in', 'partner.suspended']);
    expect(page.data[0]!.actor).toEqual({ type: 'partner', id: String(partner.userId), role: null, name: 'Amelia Hart' });
    expect(page.data[1]).toMatchObject({
      actor: { type: 'operator', id: String(admin.id), role: 'admin', name: 'Test admin' },
      target: { type: 'user', id: String(partner.userId), name: 'Amelia Hart' },
      before: { status: 'approved' },
      after: { status: 'suspended', api_token: '[masked]' },
      reason: 'Chargeback under review.',
      ip: '203.0.113.9',
      user_agent: 'Firefox/140',
    });
    expect(page.data[1]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('names a referral group, a facility, a partner tier and an agreement it targets, not only its id', async () => {
    const pool = context.database.pool;
    const group = (await pool.query<{ id: number }>("INSERT INTO referral_groups (slug, name) VALUES ('audit-named', 'Gulf clinics') RETURNING id")).rows[0]!.id;
    await recordAudit(pool, { type: 'operator', id: admin.id, role: 'admin' }, { action: 'referral_group.updated', target: { type: 'referral_group', id: group } });
    await recordAudit(pool, { type: 'operator', id: admin.id, role: 'admin' }, { action: 'agreement.published', target: { type: 'agreement', id: 999_999 } });
    const named = await list(await operatorClient(finance), `?target_type=referral_group&target_id=${group}`);
    expect(named.data[0]!.target).toEqual({ type: 'referral_group', id: String(group), name: 'Gulf clinics' });
    // a record no longer there keeps its id, unnamed
    const gone = await list(await operatorClient(finance), '?target_type=agreement&target_id=999999');
    expect(gone.data[0]!.target).toEqual({ type: 'agreement', id: '999999', name: null });
  });

  it('filters by actor, exact action, action prefix and target', async () => {
    const client = await operatorClient(admin);
    await recordAudit(context.database.pool, { type: 'cli', id: 'deploy' }, { action: 'booking.created', target: { type: 'booking', id: 'F-1' } });
    await recordAudit(context.database.pool, { type: 'cli', id: 'deploy' }, { action: 'booking.status_changed', target: { type: 'booking', id: 'F-1' } });
    await recordAudit(context.database.pool, { type: 'cli', id: 'someone' }, { action: 'booking.status_changed', target: { type: 'booking', id: 'F-2' } });

    const byActor = await list(client, '?actor_type=cli&actor_id=deploy');
    expect(byActor.data.map((row) => row.action)).toEqual(['booking.status_changed', 'booking.created']);
    expect(byActor.data[0]!.actor).toEqual({ type: 'cli', id: 'deploy', role: null, name: null });

    const exact = await list(client, '?action=booking.status_changed&target_type=booking');
    expect(exact.data.map((row) => row.target!.id)).toEqual(['F-2', 'F-1']);
    const prefix = await list(client, '?action=booking.&target_type=booking&target_id=F-1');
    expect(prefix.total).toBe(2);
    expect((await list(client, '?action=booking.&actor_type=cli&actor_id=someone')).data.map((row) => row.target)).toEqual([{ type: 'booking', id: 'F-2', name: null }]);
    // Nothing matches: an empty page, not an error.
    expect((await list(client, '?action=booking.refunded')).total).toBe(0);
  });

  it('reads the date range as whole days in the given time zone', async () => {
    const client = await operatorClient(admin);
    // 21:30 UTC on 1 March is 01:30 on 2 March in Dubai (UTC+4).
    await rowAt('2026-03-01T21:30:00Z', 'booking.created', 'TZ-1');
    await rowAt('2026-03-02T19:59:00Z', 'booking.created', 'TZ-2');
    await rowAt('2026-03-02T20:00:00Z', 'booking.created', 'TZ-3');
    const ids = async (query: string) => (await list(client, `?target_type=booking&action=booking.created${query}`)).data.map((row) => row.target!.id).filter((id) => String(id).startsWith('TZ-'));

    expect(await ids('&from=2026-03-02&to=2026-03-02&timezone=Asia/Dubai')).toEqual(['TZ-2', 'TZ-1']);
    expect(await ids('&from=2026-03-02&to=2026-03-02')).toEqual(['TZ-3', 'TZ-2']);
    expect(await ids('&from=2026-03-03&timezone=Asia/Dubai')).toEqual(['TZ-3']);
    expect(await ids('&to=2026-03-01&timezone=UTC')).toEqual(['TZ-1']);
  });

  it('pages newest first, with page links that keep the filters', async () => {
    const client = await operatorClient(admin);
    for (let index = 1; index <= 7; index += 1) await rowAt(`2026-04-0${index}T10:00:00Z`, 'booking.created', 'PAGED');
    const first = await list(client, '?target_type=booking&target_id=PAGED&per_page=5');
    expect(first).toMatchObject({ total: 7, last_page: 2 });
    expect(first.data.map((row) => row.at.slice(0, 10))).toEqual(['2026-04-07', '2026-04-06', '2026-04-05', '2026-04-04', '2026-04-03']);
    const second = await consoleRequest(client, 'GET', '/api/console/audit-events?target_type=booking&target_id=PAGED&per_page=5&page=2');
    expect(second.json().data.map((row: Row) => row.at.slice(0, 10))).toEqual(['2026-04-02', '2026-04-01']);
    expect(second.json().links[0].url).toContain('target_id=PAGED');
    expect((await list(client, '?target_type=booking&target_id=PAGED&per_page=5&page=3')).data).toEqual([]);
  });

  it('answers 422 with the field for filters it cannot read', async () => {
    const client = await operatorClient(admin);
    const cases: Array<[string, string]> = [
      ['?actor_type=robot', 'actor_type'],
      ['?actor_id=7', 'actor_id'],
      ['?target_id=7', 'target_id'],
      ['?action=Partner%20Approved', 'action'],
      ['?action=partner', 'action'],
      ['?target_type=User-Account', 'target_type'],
      ['?from=2026-02-30', 'from'],
      ['?from=2026-03-05&to=2026-03-01', 'from'],
      ['?timezone=Mars/Olympus', 'timezone'],
      ['?per_page=7', 'per_page'],
      [`?actor_type=cli&actor_id=${'x'.repeat(101)}`, 'actor_id'],
    ];
    for (const [query, field] of cases) {
      const response = await consoleRequest(client, 'GET', `/api/console/audit-events${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
  });

  it('is for roles that hold audit.read only', async () => {
    for (const role of ['support', 'content'] as const) {
      const client = await operatorClient(await createTestOperator(context, { role }));
      expect((await consoleRequest(client, 'GET', '/api/console/audit-events')).statusCode).toBe(403);
      expect((await consoleRequest(client, 'GET', '/api/console/audit-events/operators')).statusCode).toBe(403);
    }
    expect((await consoleRequest(await operatorClient(finance), 'GET', '/api/console/audit-events')).statusCode).toBe(200);
  });

  it('offers every operator for the actor filter', async () => {
    const response = await consoleRequest(await operatorClient(finance), 'GET', '/api/console/audit-events/operators');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expect.arrayContaining([{ id: admin.id, name: 'Test admin', role: 'admin' }, { id: finance.id, name: 'Test finance', role: 'finance' }]));
  });
});

describe('startOfDayIn', () => {
  it('finds midnight in the zone, on both sides of a daylight-saving change', () => {
    expect(startOfDayIn('2026-03-02', 'Asia/Dubai').toISOString()).toBe('2026-03-01T20:00:00.000Z');
    expect(startOfDayIn('2026-03-02', 'UTC', 1).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    // Europe/London moves to summer time on 29 March 2026 (01:00 UTC): midnight that day is still GMT.
    expect(startOfDayIn('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDayIn('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfDayIn('2026-10-25', 'America/New_York').toISOString()).toBe('2026-10-25T04:00:00.000Z');
  });
});
