// The Dockerfile's steps as plain commands (issue 33): CI has no registry for base images, so instead of building the
// image it does what the image does. Builds the server (the Dockerfile's `npm run build`; the SPA is built by the step
// before in scripts/test.sh), starts `node --enable-source-maps apps/server/dist/main.js` as the runtime would (the
// compiled server, NODE_ENV=production with the required settings, as an unprivileged user when run as root: the
// image's `USER node`), waits for /api/health/ready (the image's health check asks /api/health/live), then sends
// SIGTERM, as `docker stop` does, and expects exit 0.
//
//   node scripts/container-check.mjs
//
// On PostgreSQL (TEST_DATABASE_URL, a scratch database of its own, dropped after) when set, else the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// How long a failing start may take to be called one. Ready takes about 15 s on PostgreSQL, 20-40 s on the embedded
// database (its first start makes the cluster), on two cores beside other work.
const READY_TIMEOUT_MS = 90_000;
const started = Date.now();
const say = (line) => process.stdout.write(`[container-check] ${line}\n`);

function fail(message) {
  process.stderr.write(`[container-check] ${message}\n`);
  process.exitCode = 1;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// 1. The build stage.
const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the server build failed');

// 2. The runtime stage's settings: production, with what production requires.
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-container-'));
chmodSync(dataDir, 0o777); // the image's /var/lib/portal, owned by its user
const env = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  APP_KEY: randomBytes(36).toString('base64'),
  ISSUER_NAME: 'Meditravel Health Services FZ-LLC',
  ISSUER_ADDRESS: 'Dubai Healthcare City, Dubai',
  ISSUER_COUNTRY: 'AE',
  ISSUER_TAX_ID: 'TRN 100234567800003',
  PAYOUT_DEBTOR_IBAN: 'IE29AIBK93115212345678',
  PAYOUT_DEBTOR_BIC: 'AIBKIE2D',
  LOG_LEVEL: 'warn',
};
let scratch;
if (process.env.TEST_DATABASE_URL) {
  const name = `portal_container_${randomBytes(4).toString('hex')}`;
  await adminQuery(process.env.TEST_DATABASE_URL, `CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  scratch = { name, url: url.toString() };
  env.DATABASE_URL = scratch.url;
}

// 3. The image's USER: an unprivileged one when this runs as root. setpriv replaces itself with node (no wrapper).
const asRoot = process.getuid?.() === 0;
const command = asRoot
  ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', '--', process.execPath, '--enable-source-maps', 'apps/server/dist/main.js']]
  : [process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js']];
say(`starting the compiled server on port ${port}${asRoot ? ' as nobody' : ''}, ${scratch ? 'on PostgreSQL' : 'on the embedded database'}`);
const server = spawn(command[0], command[1], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));

try {
  // 4. Ready: the database answers and the job queue has started.
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let ready = false;
  while (!ready && Date.now() < deadline && server.exitCode === null) {
    ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then((answer) => answer.ok, () => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!ready) {
    fail(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
  } else {
    const live = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    say(`ready after ${((Date.now() - started) / 1000).toFixed(1)} s; /api/health/live answers ${live.status}`);
    if (live.status !== 200) fail('the health check of the image would fail');
    // 5. docker stop: SIGTERM, then a drain and exit 0.
    server.kill('SIGTERM');
    const code = await exited;
    if (code === 0) say(`stopped by SIGTERM with exit 0 after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    else fail(`SIGTERM ended the server with ${code}, not 0:\n${output}`);
  }
} finally {
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (scratch) await adminQuery(process.env.TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`);
}
