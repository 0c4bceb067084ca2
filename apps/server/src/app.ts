import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { buildSecurityHeaders, frameworkErrorAnswer, securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { localePlugin } from './plugins/locale.ts';
import { messagesPlugin } from './plugins/messages.ts';
import { authGuardPlugin } from './plugins/auth-guard.ts';
import { partnerRouteTablePlugin } from './plugins/partner-route-table.ts';
import { operatorSessionPlugin } from './plugins/operator-session.ts';
import { auditActorPlugin } from './plugins/audit-actor.ts';
import { pageHeadsPlugin } from './plugins/page-heads.ts';
import { spaPlugin } from './plugins/spa.ts';
import { registerCompression } from './plugins/compression.ts';
import { timeZonesPlugin } from './plugins/time-zones.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { mailerPlugin } from './plugins/mailer.ts';
import { storagePlugin } from './plugins/storage.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { redactUrl } from './lib/redact.ts';
import { loadModules } from './kit/load-modules.ts';
import { uploadAnswered } from './lib/upload-body.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { metricsPlugin } from './plugins/metrics.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  /** false silences request logs (tests); default logs JSON lines at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout unless given): tests capture the real log lines with it. */
  logStream?: { write(line: string): void };
  /** Where the built SPA lives; tests point it elsewhere or leave it absent. */
  webDistDir?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export type App = FastifyInstance;

/** Builds the whole HTTP application: plugins first, then one plugin per module. */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, database } = deps;
  const securityHeaders = buildSecurityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config),
    },
    // HSTS only when the app is served over HTTPS (ASVS 3.4.1: a year, subdomains).
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      // Passwords, tokens and cookies never reach a log: bodies are not logged, and these go too.
      redact: {
        paths: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        remove: true,
      },
      serializers: {
        req(request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
          return { method: request.method, url: redactUrl(request.url), ip: request.ip };
        },
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // One structured line per request (written in onResponse below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // On close (SIGTERM's drain, main.ts): idle keep-alive connections are closed, requests in flight finish. `true`
    // would cut those off mid-answer.
    forceCloseConnections: 'idle',
    // How long a plugin or an onReady hook (the job queue's start, the time zones' load) may take. Fastify's 10 s
    // failed test apps on a loaded machine (load 25 on two cores: the queue's start on the embedded database took
    // longer); a boot that truly hangs is the supervisor's to catch by its health checks, as for any slow start.
    pluginTimeout: 120_000,
    // A URL Fastify cannot route (bad percent-encoding, a path parameter too long): the portal's answer, with its headers.
    frameworkErrors: frameworkErrorAnswer(securityHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  // A request in flight when the drain began: its connection closes after the answer, instead of waiting idle for
  // keep-alive's timeout while the server waits for it (Fastify marks only requests that arrive after the close).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
    done();
  });
  // An upload refused before its end: the rest is read and discarded, so its sender gets the answer (lib/upload-body.ts).
  app.addHook('onResponse', uploadAnswered);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);

  // The areas: every modules/<area>/module.ts, found and ordered by kit/load-modules.ts (docs/recipe-new-area.md).
  const modules = await loadModules();
  // Before the error handler, which answers in the request's language with every area's translations.
  await app.register(messagesPlugin, { translations: modules.flatMap((module) => module.messages ?? []) });
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  // Before every route: API answers over 1 KB go out compressed when the client accepts it (plugins/compression.ts).
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(sessionPlugin, { config, pool: database.pool, reader: database.reader });
  await app.register(csrfPlugin);
  await app.register(localePlugin);
  await app.register(authGuardPlugin, { pool: database.pool });
  // The database's time zone names, so a zone only Intl knows is a 422, not a 500 in SQL (plugins/time-zones.ts).
  await app.register(timeZonesPlugin, { pool: database.pool });
  // The partner route table and its registration rule (issue 17), before any partner route is registered.
  await app.register(partnerRouteTablePlugin);
  // The console's operators: their own sessions, and the one guard of every /api/console route (before any is registered).
  await app.register(operatorSessionPlugin, { config, pool: database.pool });
  // Who an audit row names (request.auditActor), from the operator or partner the two guards above identify.
  await app.register(auditActorPlugin);
  // Background jobs (lib/jobs), then what runs on them: e-mail; modules define their own jobs as they register.
  await app.register(jobsPlugin);
  await app.register(mailerPlugin);
  // Files (lib/storage): the local folder or the S3-compatible bucket, and the signed-download route.
  await app.register(storagePlugin);

  // The partner API's and the console's OpenAPI documents, each to its own audience (plugins/api-docs.ts).
  await app.register(apiDocsPlugin);
  await app.register(realtimePlugin, { config });
  // Prometheus metrics at /metrics, before the areas so their routes are timed (plugins/metrics.ts).
  await app.register(metricsPlugin);

  // The heads of public pages, which areas add to and the SPA writes into its HTML (plugins/page-heads.ts).
  await app.register(pageHeadsPlugin);

  for (const module of modules) await app.register(module.register);

  await app.register(spaPlugin, { distDir: deps.webDistDir ?? deps.config.webDistDir, appUrl: config.appUrl });
  return app;
}

function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const appUrl = new URL(config.appUrl);
  const websocketOrigin = `${appUrl.protocol === 'https:' ? 'wss' : 'ws'}://${appUrl.host}`;
  const connectSources = ["'self'", websocketOrigin];
  const external = config.pusher.external;
  if (external) {
    const host = external.host ?? `ws-${external.cluster ?? 'mt1'}.pusher.com`;
    connectSources.push(`wss://${host}`, `ws://${host}`, `https://${host}`);
  }
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Mantine injects its CSS variables with inline style tags.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connectSources,
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}
