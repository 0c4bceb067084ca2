import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { currentTotpCode } from '../../modules/auth/two-factor.ts';
import { createAuthTestApp, newClient, signIn } from '../../modules/auth/auth-test-support.ts';
import { DEMO_RECOVERY_CODES, DEMO_TOTP_SECRET, seedDemoAccounts, type DemoAccount } from './demo-accounts.ts';
import { DEMO_AGENTS, DEMO_EMAILS, DEMO_PASSWORD } from './demo-identities.ts';

describe('demo accounts', () => {
  let context: TestContext;
  let accounts: DemoAccount[];
  beforeAll(async () => {
    context = await createAuthTestApp();
    accounts = await seedDemoAccounts(context.database.pool, context.config);
  });
  afterAll(async () => {
    await context.close();
  });

  it('returns the six logins with the demo password', () => {
    expect(accounts.map((account) => account.email).sort()).toEqual(Object.values(DEMO_EMAILS).sort());
    for (const account of accounts) expect(account.password).toBe(DEMO_PASSWORD);
    expect(accounts.find((account) => account.email === DEMO_EMAILS.twoFactor)?.totpSecret).toBe(DEMO_TOTP_SECRET);
  });

  it('the partner signs in and sees its agent, logo, type and industry', async () => {
    const response = await signIn(await newClient(context), DEMO_EMAILS.partner, DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const profile = response.json().user.partner_profile;
    expect(profile.referral_agent.name).toBe(DEMO_AGENTS.main);
    expect(profile.referral_agent.referral_group.slug).toBe('partners');
    expect(profile.partner_type.name).toBe('Clinic');
    expect(profile.partner_industry.name).toBe('Healthcare');
  });

  it('every agent logo exists in the web app', async () => {
    const { rows } = await context.database.pool.query<{ logo: string }>('SELECT logo FROM referral_agents');
    const publicDir = new URL('../../../../web/public/', import.meta.url);
    for (const { logo } of rows) {
      expect(logo).toMatch(/^\/build\/logos\/[a-z-]+\.svg$/);
      expect(existsSync(fileURLToPath(new URL(logo.replace('/build/', ''), publicDir))), logo).toBe(true);
    }
    expect(existsSync(fileURLToPath(new URL('logos/default.svg', publicDir)))).toBe(true);
  });

  it('the second partner belongs to another agent, the affiliate to the affiliates group', async () => {
    const second = await signIn(await newClient(context), DEMO_EMAILS.second, DEMO_PASSWORD);
    expect(second.json().user.partner_profile.referral_agent.name).toBe(DEMO_AGENTS.second);
    const affiliate = await signIn(await newClient(context), DEMO_EMAILS.affiliate, DEMO_PASSWORD);
    expect(affiliate.json().user.partner_profile.referral_agent.referral_group).toEqual({ slug: 'affiliates', name: 'affiliates' });
  });

  it('the two-factor account takes a code computed from the printed secret, and a printed recovery code', async () => {
    const client = await newClient(context);
    expect((await signIn(client, DEMO_EMAILS.twoFactor, DEMO_PASSWORD)).json()).toEqual({ two_factor: true });
    expect((await client.post('/api/two-factor-challenge', { code: currentTotpCode(DEMO_TOTP_SECRET) })).statusCode).toBe(200);
    const other = await newClient(context);
    await signIn(other, DEMO_EMAILS.twoFactor, DEMO_PASSWORD);
    expect((await other.post('/api/two-factor-challenge', { recovery_code: DEMO_RECOVERY_CODES[0] })).statusCode).toBe(200);
  });

  it('the must-change-password account has password_updated_check false and no industry', async () => {
    const response = await signIn(await newClient(context), DEMO_EMAILS.mustChangePassword, DEMO_PASSWORD);
    expect(response.json().user.password_updated_check).toBe(false);
    expect(response.json().user.partner_profile.partner_industry).toBeNull();
  });

  it('the pending account is told it waits for approval', async () => {
    const response = await signIn(await newClient(context), DEMO_EMAILS.pending, DEMO_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('approval_pending');
  });
});
