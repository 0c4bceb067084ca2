import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFILIATES_GROUP } from '@portal/contracts/constants';
import { agreementDetailSchema, agreementListSchema, ELECTRONIC_RECORDS_CONSENT } from '@portal/contracts/agreements';
import { agreementSignaturesSchema, consoleAgreementDetailSchema } from '@portal/contracts/console-agreements';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/**
 * Agreements (issue 15): what an agent's members read, an owner's simple electronic signature (the hash of the exact
 * text shown, the consent, the typed name, the IP and browser), the signed PDF with its certificate page, append-only
 * acceptances, and the console's versions, publication and signatures.
 */
describe('agreements', () => {
  let context: TestContext;
  let owner: CreatedPartner;
  let finance: CreatedPartner;
  let ownerClient: TestClient;
  let financeClient: TestClient;
  let admin: { get: (url: string) => Promise<TestResponse>; post: (url: string, body?: unknown) => Promise<TestResponse> };
  let v1: number;
  /** What v1 shows, as plain text: what is hashed and signed (the script is cleaned away on save). */
  const SHOWN = 'Partner Programme Agreement\n\n1. Purpose\n\nThe Partner refers patients with consent.\n\n• One\n\n• Two terms';
  const BODY = '## 1. Purpose\n\nThe Partner refers patients **with consent**.\n\n<script>alert(1)</script>\n\n- One\n- Two [terms](https://example.test/terms)';

  beforeAll(async () => {
    context = await createTestApp();
    owner = await createPartner(context.database.pool, { role: 'owner' });
    finance = await createPartner(context.database.pool, { role: 'finance', referralAgentId: owner.referralAgentId });
    ownerClient = new TestClient(context.app);
    await signInAs(context, ownerClient, owner.userId);
    financeClient = new TestClient(context.app);
    await signInAs(context, financeClient, finance.userId);
    const adminClient = new TestClient(context.app);
    await signInOperatorAs(context, adminClient, (await createTestOperator(context, { role: 'admin' })).id);
    admin = { get: (url) => consoleRequest(adminClient, 'GET', url), post: (url, body) => consoleRequest(adminClient, 'POST', url, body) };

    const draft = await admin.post('/api/console/agreements', { kind: 'template', key: 'partner-programme', title: 'Partner Programme Agreement', body_markdown: BODY, mandatory: true, effective_on: '2026-01-01' });
    expect(draft.statusCode).toBe(201);
    v1 = consoleAgreementDetailSchema.parse(draft.json()).id;
    // A draft is the console's only: partners do not see it.
    expect(agreementListSchema.parse((await ownerClient.get('/api/agreements')).json()).agreements).toEqual([]);
    expect((await admin.post(`/api/console/agreements/${v1}/publish`)).statusCode).toBe(200);
  });
  afterAll(async () => context?.close());

  it('lists a published mandatory agreement as action needed, and shows the exact text with its SHA-256 and sanitised HTML', async () => {
    const list = agreementListSchema.parse((await financeClient.get('/api/agreements')).json());
    expect(list.pending_mandatory).toBe(true);
    expect(list.agreements.map((agreement) => [agreement.id, agreement.status, agreement.version])).toEqual([[v1, 'action_needed', 1]]);
    const detail = agreementDetailSchema.parse((await financeClient.get(`/api/agreements/${v1}`)).json());
    expect(detail.text).toBe(SHOWN);
    expect(detail.text_sha256).toBe(sha256(detail.text));
    expect(detail.body_html).toContain('<strong>with consent</strong>');
    expect(detail.body_html).toContain('<a href="https://example.test/terms" rel="noopener noreferrer" target="_blank">terms</a>');
    expect(detail.body_html).not.toContain('<script');
    expect(detail.consent_text).toBe(ELECTRONIC_RECORDS_CONSENT);
    expect((await financeClient.get('/api/agreements/999999')).statusCode).toBe(404);
  });

  it('lets only an owner sign, refuses a stale text and a missing consent, and keeps who, when, from where and the hash', async () => {
    const detail = agreementDetailSchema.parse((await ownerClient.get(`/api/agreements/${v1}`)).json());
    const body = { signer_name: 'Amelia Hart', consent: true, read_to_end: true, text_sha256: detail.text_sha256 };
    expect((await financeClient.post(`/api/agreements/${v1}/sign`, body)).statusCode).toBe(403);
    const stale = await ownerClient.post(`/api/agreements/${v1}/sign`, { ...body, text_sha256: sha256('an older text') });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This agreement changed since you opened it. Read the new text before signing.');
    const noConsent = await ownerClient.post(`/api/agreements/${v1}/sign`, { ...body, consent: false, read_to_end: false });
    expect(noConsent.statusCode).toBe(422);
    expect(Object.keys(noConsent.json().errors).sort()).toEqual(['consent', 'read_to_end']);

    const signed = await ownerClient.post(`/api/agreements/${v1}/sign`, body, { 'User-Agent': 'Mozilla/5.0 (test browser)' });
    expect(signed.statusCode).toBe(201);
    const after = agreementDetailSchema.parse(signed.json());
    expect(after.status).toBe('active');
    expect(after.acceptance).toMatchObject({ signer_name: 'Amelia Hart', text_sha256: sha256(SHOWN) });
    const { rows } = await context.database.pool.query('SELECT user_id, signer_name, consent_text, text_sha256, ip, user_agent FROM agreement_acceptances WHERE agreement_id = $1', [v1]);
    expect(rows).toEqual([{ user_id: owner.userId, signer_name: 'Amelia Hart', consent_text: ELECTRONIC_RECORDS_CONSENT, text_sha256: detail.text_sha256, ip: '127.0.0.1', user_agent: 'Mozilla/5.0 (test browser)' }]);
    expect(agreementListSchema.parse((await ownerClient.get('/api/agreements')).json()).pending_mandatory).toBe(false);
    expect((await ownerClient.post(`/api/agreements/${v1}/sign`, body)).statusCode).toBe(409);
    const audit = await context.database.pool.query("SELECT actor_type, actor_id FROM audit_events WHERE action = 'agreement.signed'");
    expect(audit.rows).toEqual([{ actor_type: 'partner', actor_id: String(owner.userId) }]);
  });

  it('serves the signed PDF to every member: its SHA-256 is the stored one, and it ends with the certificate page', async () => {
    const pdf = await financeClient.get(`/api/agreements/${v1}/signed-pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const list = agreementListSchema.parse((await financeClient.get('/api/agreements')).json());
    expect(sha256(pdf.rawBody)).toBe(list.agreements[0]!.acceptance!.pdf_sha256);
    const text = pdfText(pdf.rawBody).texts.join('\n');
    expect(text).toContain('The Partner refers patients with consent.');
    expect(text).toContain('Certificate of electronic signature');
    expect(text).toContain('Amelia Hart');
    expect(text).toContain(sha256(SHOWN));
    expect(text).toContain('127.0.0.1');
    // Another agent has nothing signed here.
    const other = await createPartner(context.database.pool, { role: 'owner' });
    const otherClient = new TestClient(context.app);
    await signInAs(context, otherClient, other.userId);
    expect((await otherClient.get(`/api/agreements/${v1}/signed-pdf`)).statusCode).toBe(404);
  });

  it('takes one signature when two owners sign at the same moment, and keeps no PDF for the refused one', async () => {
    const first = await createPartner(context.database.pool, { role: 'owner' });
    const second = await createPartner(context.database.pool, { role: 'owner', referralAgentId: first.referralAgentId });
    const clients = await Promise.all(
      [first, second].map(async (member) => {
        const client = new TestClient(context.app);
        await signInAs(context, client, member.userId);
        return client;
      }),
    );
    const detail = agreementDetailSchema.parse((await clients[0]!.get(`/api/agreements/${v1}`)).json());
    const files = () => readdirSync(path.join(context.config.dataDir, 'files', 'signed-agreement'), { recursive: true }).filter((name) => String(name).endsWith('.pdf')).length;
    const before = files();
    const answers = await Promise.all(
      clients.map((client, index) => client.post(`/api/agreements/${v1}/sign`, { signer_name: `Owner ${index + 1}`, consent: true, read_to_end: true, text_sha256: detail.text_sha256 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const { rows } = await context.database.pool.query('SELECT count(*)::int AS n FROM agreement_acceptances WHERE agreement_id = $1 AND referral_agent_id = $2', [v1, first.referralAgentId]);
    expect(rows[0].n).toBe(1);
    expect(files()).toBe(before + 1);
  });

  it('keeps acceptances append-only', async () => {
    await expect(context.database.pool.query("UPDATE agreement_acceptances SET signer_name = 'Someone else'")).rejects.toThrow(/append-only/);
    await expect(context.database.pool.query('DELETE FROM agreement_acceptances')).rejects.toThrow(/append-only/);
  });

  it('publishes a new version: the signed one is superseded, the new one awaits, the agent is told; the console sees who signed', async () => {
    const draft = await admin.post('/api/console/agreements', { kind: 'template', key: 'partner-programme', title: 'Partner Programme Agreement', body_markdown: `${BODY}\n\n## 2. Tiers\n\nTiers are evaluated each quarter.`, mandatory: true, effective_on: '2026-06-01' });
    const v2 = consoleAgreementDetailSchema.parse(draft.json());
    expect(v2.version).toBe(2);
    expect((await admin.post(`/api/console/agreements/${v2.id}/publish`)).statusCode).toBe(200);
    expect((await admin.post(`/api/console/agreements/${v2.id}/publish`)).json().errors).toEqual({ status: ['This version is already published.'] });

    const list = agreementListSchema.parse((await ownerClient.get('/api/agreements')).json());
    expect(list.pending_mandatory).toBe(true);
    expect(list.agreements.map((agreement) => [agreement.version, agreement.status])).toEqual([
      [2, 'action_needed'],
      [1, 'superseded'],
    ]);
    // The agents are told by a job queued with the publication.
    await context.app.jobs.drain();
    const notices = await context.database.pool.query<{ title: string; link: string }>("SELECT title, link FROM notifications WHERE type = 'agreement.published' AND user_id = $1", [owner.userId]);
    expect(notices.rows).toContainEqual({ title: 'An agreement to read: Partner Programme Agreement', link: `/agreements?agreement=${v2.id}` });

    const signatures = agreementSignaturesSchema.parse((await admin.get(`/api/console/agreements/${v1}/signatures`)).json()).signatures;
    const ours = signatures.find((signature) => signature.agent.id === owner.referralAgentId)!;
    expect(ours.signed).toMatchObject({ signer_name: 'Amelia Hart', signer_email: owner.email, ip: '127.0.0.1' });
    expect((await admin.get(`/api/console/agreements/${v1}/signatures/${owner.referralAgentId}/pdf`)).headers['content-type']).toBe('application/pdf');
    const pending = agreementSignaturesSchema.parse((await admin.get(`/api/console/agreements/${v2.id}/signatures`)).json()).signatures;
    expect(pending.find((signature) => signature.agent.id === owner.referralAgentId)!.signed).toBeNull();
    // A published version never changes.
    const edit = await consoleRequest(new TestClient(context.app), 'PUT', `/api/console/agreements/${v2.id}`, {});
    expect(edit.statusCode).toBe(401);
  });

  it('N6: signs the words shown, not what the page hides: comments and raw HTML are cleaned on save and outside the hash', async () => {
    const hidden = 'A. The partner is paid monthly.\n\n<!-- HIDDEN: the partner waives every commission -->\n\nB. Either side may end this <!-- inline secret --> agreement.\n\n<div hidden>Shown as words, not hidden</div>';
    const created = await admin.post('/api/console/agreements', { kind: 'individual', key: 'hidden-words', title: 'Terms', body_markdown: hidden, effective_on: '2026-01-01', referral_agent_id: owner.referralAgentId });
    expect(created.statusCode).toBe(201);
    const draft = consoleAgreementDetailSchema.parse(created.json());
    expect(draft.body_markdown).not.toMatch(/HIDDEN|inline secret|<div/);
    expect((await admin.post(`/api/console/agreements/${draft.id}/publish`)).statusCode).toBe(200);
    const detail = agreementDetailSchema.parse((await ownerClient.get(`/api/agreements/${draft.id}`)).json());
    expect(detail.text).toBe('Terms\n\nA. The partner is paid monthly.\n\nB. Either side may end this  agreement.\n\nShown as words, not hidden');
    expect(detail.text_sha256).toBe(sha256(detail.text));
    // A row written before the cleaning (straight into the table) is hashed over what shows, too.
    await context.database.pool.query('UPDATE agreements SET body_markdown = $2 WHERE id = $1', [draft.id, hidden]);
    const again = agreementDetailSchema.parse((await ownerClient.get(`/api/agreements/${draft.id}`)).json());
    expect(again.text).not.toMatch(/HIDDEN|inline secret/);
    expect(again.body_html).not.toMatch(/HIDDEN|inline secret/);
  });

  it("shows an agent its individual contract with the negotiated rates, never another agent's, and no rates to an affiliate", async () => {
    const pool = context.database.pool;
    const created = await admin.post('/api/console/agreements', { kind: 'individual', key: 'harbor-contract', title: 'Individual contract', body_markdown: 'The negotiated terms of this individual contract.', effective_on: '2026-01-01', expires_on: '2027-12-31', referral_agent_id: owner.referralAgentId });
    const contract = consoleAgreementDetailSchema.parse(created.json());
    await admin.post(`/api/console/agreements/${contract.id}/publish`);
    await pool.query(
      `INSERT INTO commission_rates (referral_agent_id, agreement_id, kind, basis_points, base_description, base_description_ar, refund_window_days, valid_from) VALUES ($1, $2, 'percentage', 1250, 'The treatment price', 'سعر العلاج', 14, '2026-01-01')`,
      [owner.referralAgentId, contract.id],
    );
    const individual = (await ownerClient.get('/api/individual-contract')).json();
    expect(individual.contract).toMatchObject({ id: contract.id, kind: 'individual', status: 'action_needed', expires_at: '2027-12-31T00:00:00.000Z' });
    expect(individual.contract.rate_schedule).toEqual([{ scope: { facility: null, service: null, specialty: null, tier: null }, rate: { kind: 'percentage', basis_points: 1250, amount_minor: null, currency: 'USD' }, refund_window_days: 14 }]);

    const other = await createPartner(pool, { role: 'owner' });
    const otherClient = new TestClient(context.app);
    await signInAs(context, otherClient, other.userId);
    expect((await otherClient.get(`/api/agreements/${contract.id}`)).statusCode).toBe(404);
    expect((await otherClient.get('/api/individual-contract')).json()).toEqual({ contract: null });

    const affiliate = await createPartner(pool, { role: 'owner', referralGroupSlug: AFFILIATES_GROUP });
    const affiliateClient = new TestClient(context.app);
    await signInAs(context, affiliateClient, affiliate.userId);
    const latest = agreementListSchema.parse((await affiliateClient.get('/api/agreements')).json()).agreements[0]!;
    const seen = (await affiliateClient.get(`/api/agreements/${latest.id}`)).json();
    expect(seen.title).toBe('Partner Programme Agreement');
    expect(seen).not.toHaveProperty('rate_schedule');
  });

  it('refuses bad drafts with field messages', async () => {
    const bad = await admin.post('/api/console/agreements', { kind: 'individual', key: 'Bad Key', title: 'x', body_markdown: 'short', effective_on: '2026-13-01' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['body_markdown', 'effective_on', 'key', 'referral_agent_id', 'title']);
    const taken = await admin.post('/api/console/agreements', { kind: 'individual', key: 'partner-programme', title: 'Not a template', body_markdown: 'This would join the programme family.', effective_on: '2026-01-01', referral_agent_id: owner.referralAgentId });
    expect(taken.json().errors).toEqual({ key: ['Another family of agreements uses this key.'] });
  });
});
