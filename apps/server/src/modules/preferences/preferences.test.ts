import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesSchema } from '@portal/contracts/preferences';
import { userSchema } from '@portal/contracts/auth';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient } from '../../test/http-client.ts';
import { createPartner } from '../../test/factories.ts';
import { signInAs } from '../../test/sign-in.ts';
import { latestMail } from '../../test/outbox.ts';

const PATH = '/api/user/preferences';

describe('PATCH /api/user/preferences', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  async function signedIn(options: Parameters<typeof createPartner>[1] = {}) {
    const partner = await createPartner(context.database.pool, options);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    return { partner, client };
  }

  it('starts from English and the system theme, and saves each preference on its own', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/user')).json()).toMatchObject({ locale: 'en', theme: 'system' });

    const language = await client.patch(PATH, { locale: 'ar' });
    expect(language.statusCode).toBe(200);
    expect(preferencesSchema.parse(language.json())).toEqual({ locale: 'ar', theme: 'system' });

    const theme = await client.patch(PATH, { theme: 'dark' });
    expect(theme.json()).toEqual({ locale: 'ar', theme: 'dark' });

    const both = await client.patch(PATH, { locale: 'en', theme: 'light' });
    expect(both.json()).toEqual({ locale: 'en', theme: 'light' });
    const user = userSchema.parse((await client.get('/api/user')).json());
    expect(user).toMatchObject({ locale: 'en', theme: 'light' });
  });

  it('keeps them across sign-out and sign-in, in the sign-in answer and GET /api/user', async () => {
    const partner = await createPartner(context.database.pool);
    const client = new TestClient(context.app);
    await client.csrf();
    expect((await client.post('/api/login', { email: partner.email, password: partner.password })).statusCode).toBe(200);
    expect((await client.patch(PATH, { locale: 'ar', theme: 'dark' })).statusCode).toBe(200);

    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const again = await client.post('/api/login', { email: partner.email, password: partner.password });
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toMatchObject({ locale: 'ar', theme: 'dark' });
    expect((await client.get('/api/user')).json()).toMatchObject({ locale: 'ar', theme: 'dark' });
  });

  it('answers 401 without a session and 419 without the CSRF header, saving nothing', async () => {
    const guest = new TestClient(context.app);
    await guest.csrf();
    const anonymous = await guest.patch(PATH, { locale: 'ar' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });

    const { partner, client } = await signedIn();
    const forged = await client.patch(PATH, { locale: 'ar' }, { 'x-xsrf-token': '' });
    expect(forged.statusCode).toBe(419);
    expect(forged.json()).toEqual({ message: 'CSRF token mismatch.' });
    const { rows } = await context.database.pool.query('SELECT locale FROM users WHERE id = $1', [partner.userId]);
    expect(rows[0].locale).toBe('en');
  });

  it('refuses an unknown language or theme, an empty body and extra fields with 422 and field messages', async () => {
    const { client } = await signedIn();
    const language = await client.patch(PATH, { locale: 'fr' });
    expect(language.statusCode).toBe(422);
    expect(language.json()).toEqual({ message: 'The selected language is invalid.', errors: { locale: ['The selected language is invalid.'] } });

    const theme = await client.patch(PATH, { theme: 'sepia' });
    expect(theme.statusCode).toBe(422);
    expect(theme.json().errors).toEqual({ theme: ['The selected theme is invalid.'] });

    const nothing = await client.patch(PATH, {});
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toEqual({ locale: ['Choose a language or a theme.'] });

    const extra = await client.patch(PATH, { locale: 'ar', user_id: 1 });
    expect(extra.statusCode).toBe(422);
    expect(Object.keys(extra.json().errors)).toEqual(['user_id']);

    expect((await client.get('/api/user')).json()).toMatchObject({ locale: 'en', theme: 'system' });
  });

  it("changes only the signed-in person's preferences, whatever the body names", async () => {
    const first = await signedIn();
    const second = await signedIn();
    expect((await first.client.patch(PATH, { locale: 'ar', theme: 'dark' })).statusCode).toBe(200);
    // Naming the other user is refused outright, not ignored.
    expect((await first.client.patch(PATH, { id: second.partner.userId, locale: 'en' })).statusCode).toBe(422);

    expect((await second.client.get('/api/user')).json()).toMatchObject({ id: second.partner.userId, locale: 'en', theme: 'system' });
    expect((await first.client.get('/api/user')).json()).toMatchObject({ id: first.partner.userId, locale: 'ar', theme: 'dark' });
  });

  it('lets a partner who must still change their password choose a language on that page', async () => {
    const { client } = await signedIn({ passwordUpdatedCheck: false });
    const response = await client.patch(PATH, { locale: 'ar' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ locale: 'ar', theme: 'system' });
  });
});

describe('what the server writes to a person follows their saved language', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  async function forgotPasswordMail(email: string) {
    const guest = new TestClient(context.app);
    await guest.csrf();
    // The public page's language does not decide: the e-mail goes to an account, in the language it chose.
    expect((await guest.post('/api/users/forgot-password', { email }, { 'accept-language': 'en' })).statusCode).toBe(200);
    await context.app.mailer.flush();
    return latestMail(context.config.mail.outboxDir, email)!;
  }

  it('switching the language to Arabic and back switches the password reset e-mail with it', async () => {
    const partner = await createPartner(context.database.pool, { firstName: 'Layla' });
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);

    const english = await forgotPasswordMail(partner.email);
    expect(english.subject).toBe('Reset your partner portal password');
    expect(english.text).toContain('Hello Layla, we received a request to reset the password');

    expect((await client.patch(PATH, { locale: 'ar' })).statusCode).toBe(200);
    // the address's reset requests are throttled to one a minute: start the minute again
    await context.database.pool.query(`DELETE FROM rate_limits WHERE key LIKE 'forgot-password:%'`);
    const arabic = await forgotPasswordMail(partner.email);
    expect(arabic.subject).toBe('إعادة تعيين كلمة مرور بوابة الشركاء');
    expect(arabic.text).toContain('مرحبًا Layla، تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في بوابة الشركاء.');
    expect(arabic.links.some((link) => link.startsWith(`${context.config.appUrl}/reset-password?token=`))).toBe(true);

    expect((await client.patch(PATH, { locale: 'en' })).statusCode).toBe(200);
    await context.database.pool.query(`DELETE FROM rate_limits WHERE key LIKE 'forgot-password:%'`);
    expect((await forgotPasswordMail(partner.email)).subject).toBe('Reset your partner portal password');
  });
});
