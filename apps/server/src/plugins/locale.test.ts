import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { TestClient } from '../test/http-client.ts';
import { createPartner } from '../test/factories.ts';
import { signInAs } from '../test/sign-in.ts';
import { localeFromAcceptLanguage, resolveLocale } from '../lib/locale.ts';

describe('resolveLocale', () => {
  it('takes the saved language first, then the best Accept-Language match, then English', () => {
    expect(resolveLocale({ saved: 'ar', acceptLanguage: 'en-GB,en;q=0.9' })).toBe('ar');
    expect(resolveLocale({ saved: 'en', acceptLanguage: 'ar' })).toBe('en');
    expect(resolveLocale({ saved: null, acceptLanguage: 'ar-SA,ar;q=0.9,en;q=0.5' })).toBe('ar');
    expect(resolveLocale({ saved: undefined, acceptLanguage: 'fr-FR,fr;q=0.9,ar;q=0.3' })).toBe('ar');
    expect(resolveLocale({ acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('en');
    expect(resolveLocale({})).toBe('en');
    // a saved value the portal does not know (a language removed later) falls through
    expect(resolveLocale({ saved: 'de', acceptLanguage: 'ar' })).toBe('ar');
  });

  it('reads quality values, and ignores an absurd header', () => {
    expect(localeFromAcceptLanguage('en;q=0.2, ar;q=0.8')).toBe('ar');
    expect(localeFromAcceptLanguage(['fr', 'ar'])).toBe('ar');
    expect(localeFromAcceptLanguage('ar;q=0')).toBeUndefined();
    expect(localeFromAcceptLanguage(`${'x,'.repeat(600)}ar`)).toBeUndefined();
  });
});

describe('request.locale', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(
      {},
      {
        extend(app) {
          app.get('/api/test-only/locale', async (request) => ({ locale: request.locale }));
          app.get('/api/test-only/locale/deferred', { config: { sessionLookup: 'deferred' } }, async (request, reply) => {
            const before = request.locale;
            await app.sessions.load(request, reply);
            return { before, after: request.locale };
          });
        },
      },
    );
  });
  afterAll(async () => {
    await context.close();
  });

  const localeOf = async (client: TestClient, headers: Record<string, string> = {}) => (await client.get('/api/test-only/locale', headers)).json().locale;

  it("is a guest's Accept-Language, English without one", async () => {
    const guest = new TestClient(context.app);
    expect(await localeOf(guest)).toBe('en');
    expect(await localeOf(guest, { 'accept-language': 'ar-EG' })).toBe('ar');
    expect(await localeOf(guest, { 'accept-language': 'de' })).toBe('en');
  });

  it("is the signed-in person's saved language, whatever the header says, and follows a change at once", async () => {
    const partner = await createPartner(context.database.pool, { locale: 'ar' });
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    expect(await localeOf(client, { 'accept-language': 'en' })).toBe('ar');
    expect((await client.patch('/api/user/preferences', { locale: 'en' })).statusCode).toBe(200);
    expect(await localeOf(client, { 'accept-language': 'ar' })).toBe('en');
  });

  it('on a route that reads the session late, is the saved language once the session is read', async () => {
    const partner = await createPartner(context.database.pool, { locale: 'ar' });
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    expect((await client.get('/api/test-only/locale/deferred', { 'accept-language': 'en' })).json()).toEqual({ before: 'en', after: 'ar' });
  });
});

describe("answers in the request's language", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  async function guest() {
    const client = new TestClient(context.app);
    await client.csrf();
    return client;
  }

  it("gives a guest's 422 in Arabic for Accept-Language: ar, and the spec's English texts otherwise", async () => {
    const client = await guest();
    const arabic = await client.post('/api/login', { email: '', password: '' }, { 'accept-language': 'ar' });
    expect(arabic.statusCode).toBe(422);
    expect(arabic.json()).toEqual({
      message: 'حقل البريد الإلكتروني مطلوب.',
      errors: { email: ['حقل البريد الإلكتروني مطلوب.', 'يجب أن يكون البريد الإلكتروني عنوانًا صالحًا.'], password: ['حقل كلمة المرور مطلوب.'] },
    });
    const english = await client.post('/api/login', { email: '', password: '' });
    expect(english.json()).toEqual({
      message: 'The email field is required.',
      errors: { email: ['The email field is required.', 'The email must be a valid email address.'], password: ['The password field is required.'] },
    });
  });

  it("translates the server's own messages: a failed sign-in, a success message", async () => {
    const partner = await createPartner(context.database.pool);
    const client = await guest();
    const failed = await client.post('/api/login', { email: partner.email, password: 'Not-the-password-1' }, { 'accept-language': 'ar-AE' });
    expect(failed.json()).toEqual({ message: 'بيانات الدخول هذه لا تطابق سجلاتنا.', errors: { email: ['بيانات الدخول هذه لا تطابق سجلاتنا.'] } });
    const reset = await client.post('/api/users/forgot-password', { email: 'nobody@example.test' }, { 'accept-language': 'ar' });
    expect(reset.json()).toEqual({ success: true, message: 'أرسلنا رابط إعادة تعيين كلمة المرور إلى بريدك الإلكتروني.' });
  });

  it("answers a signed-in person in their saved language, a late-read session's route and 401s included", async () => {
    const partner = await createPartner(context.database.pool, { locale: 'ar' });
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    // the bookings list reads its session inside its own statement, after the query was refused
    const range = await client.get('/api/clients/bookings?from=2025-03-10&to=2025-03-01', { 'accept-language': 'en' });
    expect(range.statusCode).toBe(422);
    expect(range.json().errors).toEqual({ from: ['خطأ! يجب ألا يكون تاريخ البداية 2025-03-10 بعد تاريخ النهاية 2025-03-01'] });
    const size = await client.get('/api/clients/bookings?per_page=7');
    expect(size.json().errors).toEqual({ per_page: ['يجب أن يكون حقل عدد العناصر في الصفحة إحدى القيم 5، 10، 20، 25، 50، 100، 200.'] });
    const missing = await client.post('/api/notifications/00000000-0000-0000-0000-000000000000/read');
    expect(missing.json()).toEqual({ message: 'الإشعار غير موجود.' });

    const anonymous = await new TestClient(context.app).get('/api/user', { 'accept-language': 'ar' });
    expect(anonymous.json()).toEqual({ message: 'لم يتم تسجيل الدخول.' });
  });
});
