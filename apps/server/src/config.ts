import { createHmac, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once at boot.
 * Nothing else in the server reads process.env (ARCHITECTURE habit 7).
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: loopback only outside production (demo accounts are seeded there), every interface in production. */
  HOST: z.string().min(1).optional(),
  APP_URL: z.string().url().optional(),
  APP_KEY: z.string().min(32).optional(),
  DATA_DIR: z.string().default('./data'),
  /** Where the SPA's build is served from (default apps/web/dist); a build of one's own beside another (scripts/e2e.sh). */
  WEB_DIST_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The role that owns the schema and applies migrations (docs/production.md, two roles); DATABASE_URL's role then
   * only reads and writes, granted what it needs after each migration run. Unset: DATABASE_URL migrates too.
   */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  /** Apply migrations when the server starts (default); false: `npm run migrate` does, and the server checks it has. */
  MIGRATE_ON_START: booleanFlag.default(true),
  /** Who may read the partner API's OpenAPI document (plugins/api-docs.ts); default public, signed-in in production. */
  API_DOCS: z.enum(['public', 'signed-in', 'off']).optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  DB_PIPELINED_CONNECTIONS: z.coerce.number().int().min(0).max(16).optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_COOKIE: z.string().regex(/^[A-Za-z0-9_-]+$/).default('partner_portal_session'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: booleanFlag.optional(),
  MAIL_FROM: z.string().default('Partner Portal <no-reply@partner-portal.local>'),
  /**
   * The business as its self-billing statements name it, and the euro account SEPA payout files pay from
   * (docs/earnings.md). Required in production; elsewhere the demo's values below.
   */
  ISSUER_NAME: z.string().min(1).optional(),
  ISSUER_ADDRESS: z.string().min(1).optional(),
  /** ISO 3166-1 alpha-2: a partner elsewhere gets the reverse-charge note */
  ISSUER_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code such as AE').optional(),
  ISSUER_TAX_ID: z.string().min(1).optional(),
  PAYOUT_DEBTOR_IBAN: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'must be an IBAN without spaces').optional(),
  PAYOUT_DEBTOR_BIC: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters').optional(),
  REDIS_URL: z.string().url().optional(),
  PUSHER_APP_ID: z.string().optional(),
  PUSHER_KEY: z.string().optional(),
  PUSHER_SECRET: z.string().optional(),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().optional(),
  PUSHER_SCHEME: z.enum(['http', 'https']).optional(),
  PUSHER_CLUSTER: z.string().optional(),
  /** Run background jobs in this process (docs/services.md); false: it only sends them (tests drain them themselves). */
  JOB_WORKERS: booleanFlag.default(true),
  /**
   * How long a SIGTERM's drain may take (requests and jobs finishing) before the process closes what is left and
   * exits 1 (main.ts). Below the supervisor's own grace period: Kubernetes' default 30 s, compose's stop_grace_period.
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** The bearer token Prometheus sends for /metrics (plugins/metrics.ts); unset: /metrics is not served. */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^/]+/, 'must be an http(s) URL, e.g. https://s3.eu-west-1.amazonaws.com').optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (endpoint/bucket/key), which most S3-compatible services need; false: virtual-hosted style. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  environment: Environment['NODE_ENV'];
  isProduction: boolean;
  port: number;
  /** The interface the server listens on (HOST): 127.0.0.1 outside production, 0.0.0.0 in production, unless set. */
  host: string;
  appUrl: string;
  /** 32+ bytes used to encrypt secrets at rest (TOTP secrets). */
  appKey: string;
  dataDir: string;
  /** WEB_DIST_DIR, resolved; undefined: the SPA's build in the repository (plugins/spa.ts). */
  webDistDir: string | undefined;
  databaseUrl: string | undefined;
  /** MIGRATION_DATABASE_URL: the schema owner's login, when migrations run as a role of their own. */
  migrationDatabaseUrl: string | undefined;
  /** Who reads the partner API's OpenAPI document: anyone, signed-in partners, or nobody (the console's: operators). */
  apiDocs: 'public' | 'signed-in' | 'off';
  /** Whether the server applies migrations at start (MIGRATE_ON_START), or only checks none is pending. */
  migrateOnStart: boolean;
  /** PostgreSQL connections of each process (DB_POOL_SIZE); undefined: defaultPoolSize(webConcurrency). */
  dbPoolSize: number | undefined;
  /**
   * Pipelined PostgreSQL connections of each process for the busiest short reads (DB_PIPELINED_CONNECTIONS, beside
   * the pool); undefined: DEFAULT_PIPELINED_CONNECTIONS; 0: those reads use the pool.
   */
  dbPipelinedConnections: number | undefined;
  /** HTTP server processes (WEB_CONCURRENCY): above 1, a primary process runs that many workers on one port. */
  webConcurrency: number;
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: Environment['LOG_LEVEL'];
  sessionCookie: string;
  /** True when the app is reached over HTTPS: cookies get Secure, responses get HSTS. */
  secureCookies: boolean;
  mail: {
    from: string;
    smtp: { host: string; port: number; secure: boolean; user?: string; password?: string } | undefined;
    outboxDir: string;
  };
  /** The business as its self-billing statements name it. */
  issuer: { name: string; address: string; country: string; taxId: string; debtorIban: string; debtorBic: string };
  redisUrl: string | undefined;
  pusher: {
    appId: string;
    key: string;
    /**
     * Signs channel authorisations and the Pusher HTTP API (publishing, presence lists, terminating connections).
     * PUSHER_SECRET, or derived from APP_KEY (itself generated per install when unset): never a public default.
     */
    secret: string;
    /** Set when an external Pusher-compatible service is the target; undefined means the embedded one. */
    external: { host?: string; port?: number; scheme: 'http' | 'https'; cluster?: string } | undefined;
  };
  /** Whether this process runs background jobs (JOB_WORKERS), or only sends them. */
  jobWorkers: boolean;
  /** SHUTDOWN_TIMEOUT_SECONDS, in ms: the SIGTERM drain's deadline, which running jobs also get to finish. */
  shutdownTimeoutMs: number;
  /** METRICS_TOKEN: Prometheus's bearer token for /metrics; undefined: no /metrics. */
  metricsToken: string | undefined;
  /** Where files go (lib/storage): a folder, or an S3-compatible bucket shared by every process. */
  storage:
    | { driver: 'local'; directory: string }
    | {
        driver: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
}

