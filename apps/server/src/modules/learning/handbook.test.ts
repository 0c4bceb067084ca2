import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handbookAcknowledgementsSchema, handbookSchema } from '@portal/contracts/learning';
import { consoleRequest, createTestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { publishedItem } from './learning-test-support.ts';

/** The public handbook (issue 38): versions at their own URL, the change list, and partners' acknowledgements. */

let context: TestContext;
let handbook: number;

const EDITION_ONE = '## Referring a patient\n\nSend the passport copy.\n\n## Commission\n\nPaid monthly.\n\n## Complaints\n\nWrite to us.';
const EDITION_TWO = '## Referring a patient\n\nSend the passport copy and the latest reports.\n\n## Commission\n\nPaid monthly.\n\n## Refunds\n\nWithin ten days.';

beforeAll(async () => {
  context = await createTestApp();
  handbook = await publishedItem(context, {
    kind: 'handbook',
    title_en: 'Partner handbook',
    title_ar: 'دليل الشركاء',
    body_md_en: EDITION_ONE,
    body_md_ar: '## إحالة مريض\n\nأرسل نسخة جواز السفر.',
    effective_on: '2026-01-01',
    change_note: 'First edition',
  });
});
afterAll(async () => context?.close());

describe('the public handbook', () => {
  it('is readable signed out, in English or Arabic, with its table of contents', async () => {
    const anonymous = new TestClient(context.app);
    const english = handbookSchema.parse((await anonymous.get('/api/handbook')).json());
    expect(english).toMatchObject({ title: 'Partner handbook', version: 1, effective_on: '2026-01-01', language: 'en', changes: [] });
    expect(english.toc.map((entry) => entry.text)).toEqual(['Referring a patient', 'Commission', 'Complaints']);
    const arabic = handbookSchema.parse((await anonymous.get('/api/handbook', { 'accept-language': 'ar' })).json());
    expect(arabic).toMatchObject({ title: 'دليل الشركاء', language: 'ar', fallback: false });
  });

  it('keeps old versions at their own URL and lists what changed, section by section', async () => {
    const operator = await operatorClientFor(context, await createTestOperator(context, { role: 'content' }));
    const saved = await consoleRequest(operator, 'PUT', `/api/console/content/${handbook}`, {
      title_en: 'Partner handbook',
      body_md_en: EDITION_TWO,
      effective_on: '2026-06-01',
      change_note: 'Reports with every referral; refunds section',
    });
    expect(saved.statusCode).toBe(200);
    const anonymous = new TestClient(context.app);
    expect(handbookSchema.parse((await anonymous.get('/api/handbook')).json()).version).toBe(1);
    expect((await anonymous.get('/api/handbook/versions/2')).statusCode).toBe(404);
    await consoleRequest(operator, 'POST', `/api/console/content/${handbook}/publish`, {});

    const current = handbookSchema.parse((await anonymous.get('/api/handbook')).json());
    expect(current).toMatchObject({ version: 2, current_version: 2, effective_on: '2026-06-01' });
    expect(current.versions.map((entry) => entry.version)).toEqual([2, 1]);
    expect(current.changes).toEqual([
      { kind: 'changed', section: 'Referring a patient', anchor: 'section-referring-a-patient' },
      { kind: 'added', section: 'Refunds', anchor: 'section-refunds' },
      { kind: 'removed', section: 'Complaints', anchor: null },
    ]);
    const old = handbookSchema.parse((await anonymous.get('/api/handbook/versions/1')).json());
    expect(old).toMatchObject({ version: 1, current_version: 2 });
    expect(old.body_html).toContain('Write to us.');
    expect((await anonymous.get('/api/handbook/versions/99')).statusCode).toBe(404);
  });

  it('gives the public pages a server-written head: title, description, canonical URL', async () => {
    const request = {} as Parameters<typeof context.app.pageHeads.resolve>[1];
    const current = await context.app.pageHeads.resolve('/handbook', request);
    expect(current).toMatchObject({ head: { title: 'Partner handbook', canonicalPath: '/handbook' } });
    expect(await context.app.pageHeads.resolve('/handbook/versions/1', request)).toMatchObject({ head: { title: 'Partner handbook, version 1', canonicalPath: '/handbook/versions/1' } });
    expect(await context.app.pageHeads.resolve('/handbook/versions/99', request)).toEqual({ notFound: true });
  });

  it('records a partner’s acknowledgement of the version in effect; owners see who has not acknowledged', async () => {
    const owner = await createPartner(context.database.pool, { role: 'owner', firstName: 'Olivia' });
    const agent = await createPartner(context.database.pool, { role: 'agent', referralAgentId: owner.referralAgentId, firstName: 'Adam' });
    const ownerClient = new TestClient(context.app);
    await signInAs(context, ownerClient, owner.userId);
    const agentClient = new TestClient(context.app);
    await signInAs(context, agentClient, agent.userId);
    const version = handbookSchema.parse((await ownerClient.get('/api/handbook')).json()).version;

    expect((await agentClient.get('/api/learning/handbook/acknowledgement')).json()).toEqual({ version, acknowledged_at: null });
    expect((await agentClient.post('/api/learning/handbook/acknowledgement', { version: version - 1 })).statusCode).toBe(409);
    const acknowledged = await agentClient.post('/api/learning/handbook/acknowledgement', { version });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().acknowledged_at).toEqual(expect.any(String));

    const list = handbookAcknowledgementsSchema.parse((await ownerClient.get('/api/learning/handbook/acknowledgements')).json());
    expect(list.members.map((member) => [member.name.split(' ')[0], member.acknowledged_at !== null])).toEqual([
      ['Olivia', false],
      ['Adam', true],
    ]);
    expect((await agentClient.get('/api/learning/handbook/acknowledgements')).statusCode).toBe(403);
    expect((await new TestClient(context.app).post('/api/learning/handbook/acknowledgement', { version })).statusCode).toBe(419);
  });
});
