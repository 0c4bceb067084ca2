import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.ts';
import { spaPlugin } from './spa.ts';

/**
 * The SPA's files as the build leaves them (apps/web/vite.config.ts): a hashed script with its brotli and gzip
 * copies, a small hashed stylesheet without copies (under the build's 1 KB threshold), a file outside assets/ and
 * index.html. The copies differ from what the server would make itself (maximum quality), so a test can tell
 * whether the copy was sent.
 */
const SCRIPT = `export const rows = [${Array.from({ length: 300 }, (_, index) => `{ id: ${index}, name: "booking ${index}" }`).join(', ')}];\n`;
const SMALL_CSS = '.root { color: teal; }\n';
const INDEX_HTML = '<!doctype html><html lang="en"><head><script type="module" src="/build/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>\n';
const CONSOLE_HTML = '<!doctype html><html lang="en"><head><script type="module" src="/build/assets/console-fed321.js"></script></head><body><div id="root"></div></body></html>\n';

describe('serving the built SPA', () => {
  let distDir: string;
  let app: FastifyInstance;
  let brotliCopy: Buffer;
  let gzipCopy: Buffer;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'spa-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    const script = path.join(distDir, 'assets', 'index-abc123.js');
    brotliCopy = brotliCompressSync(SCRIPT);
    gzipCopy = gzipSync(SCRIPT, { level: 9 });
    writeFileSync(script, SCRIPT);
    writeFileSync(`${script}.br`, brotliCopy);
    writeFileSync(`${script}.gz`, gzipCopy);
    writeFileSync(path.join(distDir, 'assets', 'small-def456.css'), SMALL_CSS);
    writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(distDir, 'console.html'), CONSOLE_HTML);

    // As in app.ts: the compression hooks first, the SPA last.
    app = Fastify({ logger: false });
    await registerCompression(app);
    await app.register(spaPlugin, { distDir });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it("sends a browser the build's brotli copy of a script, cached for a year, decoding to the file", async () => {
    const response = await get('/build/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(brotliCopy)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const response = await get('/build/assets/index-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.equals(gzipCopy)).toBe(true);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no encoding, still saying that the answer varies by it', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/build/assets/index-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('sends a small asset without copies as it is', async () => {
    const response = await get('/build/assets/small-def456.css', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.body).toBe(SMALL_CSS);
  });

  it('caches a file outside assets/ (no hash in its name) for five minutes only', async () => {
    const response = await get('/build/favicon.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers a page path with index.html, never cached, and an unknown asset with 404', async () => {
    const page = await get('/bookings', 'gzip, deflate, br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(INDEX_HTML);
    expect((await get('/build/assets/missing-000000.js', 'br')).statusCode).toBe(404);
  });

  it("answers the console's pages with the console's own page, and every other page with the portal's", async () => {
    for (const url of ['/console', '/console/login', '/console/partner-applications?page=2']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body, url).toBe(CONSOLE_HTML);
    }
    for (const url of ['/consoles', '/login', '/bookings/console']) expect((await get(url)).body, url).toBe(INDEX_HTML);
  });
});
