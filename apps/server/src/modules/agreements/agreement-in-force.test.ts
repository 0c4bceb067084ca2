import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Issue 31, item 10: a commission line records the agreement it was earned under, chosen by the agreement's kind: the
 * agent's individual contract, else the programme's template; never an addendum (the Data Processing Addendum), even
 * one signed after the programme agreement.
 */
let context: TestContext;
let partner: CreatedPartner;

async function publishAndSign(kind: 'template' | 'individual' | 'addendum', key: string, day: number): Promise<number> {
  const pool = context.database.pool;
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO agreements (kind, key, version, title, body_markdown, status, effective_at, referral_agent_id, published_at)
     VALUES ($1, $2, 1, $2, 'The text.', 'published', $4, $3, '2025-12-20') RETURNING id`,
    [kind, key, kind === 'individual' ? partner.referralAgentId : null, `2026-01-0${day}`],
  );
  await pool.query(
    `INSERT INTO agreement_acceptances (agreement_id, referral_agent_id, user_id, signer_name, consent_text, text_sha256, ip, user_agent, signed_at)
     VALUES ($1, $2, $3, 'Amira Haddad', 'I agree.', repeat('a', 64), '203.0.113.9', 'test', $4)`,
    [rows[0]!.id, partner.referralAgentId, partner.userId, `2026-02-0${day}T10:00:00Z`],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  context = await createTestApp();
  partner = await createPartner(context.database.pool);
});
afterAll(async () => context?.close());

describe('the agreement a commission is earned under', () => {
  it.each([
    { signed: ['template'], expected: 'partner-programme-agreement' },
    { signed: ['template', 'addendum'], expected: 'partner-programme-agreement' },
    { signed: ['addendum'], expected: null },
    { signed: ['template', 'addendum', 'individual'], expected: 'northwind-individual-contract' },
  ] as const)('with $signed signed (in that order), it is $expected', async ({ signed, expected }) => {
    // Each case on an agent of its own; each agreement in force and signed a day after the one before it.
    partner = await createPartner(context.database.pool);
    const keys = { template: 'partner-programme-agreement', addendum: 'data-processing-addendum', individual: 'northwind-individual-contract' };
    for (const [index, kind] of signed.entries()) {
      await publishAndSign(kind, `${keys[kind]}-${partner.referralAgentId}`, index + 1);
    }
    const inForce = await context.app.agreements.inForce(context.database.pool, partner.referralAgentId, new Date('2026-03-01T00:00:00Z'));
    expect(inForce?.key ?? null).toBe(expected === null ? null : `${expected}-${partner.referralAgentId}`);
  });

  it('refuses a kind the programme does not know', async () => {
    await expect(
      context.database.pool.query(`INSERT INTO agreements (kind, key, version, title, body_markdown, effective_at) VALUES ('appendix', 'x', 1, 'x', 'x', now())`),
    ).rejects.toThrow(/agreements_kind_check/);
  });
});
