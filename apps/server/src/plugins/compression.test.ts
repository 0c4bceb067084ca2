import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportFormat } from '../lib/exports/export-columns.ts';
import { EARNING_COLUMNS, earnings, earningsDocument, inBatches } from '../lib/exports/exports-test-support.ts';
import { sendExportFile } from '../lib/exports/send-export.ts';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from './compression.ts';

/** A page of a list as the API answers it: well over the threshold. */
const bigAnswer = {
  data: Array.from({ length: 40 }, (_, index) => ({ id: index + 1, patient: `Patient ${index}`, facility: 'Harbor Clinic', status: 'confirmed' })),
  total: 40,
};

/** An app with the portal's compression registration and routes of each kind it must handle. */
async function compressedApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await registerCompression(app);
  app.get('/big', async () => bigAnswer);
  app.get('/small', async () => ({ count: 3 }));
  app.get<{ Querystring: { format: ExportFormat } }>('/export', (request, reply) =>
    sendExportFile(request, reply, {
      format: request.query.format,
      name: 'earnings',
      columns: EARNING_COLUMNS,
      document: earningsDocument(300),
      rows: inBatches(earnings(300), 50),
    }),
  );
  await app.ready();
  return app;
}

describe('compression of API answers', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('sends an answer over 1 KB as brotli or gzip, whichever the client accepts, decoding to the plain answer', async () => {
    app = await compressedApp();
    const plain = await app.inject({ method: 'GET', url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    // A browser's header: brotli is preferred.
    const brotli = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('sends the plain answer to a client that accepts no encoding it knows', async () => {
    app = await compressedApp();
    for (const acceptEncoding of [undefined, 'identity', 'compress']) {
      const response = await app.inject({ method: 'GET', url: '/big', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toEqual(bigAnswer);
    }
  });

  it('leaves an answer under 1 KB plain', async () => {
    app = await compressedApp();
    const response = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ count: 3 });
  });

  it('streams the exports as they are: a workbook and a PDF are not encoded again', async () => {
    app = await compressedApp();
    for (const [format, magic] of [
      ['xlsx', 'PK\u0003\u0004'],
      ['pdf', '%PDF'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/export?format=${format}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['x-export-rows']).toBe('300');
      expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe(magic);
    }
  });
});
