import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { CONSOLE_BASE_PATH } from '@portal/contracts/console-session';
import { isApiPath } from '../lib/api-paths.ts';
import { SERVER_DIR } from '../lib/server-files.ts';
import { renderHead } from './page-heads.ts';

export const WEB_DIST = path.resolve(SERVER_DIR, '../web/dist');

/** Cache-Control of a file under /build/: a year for hashed assets (a new build gives new names), five minutes else. */
export function assetCacheControl(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

/**
 * Serves the built SPA: assets under /build/ (spec §9) with long caching (their names carry a hash),
 * and index.html for every other GET that is not an API path, so the client router decides.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text asset (apps/web/vite.config.ts):
 * @fastify/static's `preCompressed` sends the copy the client accepts (br before gzip) with its
 * `Content-Encoding`, the plain file to a client that accepts neither, and `Vary: Accept-Encoding` on every answer
 * it chose by that header. So the portal compresses no asset while serving it. index.html is never cached: it names
 * the current build's assets.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { distDir?: string; appUrl?: string }) => {
  const distDir = options.distDir ?? WEB_DIST;
  const indexFile = path.join(distDir, 'index.html');
  // The operations console is an entry of its own (apps/web/console.html): its pages get its page, whose scripts
  // are the console's; every other page gets the partner portal's, which never names a console script.
  const consoleFile = path.join(distDir, 'console.html');
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/build/',
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders(reply, filePath) {
        void reply.header('cache-control', assetCacheControl(filePath));
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = isApiPath(pathname);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !pathname.startsWith('/build/');
    if (!wantsPage) {
      return reply.code(404).send({ message: `The route ${request.method} ${pathname} could not be found.` });
    }
    const file = isConsolePath(pathname) ? consoleFile : indexFile;
    if (!existsSync(file)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (or `npm start`).');
    }
    const html = await readFile(file, 'utf8');
    // A public page's own head (plugins/page-heads.ts): its title, canonical URL, Open Graph and JSON-LD in the HTML;
    // an old address answers 301, and a page that does not exist 404 (the SPA still shows its not-found page).
    const answer = app.hasDecorator('pageHeads') && !isConsolePath(pathname) ? await app.pageHeads.resolve(pathname, request) : undefined;
    if (answer && 'redirect' in answer) return reply.code(301).header('location', answer.redirect).send();
    const page = answer && 'head' in answer ? renderHead(html, answer.head, options.appUrl ?? '') : html;
    return reply
      .code(answer && 'notFound' in answer ? 404 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page);
  });
});

/** /console and every path below it: the operations console's pages. */
export function isConsolePath(pathname: string): boolean {
  return pathname === CONSOLE_BASE_PATH || pathname.startsWith(`${CONSOLE_BASE_PATH}/`);
}
