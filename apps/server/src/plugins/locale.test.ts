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
