import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '@portal/contracts/preferences';
import { resolveLocale } from '../lib/locale.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language to answer this request in: the signed-in person's saved one, else Accept-Language, else English
     * (lib/locale.ts). Read when needed, so it sees the session once it has been read (on a route that defers the
     * session lookup, after `sessions.load` or `adopt`).
     */
    readonly locale: Locale;
  }
}

export const localePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', {
      getter(this: FastifyRequest): Locale {
        return resolveLocale({ saved: this.sessionUser?.locale, acceptLanguage: this.headers['accept-language'] });
      },
    });
  },
  { name: 'locale', dependencies: ['session'] },
);
