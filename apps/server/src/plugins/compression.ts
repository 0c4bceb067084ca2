import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';

/**
 * How the portal compresses its answers (issue #13, point 6; the measurements behind each figure are in
 * docs/decisions.md, "Compression").
 *
 * - Only answers of at least THRESHOLD_BYTES: below ~1 KB the encoding's framing and the CPU cost more than the bytes
 *   saved (an error, a count, a 204 stay plain).
 * - Only types mime-db calls compressible (JSON, text, HTML, SVG): the exports' xlsx (a zip) and PDF (deflated streams)
 *   pass through untouched, still streamed as they are written. The realtime websocket is an `upgrade` of the HTTP
 *   server and never meets these hooks.
 * - Brotli at quality 1, else gzip at level 1: the fastest level of each. A bookings page of 10 rows (7.1 KB) goes
 *   out as 1.4 KB for ~40 µs of CPU; brotli 4 or gzip 6 would save 150 more bytes for two to three times the CPU,
 *   and a 100-row page (53 KB → 6.2 KB) 800 bytes for ~350 µs more. On any network a partner uses, those bytes cost
 *   less than a millisecond; the CPU comes off the list's throughput.
 * - Request bodies are not decompressed: the SPA never compresses what it sends, and inflating bodies would let a
 *   small request grow past the body limit's intent.
 * - The SPA's assets are compressed at build time and sent as they are (plugins/spa.ts): an answer that already
 *   has a Content-Encoding is left alone.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export const compressionOptions: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 1,
    },
  },
  zlibOptions: { level: 1 },
};

/**
 * Registers the compression hooks; must come before the routes it covers (every route registered after it). The SPA's
 * files under /build/ are left out: the build compressed them already, and the few it left plain (under 1 KB, or not
 * text) are not worth compressing on every request.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Added before the plugin's own onRoute hook, so it runs first and the plugin sees `compress: false`.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/build/')) route.compress = false;
  });
  await app.register(fastifyCompress, compressionOptions);
}
