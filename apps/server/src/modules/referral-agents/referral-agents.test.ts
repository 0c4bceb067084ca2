import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHeaders, consoleRequest, createTestOperator, type TestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext;
let content: TestOperator;
let support: TestOperator;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  context = await createTestApp();
  content = await createTestOperator(context, { role: 'content' });
  support = await createTestOperator(context, { role: 'support' });
  const image = sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 12, g: 110, b: 140 } } });
  png = await image.clone().png().toBuffer();
  // A JPEG with EXIF (a camera model), which the re-encoding drops.
  jpeg = await image.clone().jpeg().withMetadata({ exif: { IFD0: { Model: 'Secret Camera 9000' } } }).toBuffer();
});
afterAll(async () => {
  await context.close();
});

function operatorClient(operator: TestOperator = content): Promise<TestClient> {
  return operatorClientFor(context, operator);
}

async function groupId(slug: string): Promise<number> {
  const { rows } = await context.database.pool.query<{ id: number }>(
    `INSERT INTO referral_groups (slug, name) VALUES ($1, initcap($1)) ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id`,
    [slug],
  );
  return rows[0]!.id;
}

async function auditRows(targetType: string, id: number) {
  const { rows } = await context.database.pool.query(
    'SELECT actor_type, actor_id, actor_role, action, before, after FROM audit_events WHERE target_type = $1 AND target_id = $2 ORDER BY id',
    [targetType, String(id)],
  );
  return rows;
}

function uploadLogo(client: TestClient, agentId: number, bytes: Buffer, filename = 'logo.png'): Promise<TestResponse> {
  return client.request('PUT', `/api/console/referral-agents/${agentId}/logo?filename=${encodeURIComponent(filename)}`, bytes, {
    ...consoleHeaders(client),
    'content-type': 'application/octet-stream',
  });
}

let names = 0;
function uniqueName(base: string): string {
  names += 1;
  return `${base} ${names}`;
}

