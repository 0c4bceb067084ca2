import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../lib/storage/file-store.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

describe('GET /api/files/signed (signed downloads through the portal)', () => {
  let context: TestContext;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

  beforeAll(async () => {
    context = await createTestApp();
    context.app.storage.defineKind({ name: 'signed-test', maxBytes: 10_000, types: ['application/pdf'], encrypted: true });
  });
  afterAll(async () => {
    await context?.close();
  });

  const pathOf = (url: string) => url.slice(context.config.appUrl.length);

  it('answers the decrypted file with its Content-Disposition until the link expires, and nothing to an altered link', async () => {
    const stored = await context.app.storage.save('signed-test', Readable.from([pdf]), { filename: 'Referral letter.pdf' });
    const url = await context.app.storage.signedUrl(stored, { expiresInSeconds: 60 });
    const response = await context.app.inject({ method: 'GET', url: pathOf(url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(contentDisposition('Referral letter.pdf', 'attachment'));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload).toEqual(pdf);

    const altered = pathOf(url).replace('Referral', 'Other');
    expect((await context.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);
    const expired = await context.app.storage.signedUrl(stored, { expiresInSeconds: -5 });
    const refused = await context.app.inject({ method: 'GET', url: pathOf(expired) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This download link is invalid or has expired.' });

    await context.app.storage.delete(stored.key);
    expect((await context.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404);
  });
});
