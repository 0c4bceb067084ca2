import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { readOutbox } from '../../test/outbox.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Payment details on a real database (docs/payment-details.md): owners and finance change them after confirming their
 * password; the account is sealed and shown masked; the owners are e-mailed a freeze link that works once; an operator
 * verifies them (audited) or reveals the account (audited); the same account on two agents is pointed out; the change
 * log cannot be rewritten.
 */

let context: TestContext;
let financeClient: TestClient;
/** Four eyes: a second finance operator, who approves what the first proposed */
let controllerClient: TestClient;
let supportClient: TestClient;

const IBAN = 'GB82 WEST 1234 5698 7654 32';
const DETAILS = { scheme: 'iban', holder_name: 'Cedar Clinics Ltd', bank_country: 'GB', iban: IBAN, bic: 'WESTGB2L' };

beforeAll(async () => {
  context = await createTestApp();
  financeClient = new TestClient(context.app);
  await signInOperatorAs(context, financeClient, (await createTestOperator(context, { role: 'finance' })).id);
  controllerClient = new TestClient(context.app);
  await signInOperatorAs(context, controllerClient, (await createTestOperator(context, { role: 'finance' })).id);
  supportClient = new TestClient(context.app);
  await signInOperatorAs(context, supportClient, (await createTestOperator(context, { role: 'support' })).id);
});
afterAll(async () => {
  await context.close();
});

async function clientOf(member: CreatedPartner, options: { reauthenticated?: boolean } = {}) {
  const client = new TestClient(context.app);
  await signInAs(context, client, member.userId);
  if (options.reauthenticated) expect((await client.post('/api/account-security/reauthenticate', { password: member.password })).statusCode).toBe(200);
  return client;
}

async function mailsTo(email: string) {
  await context.app.mailer.flush();
  return readOutbox(context.config.mail.outboxDir).filter((mail) => mail.to.includes(email));
}