describe('referral agents', () => {
  it('creates an agent in a group, with its audit row, and lists it with its counts', async () => {
    const client = await operatorClient();
    const partners = await groupId('partners');
    const name = uniqueName('Cedar Grove Clinics');
    const created = await consoleRequest(client, 'POST', '/api/console/referral-agents', { name: `  ${name}  `, referral_group_id: partners });
    expect(created.statusCode, created.body).toBe(201);
    const agent = created.json();
    expect(agent).toMatchObject({ name, group: { id: partners, slug: 'partners' }, logo_url: null, logo_uploaded: false, partner_count: 0, booking_count: 0 });

    await createPartner(context.database.pool, { referralAgentId: agent.id });
    const list = await consoleRequest(client, 'GET', `/api/console/referral-agents?search=${encodeURIComponent(name)}&group=${partners}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id: agent.id, name, partner_count: 1, booking_count: 0 })]);

    expect(await auditRows('referral_agent', agent.id)).toEqual([
      expect.objectContaining({
        actor_type: 'operator',
        actor_id: String(content.id),
        actor_role: 'content',
        action: 'referral_agent.created',
        before: null,
        after: { name, referral_group_id: partners, referral_group: 'partners' },
      }),
    ]);
  });

  it('renames an agent and moves it to another group, recording before and after', async () => {
    const client = await operatorClient();
    const [partners, affiliates] = [await groupId('partners'), await groupId('affiliates')];
    const agent = (await consoleRequest(client, 'POST', '/api/console/referral-agents', { name: uniqueName('Maple Health'), referral_group_id: partners })).json();
    const renamed = uniqueName('Maple Health Affiliates');
    const edited = await consoleRequest(client, 'PUT', `/api/console/referral-agents/${agent.id}`, { name: renamed, referral_group_id: affiliates });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: agent.id, name: renamed, group: { id: affiliates, slug: 'affiliates' } });

    const rows = await auditRows('referral_agent', agent.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'referral_agent.updated',
      before: { name: agent.name, referral_group_id: partners, referral_group: 'partners' },
      after: { name: renamed, referral_group_id: affiliates, referral_group: 'affiliates' },
    });
  });

  it('answers 422 at the fields: blank name, missing or unknown group, a name another agent has', async () => {
    const client = await operatorClient();
    const partners = await groupId('partners');
    const blank = await consoleRequest(client, 'POST', '/api/console/referral-agents', { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toMatchObject({ name: ['The name field is required.'], referral_group_id: ['Choose a referral group.'] });

    const unknownGroup = await consoleRequest(client, 'POST', '/api/console/referral-agents', { name: uniqueName('Nowhere Care'), referral_group_id: 999_999 });
    expect(unknownGroup.statusCode).toBe(422);
    expect(unknownGroup.json().errors).toEqual({ referral_group_id: ['The selected referral group does not exist.'] });

    const name = uniqueName('Harborview Dental');
    const first = (await consoleRequest(client, 'POST', '/api/console/referral-agents', { name, referral_group_id: partners })).json();
    const again = await consoleRequest(client, 'POST', '/api/console/referral-agents', { name: name.toUpperCase(), referral_group_id: partners });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ name: ['A referral agent with this name already exists.'] });

    // Keeping its own name is no clash; taking another's is.
    const other = (await consoleRequest(client, 'POST', '/api/console/referral-agents', { name: uniqueName('Westbrook Rehab'), referral_group_id: partners })).json();
    expect((await consoleRequest(client, 'PUT', `/api/console/referral-agents/${first.id}`, { name, referral_group_id: partners })).statusCode).toBe(200);
    const clash = await consoleRequest(client, 'PUT', `/api/console/referral-agents/${other.id}`, { name, referral_group_id: partners });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.name).toEqual(['A referral agent with this name already exists.']);
    expect((await auditRows('referral_agent', other.id)).map((row) => row.action)).toEqual(['referral_agent.created']);

    // In Arabic, at the fields too.
    const arabic = await client.request('POST', '/api/console/referral-agents', { name, referral_group_id: partners }, { ...consoleHeaders(client), 'accept-language': 'ar' });
    expect(arabic.json().errors.name).toEqual(['يوجد وكيل إحالة بهذا الاسم بالفعل.']);
  });

  it('answers 404 for an agent that does not exist', async () => {
    const client = await operatorClient();
    const partners = await groupId('partners');
    expect((await consoleRequest(client, 'GET', '/api/console/referral-agents/999999')).statusCode).toBe(404);
    expect((await consoleRequest(client, 'PUT', '/api/console/referral-agents/999999', { name: 'Ghost Clinic', referral_group_id: partners })).statusCode).toBe(404);
    expect((await uploadLogo(client, 999_999, png)).statusCode).toBe(404);
    expect((await consoleRequest(client, 'DELETE', '/api/console/referral-agents/999999/logo')).statusCode).toBe(404);
  });

  it('refuses an operator whose role does not manage referral agents (403), and a partner (401)', async () => {
    const partners = await groupId('partners');
    const client = await operatorClient(support);
    expect((await consoleRequest(client, 'GET', '/api/console/referral-agents')).statusCode).toBe(403);
    expect((await consoleRequest(client, 'POST', '/api/console/referral-agents', { name: 'Not Allowed Clinic', referral_group_id: partners })).statusCode).toBe(403);
    expect((await consoleRequest(client, 'POST', '/api/console/referral-groups', { slug: 'not-allowed', name: 'Not allowed' })).statusCode).toBe(403);
    const partner = await createPartner(context.database.pool);
    const browser = new TestClient(context.app);
    await signInAs(context, browser, partner.userId);
    expect((await browser.get('/api/console/referral-agents')).statusCode).toBe(401);
    const { rows } = await context.database.pool.query("SELECT count(*)::int AS n FROM referral_agents WHERE name = 'Not Allowed Clinic'");
    expect(rows[0].n).toBe(0);
  });
});

describe('agent logos', () => {
  it('accepts a PNG: the console previews it, and the agent’s partners (only they) load it as their logo', async () => {
    const client = await operatorClient();
    const partner = await createPartner(context.database.pool);
    const stranger = await createPartner(context.database.pool);
    const agentId = partner.referralAgentId;

    const uploaded = await uploadLogo(client, agentId, png, 'harbor.png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ id: agentId, logo_uploaded: true, logo_type: 'image/png' });
    const preview = await client.get(uploaded.json().logo_url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(preview.rawBody).metadata()).width).toBe(120);

    // The partner's session says where their logo is; the route answers their own agent's file.
    const browser = new TestClient(context.app);
    await signInAs(context, browser, partner.userId);
    const logo = (await browser.get('/api/user')).json().partner_profile.referral_agent.logo as string;
    expect(logo).toMatch(/^\/api\/agent-logo\?v=[0-9a-f-]{36}$/);
    const served = await browser.get(logo);
    expect(served.statusCode).toBe(200);
    expect(served.rawBody.subarray(0, 8)).toEqual(preview.rawBody.subarray(0, 8));

    // Another agent's partner gets their own (none), never this one; nobody signed in gets nothing.
    const other = new TestClient(context.app);
    await signInAs(context, other, stranger.userId);
    expect((await other.get(logo)).statusCode).toBe(404);
    expect((await new TestClient(context.app).get(logo)).statusCode).toBe(401);

    expect((await auditRows('referral_agent', agentId)).map((row) => [row.action, row.before.logo, row.after.logo])).toEqual([
      ['referral_agent.logo_uploaded', '/build/logos/default.svg', logo],
    ]);
  });

  it('accepts a JPEG, drops its metadata, replaces the previous logo and deletes its file', async () => {
    const client = await operatorClient();
    const partner = await createPartner(context.database.pool);
    const first = (await uploadLogo(client, partner.referralAgentId, png)).json();
    const firstKey = (await auditRows('referral_agent', partner.referralAgentId)).at(-1)!.after.logo_file.key as string;

    const second = await uploadLogo(client, partner.referralAgentId, jpeg, 'photo.jpg');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ logo_type: 'image/jpeg' });
    expect(second.json().logo_url).not.toBe(first.logo_url);
    const served = await client.get(second.json().logo_url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawBody.includes(Buffer.from('Secret Camera 9000'))).toBe(false);
    await expect(context.app.storage.read({ key: firstKey, encrypted: false })).rejects.toThrow();
  });

  it('refuses an HTML file named .png, an oversize file, an empty one and a JSON body, with the reason at the logo', async () => {
    const client = await operatorClient();
    const partner = await createPartner(context.database.pool);
    const html = await uploadLogo(client, partner.referralAgentId, Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'logo.png');
    expect(html.statusCode).toBe(422);
    expect(html.json().errors).toEqual({ logo: ['The logo must be a PNG, JPEG or WebP image.'] });

    const large = Buffer.concat([png, Buffer.alloc(600 * 1024, 1)]);
    const oversize = await uploadLogo(client, partner.referralAgentId, large);
    expect(oversize.statusCode).toBe(422);
    expect(oversize.json().errors).toEqual({ logo: ['The logo may be at most 512 KB.'] });

    expect((await uploadLogo(client, partner.referralAgentId, Buffer.alloc(0))).json().errors).toEqual({ logo: ['The logo file is empty.'] });
    const json = await consoleRequest(client, 'PUT', `/api/console/referral-agents/${partner.referralAgentId}/logo`, { logo: 'x' });
    expect(json.statusCode).toBe(422);

    // Nothing changed, nothing recorded.
    const detail = await consoleRequest(client, 'GET', `/api/console/referral-agents/${partner.referralAgentId}`);
    expect(detail.json()).toMatchObject({ logo_uploaded: false, logo_url: '/build/logos/default.svg' });
    expect(await auditRows('referral_agent', partner.referralAgentId)).toEqual([]);
  });

  it('removes an uploaded logo: partners see the name again; removing none is a 409', async () => {
    const client = await operatorClient();
    const partner = await createPartner(context.database.pool);
    expect((await consoleRequest(client, 'DELETE', `/api/console/referral-agents/${partner.referralAgentId}/logo`)).statusCode).toBe(409);
    await uploadLogo(client, partner.referralAgentId, png);
    const removed = await consoleRequest(client, 'DELETE', `/api/console/referral-agents/${partner.referralAgentId}/logo`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ logo_uploaded: false, logo_url: null });

    const browser = new TestClient(context.app);
    await signInAs(context, browser, partner.userId);
    expect((await browser.get('/api/user')).json().partner_profile.referral_agent.logo).toBeNull();
    expect((await browser.get('/api/agent-logo')).statusCode).toBe(404);
    expect((await auditRows('referral_agent', partner.referralAgentId)).map((row) => row.action)).toEqual([
      'referral_agent.logo_uploaded',
      'referral_agent.logo_removed',
    ]);
  });
});

describe('referral groups', () => {
  it('creates a group, lists it with its counts, renames it; its slug stays', async () => {
    const client = await operatorClient();
    const created = await consoleRequest(client, 'POST', '/api/console/referral-groups', { slug: 'hospital-networks', name: 'Hospital networks' });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ slug: 'hospital-networks', name: 'Hospital networks', agent_count: 0, partner_count: 0 });

    const agent = (await consoleRequest(client, 'POST', '/api/console/referral-agents', { name: uniqueName('Saint Clare Hospitals'), referral_group_id: group.id })).json();
    await createPartner(context.database.pool, { referralAgentId: agent.id });
    const list = await consoleRequest(client, 'GET', '/api/console/referral-groups?search=hospital');
    expect(list.json().data).toEqual([expect.objectContaining({ id: group.id, agent_count: 1, partner_count: 1 })]);
    const options = await consoleRequest(client, 'GET', '/api/console/referral-groups/options');
    expect(options.json()).toContainEqual({ id: group.id, slug: 'hospital-networks', name: 'Hospital networks' });

    const renamed = await consoleRequest(client, 'PUT', `/api/console/referral-groups/${group.id}`, { name: 'Hospital groups', slug: 'ignored' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: 'hospital-networks', name: 'Hospital groups' });
    expect((await auditRows('referral_group', group.id)).map((row) => [row.action, row.before, row.after])).toEqual([
      ['referral_group.created', null, { slug: 'hospital-networks', name: 'Hospital networks' }],
      ['referral_group.updated', { name: 'Hospital networks' }, { name: 'Hospital groups' }],
    ]);
  });

  it('answers 422 for a bad or taken slug and a taken name, and 404 for a group that does not exist', async () => {
    const client = await operatorClient();
    await groupId('partners');
    const bad = await consoleRequest(client, 'POST', '/api/console/referral-groups', { slug: 'Spa Resorts', name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      slug: ['The slug may contain only lowercase letters, digits and single hyphens.'],
      name: ['The name field is required.'],
    });
    const taken = await consoleRequest(client, 'POST', '/api/console/referral-groups', { slug: 'partners', name: 'partners' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      slug: ['A referral group with this slug already exists.'],
      name: ['A referral group with this name already exists.'],
    });
    const spa = (await consoleRequest(client, 'POST', '/api/console/referral-groups', { slug: 'spa-resorts', name: 'Spa resorts' })).json();
    const rename = await consoleRequest(client, 'PUT', `/api/console/referral-groups/${spa.id}`, { name: 'PARTNERS' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ name: ['A referral group with this name already exists.'] });
    expect((await consoleRequest(client, 'PUT', '/api/console/referral-groups/999999', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await consoleRequest(client, 'GET', '/api/console/referral-groups/999999')).statusCode).toBe(404);
  });
});
