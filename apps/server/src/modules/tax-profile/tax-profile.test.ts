import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { insertLine, insertPayout } from '../../test/ledger-rows.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The tax profile on a real database (docs/payment-details.md, "Tax details"): owners and finance read and change it,
 * managers and agents are refused; a bad profile is a 422 naming its fields; every change leaves an audit row with the
 * before and after; the statement prints it, with the reverse-charge note for a VAT-registered partner abroad; the
 * console shows it to operators with earnings.read.
 */

let context: TestContext;

const HARBOR = {
  legal_name: 'Harbor Health Partners Ltd',
  address_line1: '14 Quayside Court',
  address_line2: 'Gunwharf Quays',
  city: 'Portsmouth',
  postal_code: 'PO1 3TZ',
  country: 'GB',
  tax_id: '09418273',
  vat_status: 'registered',
  vat_number: 'GB 284 6195 30',
};

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

async function clientOf(member: CreatedPartner) {
  const client = new TestClient(context.app);
  await signInAs(context, client, member.userId);
  return client;
}

async function team() {
  const owner = await createPartner(context.database.pool);
  const member = (role: 'manager' | 'agent' | 'finance') => createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role });
  return { owner, finance: await member('finance'), manager: await member('manager'), agent: await member('agent') };
}

describe("the partner's tax profile", () => {
  it('is entered by a finance member, read by the owner, stored compact, and says the statements carry the reverse charge', async () => {
    const { owner, finance } = await team();
    const client = await clientOf(finance);
    expect((await client.get('/api/tax-profile')).json()).toEqual({ profile: null, issuer_country: 'AE', reverse_charge: false });

    const saved = await client.put('/api/tax-profile', HARBOR);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ profile: { ...HARBOR, vat_number: 'GB284619530', updated_by: `${finance.firstName} ${finance.lastName}` }, reverse_charge: true });

    const read = await (await clientOf(owner)).get('/api/tax-profile');
    expect(read.json().profile).toMatchObject({ legal_name: 'Harbor Health Partners Ltd', vat_number: 'GB284619530' });

    // Not registered: no VAT number, and no reverse charge.
    const unregistered = await client.put('/api/tax-profile', { ...HARBOR, vat_status: 'not_registered', vat_number: null, address_line2: '', postal_code: '' });
    expect(unregistered.json()).toMatchObject({ profile: { vat_status: 'not_registered', vat_number: null, address_line2: null, postal_code: null }, reverse_charge: false });
  });

  it('is the agent’s own: another agent’s members see theirs, not this one', async () => {
    const harbor = await team();
    const other = await team();
    await (await clientOf(harbor.owner)).put('/api/tax-profile', HARBOR);
    expect((await (await clientOf(other.finance)).get('/api/tax-profile')).json().profile).toBeNull();
  });

  it('is refused to managers and agents, reading and writing', async () => {
    const { manager, agent } = await team();
    for (const member of [manager, agent]) {
      const client = await clientOf(member);
      expect((await client.get('/api/tax-profile')).statusCode).toBe(403);
      expect((await client.put('/api/tax-profile', HARBOR)).statusCode).toBe(403);
    }
  });

  it.each([
    ['a VAT-registered partner without a VAT number', { vat_number: null }, 'vat_number', 'The VAT number field is required when the partner is VAT-registered.'],
    ['a VAT number of another country', { vat_number: 'DE318472905' }, 'vat_number', 'A VAT number of this country starts with GB.'],
    ['a VAT number of the wrong length', { country: 'DE', vat_number: 'DE31847290' }, 'vat_number', 'This is not the format of a VAT number with the prefix DE.'],
    ['Greece under its ISO code', { country: 'GR', vat_number: 'GR123456789' }, 'vat_number', 'A VAT number of this country starts with EL.'],
    ['a VAT number without VAT registration', { vat_status: 'exempt' }, 'vat_number', 'A VAT number is given only when the partner is VAT-registered.'],
    ['a country that is not ISO 3166 alpha-2', { country: 'UK' }, 'country', 'Choose the country where the partner is established.'],
    ['an unknown VAT status', { vat_status: 'pending' }, 'vat_status', 'Choose the VAT status.'],
    ['a blank legal name', { legal_name: '  ' }, 'legal_name', 'The legal name field is required.'],
    ['a legal name longer than the column', { legal_name: 'x'.repeat(201) }, 'legal_name', 'The legal name field must not be greater than 200 characters.'],
    ['a postal code longer than the column', { postal_code: '1'.repeat(21) }, 'postal_code', 'The postal code field must not be greater than 20 characters.'],
    ['a NUL in the city', { city: 'Ports\u0000mouth' }, 'city', 'The city field must not contain control characters or line breaks.'],
  ])('answers 422 for %s, naming the field, and keeps nothing', async (_case, change, field, message) => {
    const { finance } = await team();
    const client = await clientOf(finance);
    const refused = await client.put('/api/tax-profile', { ...HARBOR, ...change });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[field]).toEqual([message]);
    expect((await client.get('/api/tax-profile')).json().profile).toBeNull();
  });

  it('accepts the VAT numbers of the EU formats and elsewhere', async () => {
    const { owner } = await team();
    const client = await clientOf(owner);
    for (const [country, vatNumber] of [['GR', 'EL 094259216'], ['NL', 'NL 8192.45.623.B01'], ['AT', 'ATU12345678'], ['AE', '100398274100003'], ['SA', '310175397400003']] as const) {
      const saved = await client.put('/api/tax-profile', { ...HARBOR, country, vat_number: vatNumber });
      expect(saved.statusCode, `${country} ${vatNumber}: ${saved.body}`).toBe(200);
    }
  });

  it('audits every change with who, the before and the after', async () => {
    const { finance } = await team();
    const client = await clientOf(finance);
    await client.put('/api/tax-profile', HARBOR);
    await client.put('/api/tax-profile', { ...HARBOR, legal_name: 'Harbor Health Partners Limited' });
    const { rows } = await context.database.pool.query<{ actor_type: string; actor_id: string; before: { legal_name: string } | null; after: { legal_name: string; vat_number: string } }>(
      `SELECT actor_type, actor_id, before, after FROM audit_events WHERE action = 'tax_profile.changed' AND target_type = 'referral_agent' AND target_id = $1 ORDER BY id`,
      [String(finance.referralAgentId)],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ actor_type: 'partner', actor_id: String(finance.userId), before: null, after: { legal_name: 'Harbor Health Partners Ltd', vat_number: 'GB284619530' } });
    expect(rows[1]).toMatchObject({ before: { legal_name: 'Harbor Health Partners Ltd' }, after: { legal_name: 'Harbor Health Partners Limited' } });
  });

  it('leaves no audit row for a refused change', async () => {
    const { finance } = await team();
    await (await clientOf(finance)).put('/api/tax-profile', { ...HARBOR, vat_number: 'nonsense' });
    const { rows } = await context.database.pool.query(`SELECT 1 FROM audit_events WHERE action = 'tax_profile.changed' AND target_id = $1`, [String(finance.referralAgentId)]);
    expect(rows).toHaveLength(0);
  });
});

