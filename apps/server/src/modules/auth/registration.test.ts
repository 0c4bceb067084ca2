import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { createPartner } from '../../test/factories.ts';
import { latestMail } from '../../test/outbox.ts';
import type { TestClient } from '../../test/http-client.ts';
import { createApprovalService, OperatorError } from './approval.ts';
import { currentTotpCode } from './two-factor.ts';
import { authDependencies, createAuthTestApp, expectValidationError, newClient, signIn } from './auth-test-support.ts';

describe('registration, approval and one-time sign-in links', () => {
  let context: TestContext;
  let clinicId: number;
  let healthcareId: number;
  beforeAll(async () => {
    context = await createAuthTestApp();
    const pool = context.database.pool;
    for (const name of ['Travel agency', 'Clinic', 'Individual']) await pool.query('INSERT INTO partner_types (name) VALUES ($1)', [name]);
    for (const name of ['Technology', 'Healthcare']) await pool.query('INSERT INTO partner_industries (name) VALUES ($1)', [name]);
    clinicId = (await pool.query<{ id: number }>(`SELECT id FROM partner_types WHERE name = 'Clinic'`)).rows[0]!.id;
    healthcareId = (await pool.query<{ id: number }>(`SELECT id FROM partner_industries WHERE name = 'Healthcare'`)).rows[0]!.id;
  });
  afterAll(async () => {
    await context.close();
  });

  let sequence = 0;
  function registration(overrides: Record<string, unknown> = {}) {
    sequence += 1;
    return {
      first_name: 'Maya',
      last_name: 'Lindqvist',
      email: `maya${sequence}@clinic.example`,
      password: 'Strong-Passw0rd',
      password_confirmation: 'Strong-Passw0rd',
      phone_country: 'AE',
      phone: '050 123 4567',
      partner_type_id: clinicId,
      partner_industry_id: healthcareId,
      organisation: `Lindqvist Clinic ${sequence}`,
      ...overrides,
    };
  }

  async function register(client: TestClient, overrides: Record<string, unknown> = {}) {
    const body = registration(overrides);
    return { body, response: await client.post('/api/registration', body) };
  }

  it('lists partner types and industries sorted by name, without a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/registration/options' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.partner_types.map((item: { name: string }) => item.name)).toEqual(['Clinic', 'Individual', 'Travel agency']);
    expect(body.partner_industries.map((item: { name: string }) => item.name)).toEqual(['Healthcare', 'Technology']);
    expect(body.partner_types[0]).toEqual({ id: clinicId, name: 'Clinic' });
  });

  it('creates a pending account with its organisation, and stores the phone in E.164', async () => {
    const client = await newClient(context);
    const { body, response } = await register(client);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Thank you for registering. We will review your application and e-mail you once it is approved.',
    });
    const { rows } = await context.database.pool.query(
      `SELECT u.status, u.phone, u.first_login, u.password_hash, p.organisation, ra.name AS agent, rg.slug, pt.name AS type, pi.name AS industry
         FROM users u JOIN partner_profiles p ON p.user_id = u.id JOIN referral_agents ra ON ra.id = p.referral_agent_id
         JOIN referral_groups rg ON rg.id = ra.referral_group_id JOIN partner_types pt ON pt.id = p.partner_type_id
         LEFT JOIN partner_industries pi ON pi.id = p.partner_industry_id
        WHERE u.email = $1`,
      [body.email],
    );
    expect(rows[0]).toMatchObject({
      status: 'pending',
      phone: '+971501234567',
      first_login: true,
      organisation: body.organisation,
      agent: body.organisation,
      slug: 'partners',
      type: 'Clinic',
      industry: 'Healthcare',
    });
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    // Registering does not sign anyone in.
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('accepts a registration without an industry', async () => {
    const { response } = await register(await newClient(context), { partner_industry_id: null });
    expect(response.statusCode).toBe(201);
  });

  it('answers 422 per field: phone invalid for the country, password rules, confirmation, duplicate e-mail', async () => {
    const client = await newClient(context);
    expectValidationError((await register(client, { phone_country: 'GB', phone: '050 123 4567' })).response, 'phone', 'The phone number is not valid for the chosen country.');
    expectValidationError((await register(client, { phone_country: 'AE', phone: '+49 1512 3456789' })).response, 'phone');
    expectValidationError((await register(client, { password: 'weak', password_confirmation: 'weak' })).response, 'password', /at least 8 characters/);
    expectValidationError((await register(client, { password_confirmation: 'Other-Passw0rd' })).response, 'password_confirmation', 'The password confirmation does not match.');
    expectValidationError((await register(client, { partner_type_id: 999_999 })).response, 'partner_type_id', 'The selected partner type is invalid.');

    const existing = await createPartner(context.database.pool);
    const duplicate = (await register(client, { email: existing.email.toUpperCase() })).response;
    expectValidationError(duplicate, 'email', 'The email has already been taken.');
    expect(duplicate.json().message).toBe('The email has already been taken.');
  });

  it('limits registrations per IP address to ten an hour', async () => {
    await context.database.pool.query(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES ('registration:127.0.0.1', 10, now() + interval '1 hour')
       ON CONFLICT (key) DO UPDATE SET hits = 10, reset_at = excluded.reset_at`,
    );
    const { response } = await register(await newClient(context));
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(3500);
    expect(response.json().message).toMatch(/^Too many registrations from your network\. Please try again in \d+ seconds\.$/);
    await context.database.pool.query(`DELETE FROM rate_limits WHERE key = 'registration:127.0.0.1'`);
  });

  it('is CSRF-protected', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/registration', payload: registration() });
    expect(response.statusCode).toBe(419);
  });

  it('a pending registration reaches nothing until approved; approval e-mails a one-time link that signs in once', async () => {
    const client = await newClient(context);
    const { body } = await register(client, { first_name: 'Lena' });

    const pending = await signIn(await newClient(context), body.email, body.password);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().code).toBe('approval_pending');

    const onApproved = vi.fn();
    const approval = createApprovalService({ ...authDependencies(context), onApproved });
    expect((await approval.listPendingRegistrations()).map((row) => row.email)).toContain(body.email);

    const result = await approval.approveRegistration(body.email);
    expect(onApproved).toHaveBeenCalledWith(result.userId);
    // The e-mail was queued in the approval's transaction; the queue sends it.
    await context.app.mailer.flush();
    expect((await approval.listPendingRegistrations()).map((row) => row.email)).not.toContain(body.email);

    const mail = latestMail(context.config.mail.outboxDir, body.email)!;
    expect(mail.subject).toBe('Your partner portal account is approved');
    expect(mail.text).toContain('Hello Lena');
    const link = mail.links.find((item) => item.startsWith(`${context.config.appUrl}/authenticate?token=`))!;
    expect(link).toBeDefined();
    const token = new URL(link).searchParams.get('token')!;

    const browser = await newClient(context);
    const signedIn = await browser.post('/api/authenticate', { token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ two_factor: false, user: { email: body.email, first_login: true } });
    const user = await browser.get('/api/user');
    expect(user.statusCode).toBe(200);
    expect(user.json().first_login).toBe(false);

    const reused = await (await newClient(context)).post('/api/authenticate', { token });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('This sign-in link is invalid or has expired.');

    // And the password chosen at registration now works.
    expect((await signIn(await newClient(context), body.email, body.password)).statusCode).toBe(200);
  });

  it('refuses an expired link, a made-up one, and a link of an account that was rejected since', async () => {
    const partner = await createPartner(context.database.pool);
    const approval = createApprovalService(authDependencies(context));
    const expired = await approval.sendLoginLink(partner.email);
    await context.database.pool.query(`UPDATE login_links SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [partner.userId]);
    const client = await newClient(context);
    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
    expect((await client.post('/api/authenticate', { token: tokenOf(expired.link.url) })).statusCode).toBe(422);
    expectValidationError(await client.post('/api/authenticate', { token: 'short' }), 'token', 'This sign-in link is invalid or has expired.');
    expect((await client.post('/api/authenticate', { token: 'A'.repeat(43) })).statusCode).toBe(422);

    const fresh = await approval.sendLoginLink(partner.email);
    await approval.rejectRegistration(partner.email);
    expect((await client.post('/api/authenticate', { token: tokenOf(fresh.link.url) })).statusCode).toBe(422);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('a sign-in link of a two-factor account still asks for the code', async () => {
    const partner = await createPartner(context.database.pool);
    const approval = createApprovalService(authDependencies(context));
    const setup = await approval.enableTwoFactorFor(partner.email);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    const { link } = await approval.sendLoginLink(partner.email);
    const client = await newClient(context);
    const response = await client.post('/api/authenticate', { token: new URL(link.url).searchParams.get('token') });
    expect(response.json()).toEqual({ two_factor: true });
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const challenge = await client.post('/api/two-factor-challenge', { code: currentTotpCode(setup.secret) });
    expect(challenge.statusCode).toBe(200);

    await approval.disableTwoFactorFor(partner.email);
    expect((await signIn(await newClient(context), partner.email, partner.password)).json().two_factor).toBe(false);
  });

  it('rejection: the account cannot sign in, its sessions end, and the applicant is told', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);
    await createApprovalService(authDependencies(context)).rejectRegistration(partner.email);
    await context.app.mailer.flush();
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const response = await signIn(await newClient(context), partner.email, partner.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('registration_rejected');
    expect(latestMail(context.config.mail.outboxDir, partner.email)?.subject).toBe('Your partner portal registration');
  });

  it('keeps the language a registration was made in: its answer, then the approval and rejection e-mails, are in it', async () => {
    const client = await newClient(context);
    const body = registration({ first_name: 'Salma' });
    const response = await client.post('/api/registration', body, { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('شكرًا لتسجيلك. سنراجع طلبك ونراسلك عبر البريد الإلكتروني عند الموافقة عليه.');

    const approval = createApprovalService(authDependencies(context));
    await approval.approveRegistration(body.email);
    await context.app.mailer.flush();
    const approved = latestMail(context.config.mail.outboxDir, body.email)!;
    expect(approved.subject).toBe('تمت الموافقة على حسابك في بوابة الشركاء');
    expect(approved.text).toContain('مرحبًا Salma، تمت الموافقة على حسابك في بوابة الشركاء.');

    await approval.rejectRegistration(body.email);
    await context.app.mailer.flush();
    expect(latestMail(context.config.mail.outboxDir, body.email)!.subject).toBe('طلب تسجيلك في بوابة الشركاء');
    // a registration from an English page stays English
    const english = registration();
    await client.post('/api/registration', english, { 'accept-language': 'en-GB' });
    await approval.approveRegistration(english.email);
    await context.app.mailer.flush();
    expect(latestMail(context.config.mail.outboxDir, english.email)!.subject).toBe('Your partner portal account is approved');
  });

  it('tells the operator what is wrong: unknown e-mail, already approved, not approved yet', async () => {
    const approval = createApprovalService(authDependencies(context));
    await expect(approval.approveRegistration('nobody@example.test')).rejects.toThrow(OperatorError);
    await expect(approval.approveRegistration('nobody@example.test')).rejects.toThrow(/No account has the e-mail address/);
    const approved = await createPartner(context.database.pool);
    await expect(approval.approveRegistration(approved.email)).rejects.toThrow(/already approved/);
    const pending = await createPartner(context.database.pool, { status: 'pending' });
    await expect(approval.sendLoginLink(pending.email)).rejects.toThrow(/approve it first/);
  });
});