export class ConfigError extends Error {}

const ISSUER_SETTINGS = ['ISSUER_NAME', 'ISSUER_ADDRESS', 'ISSUER_COUNTRY', 'ISSUER_TAX_ID', 'PAYOUT_DEBTOR_IBAN', 'PAYOUT_DEBTOR_BIC'] as const;

/** The demo business: a made-up Dubai company, and the sample IBAN of Ireland's IBAN registry entry. */
const DEMO_ISSUER = {
  name: 'Meditravel Health Services FZ-LLC',
  address: 'Building 64, Office 1204, Dubai Healthcare City, Dubai, United Arab Emirates',
  country: 'AE',
  taxId: 'TRN 100234567800003',
  debtorIban: 'IE29AIBK93115212345678',
  debtorBic: 'AIBKIE2D',
};

/** Reads the environment (process.env by default) into a validated Config. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  const dataDir = path.resolve(values.DATA_DIR);
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '');

  if (isProduction) {
    const problems = productionProblems(values);
    if (problems.length > 0) {
      throw new ConfigError(`The portal refuses to start with NODE_ENV=production:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    }
  }
  const appKey = values.APP_KEY ?? readOrCreateDevelopmentKey(dataDir, 'app-key');

  if (values.MIGRATION_DATABASE_URL && !values.DATABASE_URL) {
    throw new ConfigError('MIGRATION_DATABASE_URL needs DATABASE_URL: the embedded database has one role.');
  }

  const hasExternalPusher = Boolean(values.PUSHER_HOST || values.PUSHER_CLUSTER);
  if (hasExternalPusher && !(values.PUSHER_APP_ID && values.PUSHER_KEY && values.PUSHER_SECRET)) {
    throw new ConfigError('PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET are required with PUSHER_HOST or PUSHER_CLUSTER.');
  }

  if (values.WEB_CONCURRENCY > 1) {
    if (!values.DATABASE_URL) {
      throw new ConfigError('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process.');
    }
    if (!hasExternalPusher && !values.REDIS_URL) {
      throw new ConfigError(
        'WEB_CONCURRENCY above 1 needs REDIS_URL (or an external Pusher service): the processes share realtime events through it.',
      );
    }
  }

  const s3Settings = [values.S3_ENDPOINT, values.S3_BUCKET, values.S3_ACCESS_KEY_ID, values.S3_SECRET_ACCESS_KEY];
  if (s3Settings.some(Boolean) && !s3Settings.every(Boolean)) {
    throw new ConfigError(
      'S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together; without them files are kept under DATA_DIR/files.',
    );
  }
  return {
    environment: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    appUrl,
    appKey,
    dataDir,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : undefined,
    databaseUrl: values.DATABASE_URL,
    migrationDatabaseUrl: values.MIGRATION_DATABASE_URL,
    migrateOnStart: values.MIGRATE_ON_START,
    apiDocs: values.API_DOCS ?? (isProduction ? 'signed-in' : 'public'),
    dbPoolSize: values.DB_POOL_SIZE,
    dbPipelinedConnections: values.DB_PIPELINED_CONNECTIONS,
    webConcurrency: values.WEB_CONCURRENCY,
    // Demo data is never seeded in production, whatever SEED_DEMO says.
    seedDemo: isProduction ? false : (values.SEED_DEMO ?? true),
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    sessionCookie: values.SESSION_COOKIE,
    secureCookies: appUrl.startsWith('https://'),
    mail: {
      from: values.MAIL_FROM,
      smtp: values.SMTP_HOST
        ? {
            host: values.SMTP_HOST,
            port: values.SMTP_PORT ?? 587,
            secure: values.SMTP_SECURE ?? values.SMTP_PORT === 465,
            user: values.SMTP_USER,
            password: values.SMTP_PASSWORD,
          }
        : undefined,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    issuer: {
      name: values.ISSUER_NAME ?? DEMO_ISSUER.name,
      address: values.ISSUER_ADDRESS ?? DEMO_ISSUER.address,
      country: values.ISSUER_COUNTRY ?? DEMO_ISSUER.country,
      taxId: values.ISSUER_TAX_ID ?? DEMO_ISSUER.taxId,
      debtorIban: values.PAYOUT_DEBTOR_IBAN ?? DEMO_ISSUER.debtorIban,
      debtorBic: values.PAYOUT_DEBTOR_BIC ?? DEMO_ISSUER.debtorBic,
    },
    redisUrl: values.REDIS_URL,
    pusher: {
      appId: values.PUSHER_APP_ID ?? 'portal',
      key: values.PUSHER_KEY ?? 'portal-key',
      secret: values.PUSHER_SECRET ?? derivedPusherSecret(appKey),
      external: hasExternalPusher
        ? {
            host: values.PUSHER_HOST,
            port: values.PUSHER_PORT,
            scheme: values.PUSHER_SCHEME ?? 'https',
            cluster: values.PUSHER_CLUSTER,
          }
        : undefined,
    },
    jobWorkers: values.JOB_WORKERS,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    metricsToken: values.METRICS_TOKEN,
    storage:
      values.S3_ENDPOINT && values.S3_BUCKET && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? {
            driver: 's3',
            endpoint: values.S3_ENDPOINT,
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local', directory: path.join(dataDir, 'files') },
  };
}

/**
 * Secrets that were ever a development default or a published example (the old `portal-secret`, the local S3 test
 * servers' keys): whoever read the code knows them. Production refuses them by name (the outside probe's N10).
 */
