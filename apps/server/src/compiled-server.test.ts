import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { JOB_SCHEMA } from './lib/jobs/job-queue.ts';
import { MAIL_JOB } from './lib/mail-queue.ts';
import { createPartner } from './test/factories.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';
import {
  buildCompiledServer,
  childPids,
  createScratchDatabase,
  endPool,
  freePort,
  pollUntil,
  repositoryRoot,
  spawnServer,
  stopServer,
  waitUntilHealthy,
  type ServerProcess,
} from './test/server-process.ts';

/**
 * The compiled server as a supervisor runs it (issue 33, N5): `node apps/server/dist/main.js`, one process, no tsx.
 * Built once for the file (scripts/build-server.mjs), run against a scratch database on the machine's PostgreSQL
 * (test/server-process.ts).
 */
const APP_KEY = 'compiled-test-app-key-0123456789abcdefghijklmn';
let build: Awaited<ReturnType<typeof buildCompiledServer>>;
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
const dataDirs: string[] = [];

beforeAll(async () => {
  [build, database] = await Promise.all([buildCompiledServer(), createScratchDatabase('portal_compiled')]);
});
afterAll(async () => {
  build?.remove();
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function startCompiled(port: number, env: Record<string, string> = {}): ServerProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-compiled-'));
  dataDirs.push(dataDir);
  return spawnServer(port, { APP_KEY, DATA_DIR: dataDir, DATABASE_URL: database.url, DB_POOL_SIZE: '3', SEED_DEMO: 'false', ...env }, { compiled: build.dir });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A mail server that takes one message and holds its "250" until `release()`: the sending job is in flight for as
 * long as the test wants. Just enough SMTP for nodemailer without TLS (EHLO, MAIL, RCPT, DATA, QUIT).
 */
async function holdingMailServer() {
  let received = '';
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let gotMessage!: () => void;
  const messageIn = new Promise<void>((resolve) => (gotMessage = resolve));
  let accepted = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          gotMessage();
          void released.then(() => {
            accepted = true;
            socket.write('250 2.0.0 queued\r\n');
          });
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const command = buffer.slice(0, lineEnd).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250-fake.test\r\n250 8BITMIME\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  return {
    port,
    messageIn,
    release,
    received: () => received,
    accepted: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the compiled server', () => {
  it('refuses to start in production with development secrets, naming each setting', async () => {
    const child = spawn(process.execPath, [path.join(build.dir, 'main.js')], {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-compiled-')),
        PORT: String(await freePort()),
        PUSHER_SECRET: 'portal-secret',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'portal-files',
        S3_ACCESS_KEY_ID: 'minioadmin',
        S3_SECRET_ACCESS_KEY: 'minioadmin',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    for (const setting of ['APP_KEY', 'APP_URL', 'ISSUER_NAME', 'PAYOUT_DEBTOR_IBAN']) expect(stderr).toContain(`${setting}`);
    expect(stderr).toContain('PUSHER_SECRET is a published development default');
    expect(stderr).toContain('S3_SECRET_ACCESS_KEY is a published development default');
  });

  it('runs as one process: a SIGKILL of the pid a supervisor sees leaves nothing behind, and the port free', async () => {
    const port = await freePort();
    const server = startCompiled(port);
    try {
      await waitUntilHealthy(server);
      // No wrapper: the pid spawned is the server itself, with no child process (the tsx runner used to be one).
      expect(childPids(server.child.pid!)).toEqual([]);
      expect(await portIsFree(port)).toBe(false);
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      expect(await portIsFree(port)).toBe(true);
    } finally {
      await stopServer(server);
    }
  });

  it('drains on SIGTERM: a request in flight is answered, websockets are told to reconnect, then exit 0', async () => {
    const port = await freePort();
    const server = startCompiled(port, { ...PRODUCTION_ENV, NODE_ENV: 'production', APP_URL: `http://127.0.0.1:${port}`, SHUTDOWN_TIMEOUT_SECONDS: '30' });
    try {
      await waitUntilHealthy(server);

      // A browser tab's websocket.
      const socket = new WebSocket(`ws://127.0.0.1:${port}/app/portal-key?protocol=7`);
      await new Promise<void>((resolve, reject) => {
        socket.once('message', () => resolve());
        socket.once('error', reject);
      });
      const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

      // A sign-in whose body is still on its way: "100 Continue" says the server took the request in.
      const session = await fetch(`http://127.0.0.1:${port}/sanctum/csrf-cookie`);
      const cookies = session.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
      const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
      const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' });
      const request = connect(port, '127.0.0.1');
      let answer = '';
      request.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const answered = new Promise<void>((resolve) => request.once('end', () => resolve()));
      request.write(
        [
          'POST /api/login HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Content-Type: application/json',
          'Accept: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Expect: 100-continue',
          `Cookie: ${cookies.join('; ')}`,
          `X-XSRF-TOKEN: ${xsrf}`,
          '',
          '',
        ].join('\r\n'),
      );
      await new Promise<void>((resolve) => request.on('data', () => answer.includes('100 Continue') && resolve()));

      server.child.kill('SIGTERM');
      // pusher-js reconnects at once on 4200 (the protocol's "reconnect now"), to another process.
      expect(await socketClosed).toBe(4200);
      // The draining process takes no new requests: 503 (Fastify's, with `Connection: close`) on a connection still
      // open, refused once the listening socket is closed; a load balancer tries another process either way.
      const late = await fetch(`http://127.0.0.1:${port}/api/health/live`).then((answer) => answer.status, () => 'refused');
      expect([503, 'refused']).toContain(late);

      // Not end(): a client's half-close aborts the request it was sending (Node's HTTP server allows no half-open).
      // The server's `Connection: close` ends the socket after the answer.
      request.write(body);
      await answered;
      const response = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(response).toMatch(/^HTTP\/1\.1 422 /);
      expect(response.toLowerCase()).toContain('connection: close');
      expect(response).toContain('"errors"');

      // Exit 0: drained before the deadline (past it the process closes what is left and exits 1).
      expect(await server.exited).toBe(0);
    } finally {
      await stopServer(server);
    }
  });

  it('drains on SIGTERM: a job in flight (an e-mail being sent) finishes before the process exits 0', async () => {
    const mail = await holdingMailServer();
    const port = await freePort();
    const server = startCompiled(port, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port), SMTP_SECURE: 'false', SHUTDOWN_TIMEOUT_SECONDS: '30', LOG_LEVEL: 'info' });
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      await waitUntilHealthy(server);
      const partner = await createPartner(pool);

      // A reset link asked for: the request queues the e-mail, and the mail job starts sending it.
      const session = await fetch(`http://127.0.0.1:${port}/sanctum/csrf-cookie`);
      const cookies = session.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
      const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
      const asked = await fetch(`http://127.0.0.1:${port}/api/users/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': xsrf },
        body: JSON.stringify({ email: partner.email }),
      });
      expect(asked.status).toBe(200);
      await mail.messageIn;

      // The supervisor stops the process while the mail server has not yet said it took the message.
      server.child.kill('SIGTERM');
      await pollUntil(() => (server.output.join('').includes('draining: finishing requests and jobs') ? true : undefined), 'the drain to begin');
      // Draining, with the job still waiting on the mail server: the process stays.
      expect(server.child.exitCode).toBeNull();
      mail.release();

      // The job was let finish: the message was taken, and the process then exited 0 (drained before its deadline).
      expect(await server.exited).toBe(0);
      expect(mail.accepted()).toBe(true);
      expect(mail.received()).toContain(partner.email);
      expect(mail.received()).toContain('reset-password');
      // …and the queue has it done, not left active for another process to send again.
      const { rows } = await pool.query<{ state: string }>(`SELECT state FROM ${JOB_SCHEMA}.job WHERE name = $1 ORDER BY created_on DESC LIMIT 1`, [MAIL_JOB]);
      expect(rows[0]?.state).toBe('completed');
    } finally {
      await stopServer(server);
      await endPool(pool);
      await mail.close();
    }
  });
});
