/**
 * Whether an error means "the database cannot be reached right now" rather than "this request is wrong" or "the
 * code is wrong": the error handler answers those 503 with Retry-After instead of 500 (outside probe F5), so a
 * client (and the SPA) can tell an outage from a bug and try again later.
 *
 * What counts, from the drivers this server uses (node-postgres to PostgreSQL, and to the embedded PGlite over its
 * loopback wire port):
 * - the socket could not be opened or broke: ECONNREFUSED (server stopped, embedded worker gone), ECONNRESET,
 *   ETIMEDOUT, EHOSTUNREACH, ENETUNREACH, ENOTFOUND/EAI_AGAIN (the host cannot be resolved), EPIPE; ENOENT only
 *   from a connect (a Unix socket that is not there);
 * - PostgreSQL said so: SQLSTATE class 08 (connection exception), 57P01 admin shutdown, 57P02 crash shutdown,
 *   57P03 cannot connect now (starting up, shutting down, in recovery), 53300 too many connections;
 * - node-postgres said so without a code: a connection terminated under a query, a connection or pool checkout
 *   timeout, a client that already failed, a pool already ended (the server shutting down);
 * - the pipelined reader (db/pipelined-reader.ts) closed;
 * - the job queue (lib/jobs/job-queue.ts) not started yet: sending a job is a write to the database.
 * Node's own connect errors may come as an AggregateError (one per address tried) and a wrapper may keep the
 * original as `cause`: both are looked through.
 */

const SOCKET_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const POSTGRES_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const DRIVER_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /^Client has encountered a connection error and is not queryable/i,
  /^Cannot use a pool after calling end on the pool/i,
  /^Client was closed and is not queryable/i,
  /^pipelined reader: closed/,
  // The job queue (its tables are the database's) not started yet: the database was away when the server started, or
  // processes started together and this one's queue lost the race to create the queues (plugins/jobs.ts retries).
  /^The job queue is not started\./,
];

/** Seconds a client is asked to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

export function isDatabaseUnavailableError(error: unknown): boolean {
  return check(error, 0);
}

function check(error: unknown, depth: number): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, syscall, message, cause } = error as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_ERROR_CODES.has(code)) return true;
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (/^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || POSTGRES_UNAVAILABLE_CODES.has(code))) return true;
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => check(inner, depth + 1))) return true;
  return cause !== undefined && check(cause, depth + 1);
}