const PUBLISHED_SECRETS: Partial<Record<keyof Environment, readonly string[]>> = {
  PUSHER_SECRET: ['portal-secret', 'secret', 'changeme'],
  S3_SECRET_ACCESS_KEY: ['S3RVER', 'minioadmin', 'minio123', 'changeme'],
  SMTP_PASSWORD: ['changeme', 'password'],
};
/** As APP_KEY: a secret signing what the whole portal trusts is at least this long. */
const MINIMUM_SECRET_LENGTH = 32;

/**
 * Everything a production start lacks or has from development, each setting named, so one start lists them all.
 * Statements and bank files carry the business's legal details and account: never the demo's in production.
 */
function productionProblems(values: Environment): string[] {
  const problems: string[] = [];
  if (!values.APP_KEY) problems.push('APP_KEY is required (at least 32 characters; the same for every process).');
  if (!values.APP_URL) problems.push('APP_URL is required (the public https:// address: links in e-mails, cookies, the realtime address).');
  const missingIssuer = ISSUER_SETTINGS.filter((name) => !values[name]);
  if (missingIssuer.length > 0) {
    problems.push(`${missingIssuer.join(', ')} ${missingIssuer.length === 1 ? 'is' : 'are'} required (the business's details on self-billing statements and its account in SEPA payout files).`);
  }
  for (const [name, published] of Object.entries(PUBLISHED_SECRETS) as [keyof Environment, readonly string[]][]) {
    const value = values[name];
    if (typeof value === 'string' && published.includes(value)) problems.push(`${name} is a published development default: set a secret of your own.`);
  }
  // The embedded service's secret only: an external service's is its own (Pusher Channels' are 20 characters).
  const embeddedRealtime = !(values.PUSHER_HOST || values.PUSHER_CLUSTER);
  if (embeddedRealtime && values.PUSHER_SECRET !== undefined && !PUBLISHED_SECRETS.PUSHER_SECRET!.includes(values.PUSHER_SECRET) && values.PUSHER_SECRET.length < MINIMUM_SECRET_LENGTH) {
    problems.push(`PUSHER_SECRET is too short: at least ${MINIMUM_SECRET_LENGTH} characters (or leave it unset: it is derived from APP_KEY).`);
  }
  return problems;
}