describe('the statement', () => {
  async function statementText(member: CreatedPartner) {
    const payoutId = await insertPayout(context.database.pool, member.referralAgentId, 'paid');
    await insertLine(context.database.pool, member, 'paid', payoutId);
    const response = await (await clientOf(member)).get(`/api/earnings/payouts/${payoutId}/statement`);
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawBody).texts.join(' ').replace(/\s+/g, ' ');
  }

  it('prints the tax profile and the reverse-charge note of a VAT-registered partner abroad', async () => {
    const { finance } = await team();
    await (await clientOf(finance)).put('/api/tax-profile', HARBOR);
    const text = await statementText(finance);
    for (const expected of ['Harbor Health Partners Ltd', '14 Quayside Court', 'PO1 3TZ Portsmouth', 'United Kingdom (GB)', 'Tax ID: 09418273', 'VAT number: GB284619530', 'Reverse charge: the supplier is established in another country']) {
      expect(text).toContain(expected);
    }
  });

  it('gives no reverse-charge note to a partner registered in the business’s own country', async () => {
    const { finance } = await team();
    await (await clientOf(finance)).put('/api/tax-profile', { ...HARBOR, legal_name: 'Bright Path Affiliates FZE', country: 'AE', vat_number: '100398274100003' });
    const text = await statementText(finance);
    expect(text).toContain('VAT number: 100398274100003');
    expect(text).not.toContain('Reverse charge');
  });

  it('says what is missing when the partner has no tax profile', async () => {
    const { finance } = await team();
    const text = await statementText(finance);
    expect(text).toContain('Tax profile not given');
    expect(text).not.toContain('Reverse charge');
  });
});

describe('the console', () => {
  it('shows the profile read-only to operators with earnings.read, and not to content operators', async () => {
    const { owner } = await team();
    await (await clientOf(owner)).put('/api/tax-profile', HARBOR);
    const support = await operatorClientFor(context, await createTestOperator(context, { role: 'support' }));
    const seen = await consoleRequest(support, 'GET', `/api/console/referral-agents/${owner.referralAgentId}/tax-profile`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ profile: { legal_name: 'Harbor Health Partners Ltd', vat_number: 'GB284619530' }, reverse_charge: true });
    expect((await consoleRequest(support, 'GET', '/api/console/referral-agents/2147483647/tax-profile')).statusCode).toBe(404);
    expect((await consoleRequest(support, 'GET', '/api/console/referral-agents/abc/tax-profile')).statusCode).toBe(422);

    const content = await operatorClientFor(context, await createTestOperator(context, { role: 'content' }));
    expect((await consoleRequest(content, 'GET', `/api/console/referral-agents/${owner.referralAgentId}/tax-profile`)).statusCode).toBe(403);
  });
});