describe('changing payment details', () => {
  it('needs a recent re-authentication, seals the account, holds it for verification and e-mails the owners a freeze link', async () => {
    const owner = await createPartner(context.database.pool);
    const finance = await createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role: 'finance' });

    const notYet = await clientOf(finance);
    expect((await notYet.get('/api/payment-details')).json()).toEqual({ details: null, events: [] });
    const refused = await notYet.put('/api/payment-details', DETAILS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('reauthentication_required');

    const client = await clientOf(finance, { reauthenticated: true });
    const saved = await client.put('/api/payment-details', DETAILS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().details).toMatchObject({ scheme: 'iban', holder_name: 'Cedar Clinics Ltd', account_masked: '•••• 5432', bic: 'WESTGB2L', status: 'unverified' });
    expect(saved.json().events[0]).toMatchObject({ kind: 'changed', old_masked: null, new_masked: 'IBAN •••• 5432 (GB)' });
    // The account appears nowhere in clear: not in the answer, not in the table.
    expect(saved.body).not.toContain('98765432');
    const { rows } = await context.database.pool.query<{ row: string }>('SELECT row_to_json(d)::text AS row FROM payment_details d WHERE referral_agent_id = $1', [owner.referralAgentId]);
    expect(rows[0]!.row).not.toContain('98765432');

    // The owner (not the finance member who changed them) is e-mailed the masked change and a freeze link.
    const [mail] = await mailsTo(owner.email);
    expect(mail!.subject).toBe('Your payment details were changed');
    expect(mail!.text).toContain('IBAN •••• 5432 (GB)');
    const link = mail!.links.find((candidate) => candidate.includes('/payment-details/freeze?token='))!;
    const token = new URL(link).searchParams.get('token')!;

    // Anyone holding the link (no session) freezes them, once.
    const anonymous = new TestClient(context.app);
    await anonymous.csrf();
    const frozen = await anonymous.post('/api/payment-details/freeze', { token });
    expect(frozen.statusCode).toBe(200);
    expect((await client.get('/api/payment-details')).json().details.status).toBe('frozen');
    const again = await anonymous.post('/api/payment-details/freeze', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toContain('This link is invalid');

    // Whoever made the change cannot lift the freeze by saving again: it stays until an operator verifies.
    expect((await client.put('/api/payment-details', { ...DETAILS, iban: 'GB33 BUKB 2020 1555 5555 55', bic: 'BUKBGB22' })).json().details.status).toBe('frozen');

    // The member who changed them leaves: the log forgets who, and keeps the rest (the append-only trigger allows it).
    await context.database.pool.query('DELETE FROM partner_profiles WHERE user_id = $1', [finance.userId]).catch(() => undefined);
    await context.database.pool.query('DELETE FROM users WHERE id = $1', [finance.userId]);
    const { rows: log } = await context.database.pool.query<{ user_id: number | null; new_masked: string }>(`SELECT user_id, new_masked FROM payment_detail_events WHERE referral_agent_id = $1 AND kind = 'changed' ORDER BY id LIMIT 1`, [owner.referralAgentId]);
    expect(log[0]).toEqual({ user_id: null, new_masked: 'IBAN •••• 5432 (GB)' });
  });

  it('checks the account for its scheme and country', async () => {
    const owner = await createPartner(context.database.pool);
    const client = await clientOf(owner, { reauthenticated: true });
    const badIban = await client.put('/api/payment-details', { ...DETAILS, iban: 'GB82 WEST 1234 5698 7654 33' });
    expect(badIban.statusCode).toBe(422);
    expect(badIban.json().errors.iban).toEqual(['This IBAN is not valid: check its country code, length and digits.']);
    const elsewhere = await client.put('/api/payment-details', { ...DETAILS, bank_country: 'DE' });
    expect(elsewhere.json().errors.iban).toEqual(['This IBAN belongs to another country than the bank country chosen.']);
    const routing = await client.put('/api/payment-details', { scheme: 'us_ach', holder_name: 'Cedar', bank_country: 'US', routing_number: '021000022', account_number: '12345678', account_type: 'checking' });
    expect(routing.json().errors.routing_number).toEqual(['The routing number must be the nine digits of a US bank (ABA), with a valid check digit.']);
    const us = await client.put('/api/payment-details', { scheme: 'us_ach', holder_name: 'Cedar', bank_country: 'US', routing_number: '021000021', account_number: '12345678', account_type: 'checking' });
    expect(us.statusCode).toBe(200);
    const ifsc = await client.put('/api/payment-details', { scheme: 'in_ifsc', holder_name: 'Cedar', bank_country: 'IN', ifsc: 'HDFC1000123', account_number: '123456789012' });
    expect(ifsc.json().errors.ifsc).toHaveLength(1);
  });

  it('is for owners and finance only', async () => {
    const owner = await createPartner(context.database.pool);
    for (const role of ['manager', 'agent'] as const) {
      const member = await createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role });
      const client = await clientOf(member, { reauthenticated: true });
      expect((await client.get('/api/payment-details')).statusCode).toBe(403);
      expect((await client.put('/api/payment-details', DETAILS)).statusCode).toBe(403);
    }
  });
});