/**
 * The embedded realtime service's secret when PUSHER_SECRET is not set: an HMAC of APP_KEY, so it is random per
 * install (APP_KEY is generated into DATA_DIR when unset), stable across restarts, the same in every process that
 * shares APP_KEY or DATA_DIR (workers, the admin command), and not APP_KEY itself: whoever is given the Pusher
 * secret to publish events cannot decrypt what APP_KEY protects. An external Pusher service needs PUSHER_SECRET.
 */
export function derivedPusherSecret(appKey: string): string {
  return createHmac('sha256', appKey).update('partner-portal pusher secret v1').digest('base64url');
}

/**
 * Outside production a missing APP_KEY is generated once and kept in the data folder, so that a demo
 * restart keeps decrypting what it stored. Production must set APP_KEY (shared by every process).
 *
 * Several processes may start together on one DATA_DIR (the admin command beside the server, cluster workers):
 * the key is written to a temporary file and hard-linked into place, which fails if another process got there
 * first, so exactly one key wins, every process reads that one, and none reads a half-written file.
 */
export function readOrCreateDevelopmentKey(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  const existing = readKeyFile(file);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  const key = readKeyFile(file);
  if (key === undefined) throw new ConfigError(`Could not create ${file}.`);
  return key;
}

function readKeyFile(file: string): string | undefined {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = content.trim();
  if (key.length < 32) {
    throw new ConfigError(`${file} holds no usable key (fewer than 32 characters). Set APP_KEY, or restore the file.`);
  }
  return key;
}