describe('in the console', () => {
  it('verifies (audited, the partner told), reveals the account (audited), and points out an account on two agents', async () => {
    const first = await createPartner(context.database.pool);
    const second = await createPartner(context.database.pool);
    // An account nobody else in this file uses.
    const shared = { ...DETAILS, bank_country: 'DE', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };
    for (const owner of [first, second]) expect((await (await clientOf(owner, { reauthenticated: true })).put('/api/payment-details', { ...shared, holder_name: `Holder ${owner.userId}` })).statusCode).toBe(200);

    const list = await consoleRequest(supportClient, 'GET', '/api/console/payment-details?status=unverified&per_page=100');
    const row = list.json().data.find((candidate: { referral_agent_id: number }) => candidate.referral_agent_id === first.referralAgentId);
    expect(row.same_account_as).toEqual([expect.objectContaining({ id: second.referralAgentId })]);

    expect((await consoleRequest(supportClient, 'POST', `/api/console/payment-details/${first.referralAgentId}/verify`, {})).statusCode).toBe(403);
    expect((await consoleRequest(supportClient, 'POST', `/api/console/payment-details/${first.referralAgentId}/reveal`, {})).statusCode).toBe(403);

    // Without a body, as the console sends it.
    const revealed = await consoleRequest(financeClient, 'POST', `/api/console/payment-details/${first.referralAgentId}/reveal`);
    expect(revealed.json()).toEqual({ account: 'DE89370400440532013000' });
    // Four eyes (issue 31): the first operator proposes; the same one again is refused with the reason; a second verifies.
    const proposed = await consoleRequest(financeClient, 'POST', `/api/console/payment-details/${first.referralAgentId}/verify`);
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json()).toMatchObject({ status: 'awaiting_second_approval' });
    const awaiting = await consoleRequest(supportClient, 'GET', `/api/console/payment-details/${first.referralAgentId}`);
    expect(awaiting.json().details).toMatchObject({ status: 'unverified', verification_proposal: { operator_name: proposed.json().proposed_by } });
    const sameAgain = await consoleRequest(financeClient, 'POST', `/api/console/payment-details/${first.referralAgentId}/verify`);
    expect(sameAgain.statusCode).toBe(403);
    expect(sameAgain.json()).toMatchObject({ code: 'second_operator_required', message: 'You proposed this verification: it awaits a second approval by someone other than you.' });
    expect((await consoleRequest(supportClient, 'GET', `/api/console/payment-details/${first.referralAgentId}`)).json().details.status).toBe('unverified');
    const approved = await consoleRequest(controllerClient, 'POST', `/api/console/payment-details/${first.referralAgentId}/verify`, {});
    expect(approved.json()).toEqual({ status: 'verified', proposed_by: proposed.json().proposed_by });
    expect((await consoleRequest(financeClient, 'POST', `/api/console/payment-details/${first.referralAgentId}/verify`, {})).statusCode).toBe(409);

    const audit = await context.database.pool.query<{ action: string; after: { proposed_by?: { id: number; name: string }; approved_by?: { id: number; name: string } } | null }>(
      `SELECT action, after FROM audit_events WHERE target_type = 'referral_agent' AND target_id = $1 ORDER BY id`,
      [String(first.referralAgentId)],
    );
    expect(audit.rows.map((entry) => entry.action)).toEqual(['payment_details.changed', 'payment_details.revealed', 'payment_details.verification_proposed', 'payment_details.verified']);
    // The verification's audit row names both operators.
    const verifiedRow = audit.rows.at(-1)!.after!;
    expect(verifiedRow.proposed_by!.name).toBe(proposed.json().proposed_by);
    // Test operators share a name: the two are told apart by their ids.
    expect(verifiedRow.approved_by!.id).not.toBe(verifiedRow.proposed_by!.id);
    const detail = await consoleRequest(supportClient, 'GET', `/api/console/payment-details/${first.referralAgentId}`);
    expect(detail.json().details.status).toBe('verified');
    expect(detail.json().events.map((event: { kind: string }) => event.kind)).toEqual(['verified', 'changed']);
    const told = await context.database.pool.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'Payment details verified'`, [first.userId]);
    expect(told.rowCount).toBe(1);
  });

  it('voids a proposed verification when the partner changes the details again: the next check is a proposal again', async () => {
    const owner = await createPartner(context.database.pool);
    const client = await clientOf(owner, { reauthenticated: true });
    await client.put('/api/payment-details', DETAILS);
    expect((await consoleRequest(financeClient, 'POST', `/api/console/payment-details/${owner.referralAgentId}/verify`)).json().status).toBe('awaiting_second_approval');
    await client.put('/api/payment-details', { ...DETAILS, iban: 'GB33 BUKB 2020 1555 5555 55', bic: 'BUKBGB22' });
    // What the first operator checked is not what is there now: the second operator's check is a new proposal.
    const after = await consoleRequest(controllerClient, 'POST', `/api/console/payment-details/${owner.referralAgentId}/verify`);
    expect(after.json().status).toBe('awaiting_second_approval');
    expect((await client.get('/api/payment-details')).json().details.status).toBe('unverified');
    expect((await consoleRequest(financeClient, 'POST', `/api/console/payment-details/${owner.referralAgentId}/verify`)).json().status).toBe('verified');
  });

  it('withdraws a proposed verification (audited with both names): the details stay unverified and the next check is a proposal again', async () => {
    const owner = await createPartner(context.database.pool);
    await (await clientOf(owner, { reauthenticated: true })).put('/api/payment-details', DETAILS);
    const url = `/api/console/payment-details/${owner.referralAgentId}/verify`;
    expect((await consoleRequest(controllerClient, 'POST', `${url}/withdraw`)).statusCode).toBe(409);
    const proposed = await consoleRequest(financeClient, 'POST', url);
    expect(proposed.json().status).toBe('awaiting_second_approval');
    expect((await consoleRequest(supportClient, 'POST', `${url}/withdraw`)).statusCode).toBe(403);

    // The second operator finds the account does not match the bank letter and will not approve it.
    expect((await consoleRequest(controllerClient, 'POST', `${url}/withdraw`)).statusCode).toBe(204);
    const detail = await consoleRequest(supportClient, 'GET', `/api/console/payment-details/${owner.referralAgentId}`);
    expect(detail.json().details).toMatchObject({ status: 'unverified', verification_proposal: null });
    const audit = await context.database.pool.query<{ before: { proposed_by: { id: number } }; after: { withdrawn_by: { id: number } } }>(
      `SELECT before, after FROM audit_events WHERE action = 'payment_details.verification_withdrawn' AND target_id = $1`,
      [String(owner.referralAgentId)],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.after.withdrawn_by.id).not.toBe(audit.rows[0]!.before.proposed_by.id);
    expect((await consoleRequest(controllerClient, 'POST', `${url}/withdraw`)).statusCode).toBe(409);
    // The proposer may approve nothing now; checking again starts a new proposal, theirs or anyone's.
    expect((await consoleRequest(financeClient, 'POST', url)).json().status).toBe('awaiting_second_approval');
  });

  it("lets the owner's link freeze the details from any session, a finance member's included, while its owner is still an owner", async () => {
    // Decided in docs/payment-details.md: the e-mailed link, not the session, is the proof; a freeze only stops money.
    const owner = await createPartner(context.database.pool);
    const finance = await createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role: 'finance' });
    const secondOwner = await createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role: 'owner' });
    await (await clientOf(finance, { reauthenticated: true })).put('/api/payment-details', DETAILS);
    const tokenOf = async (email: string) => new URL((await mailsTo(email)).at(-1)!.links.find((candidate) => candidate.includes('/payment-details/freeze?token='))!).searchParams.get('token')!;
    const ownersToken = await tokenOf(owner.email);
    const secondToken = await tokenOf(secondOwner.email);

    // The second owner is made a finance member: their link stops working.
    await context.database.pool.query(`UPDATE partner_profiles SET role = 'finance' WHERE user_id = $1`, [secondOwner.userId]);
    const financeSession = await clientOf(finance);
    expect((await financeSession.post('/api/payment-details/freeze', { token: secondToken })).statusCode).toBe(404);
    // The owner's own link works from the finance member's session: the audit row names the owner the link was sent to.
    expect((await financeSession.post('/api/payment-details/freeze', { token: ownersToken })).statusCode).toBe(200);
    const audit = await context.database.pool.query<{ actor_id: string }>(`SELECT actor_id FROM audit_events WHERE action = 'payment_details.frozen' AND target_id = $1`, [String(owner.referralAgentId)]);
    expect(audit.rows.map((row) => row.actor_id)).toEqual([String(owner.userId)]);
  });

  it('keeps the change log as written: the database refuses to rewrite or delete it', async () => {
    const owner = await createPartner(context.database.pool);
    await (await clientOf(owner, { reauthenticated: true })).put('/api/payment-details', DETAILS);
    const pool = context.database.pool;
    await expect(pool.query(`UPDATE payment_detail_events SET new_masked = 'IBAN •••• 0000 (GB)' WHERE referral_agent_id = $1`, [owner.referralAgentId])).rejects.toThrow(/append-only/);
    await expect(pool.query('DELETE FROM payment_detail_events WHERE referral_agent_id = $1', [owner.referralAgentId])).rejects.toThrow(/append-only/);
  });
});
