import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import PusherServer from 'pusher';
import { WebSocket } from 'ws';
import { createRealtimeServer } from '../apps/server/src/realtime/realtime-server.ts';
import { signChannel } from '../apps/server/src/realtime/signatures.ts';
import { percentile } from './stats.ts';

/**
 * Realtime benchmark (issue 4): N raw websocket clients, each subscribed to its own private channel (valid
 * signatures) and to one shared public channel, against the embedded service running in a CHILD process so
 * its memory is measured apart from the clients'. Two publish shapes, through the Pusher HTTP API with the
 * official `pusher` SDK:
 *   - private: one event to all N private channels, as N/100 concurrent requests of 100 channels (the API's cap);
 *   - broadcast: one event to one public channel that all N clients subscribe to (one request).
 * Latency is from just before the first request until each client has parsed the event, so it includes the
 * bench process's own work on 5,000 sockets: an upper bound of what the server needs.
 * Memory per idle connection = (server RSS with N idle subscribed clients − RSS before) / N, both after GC.
 *
 * File descriptors: each process needs about N + 200 (the server N sockets, this process N client sockets),
 * so 5,000 clients need `ulimit -n` ≥ ~5,200 in the shell that runs the bench; with less, N is reduced and a
 * warning printed (Node cannot raise its own limit).
 *
 * Run alone: `npx tsx bench/realtime-bench.ts`. Loopback only; gives up after 60 s; exits by itself.
 */

export interface RealtimeBenchLatency {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Deliveries measured (clients × rounds); fewer than expected means some never arrived. */
  deliveries: number;
  expected: number;
  /** CPU time the server process spent per publish (all its requests and deliveries), less noisy than latency. */
  serverCpuMsPerPublish: number;
}

export interface RealtimeBenchResult {
  /** The private-channel publish: the measure. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  bytesPerConnection: number;
  connections: number;
  heapBytesPerConnection: number;
  connectAndSubscribeMs: number;
  private: RealtimeBenchLatency;
  broadcast: RealtimeBenchLatency;
}

export interface RealtimeBenchOptions {
  connections?: number;
  /** Measured rounds per publish shape, after one warm-up round. */
  rounds?: number;
  timeoutMs?: number;
}

const APP = { appId: '1', key: 'bench-key', secret: 'bench-secret' } as const;
const SERVER_FLAG = '--realtime-bench-server';
const BROADCAST_CHANNEL = 'bench-broadcast';
const CHANNELS_PER_REQUEST = 100;
const CONNECT_CONCURRENCY = 250;

type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'memory'; rss: number; heapUsed: number; connections: number; channels: number }
  | { type: 'cpu'; micros: number };

// ---- server child ---------------------------------------------------------------------------------------

async function runServerChild(): Promise<void> {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const realtime = createRealtimeServer({ ...APP, allowedOrigins: '*', logger: silent });
  const app = Fastify({ logger: false });
  await app.register(realtime.httpApi);
  app.server.on('upgrade', (request, socket, head) => {
    if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
  });
  // A deep accept backlog: thousands of clients connect within a second.
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');

  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (message: { type: string }) => {
    if (message.type === 'memory') {
      gc?.();
      gc?.();
      const usage = process.memoryUsage();
      process.send?.({ type: 'memory', rss: usage.rss, heapUsed: usage.heapUsed, ...realtime.stats() } satisfies ChildMessage);
    } else if (message.type === 'cpu') {
      const cpu = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: cpu.user + cpu.system } satisfies ChildMessage);
    } else if (message.type === 'stop') {
      void realtime
        .close()
        .then(() => app.close())
        .finally(() => process.exit(0));
    }
  });
  // The parent went away (crash, timeout): do not linger.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready', port: address.port } satisfies ChildMessage);
}

// ---- helpers ----------------------------------------------------------------------------------------------

function openFileLimit(): number {
  try {
    const match = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (!match || match[1] === 'unlimited') return Number.POSITIVE_INFINITY;
    return Number(match[1]);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function summarize(samples: number[], expected: number, serverCpuMsPerPublish: number): RealtimeBenchLatency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    deliveries: sorted.length,
    expected,
    serverCpuMsPerPublish,
  };
}

function waitForChild<T extends ChildMessage['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<ChildMessage, { type: T }>);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`server child exited (${code}) before ${type}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

interface BenchClient {
  ws: WebSocket;
  channel: string;
  /** Event name this client waits for → resolve with the receive time. */
  expecting: Map<string, (receivedAt: number) => void>;
}

/** Connects one client and subscribes it to its private channel and the broadcast channel. */
function connectClient(port: number, index: number): Promise<BenchClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${APP.key}?protocol=7&client=bench&version=1`, {
      perMessageDeflate: false,
    });
    const client: BenchClient = { ws, channel: `private-bench-${index}`, expecting: new Map() };
    let pendingSubscriptions = 2;
    ws.on('message', (raw) => {
      const receivedAt = performance.now();
      const message = JSON.parse(raw.toString()) as { event: string; data?: string };
      const waiter = client.expecting.get(message.event);
      if (waiter) {
        client.expecting.delete(message.event);
        waiter(receivedAt);
        return;
      }
      if (message.event === 'pusher:connection_established') {
        const { socket_id: socketId } = JSON.parse(message.data ?? '{}') as { socket_id: string };
        const auth = signChannel({ key: APP.key, secret: APP.secret, socketId, channelName: client.channel });
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: client.channel, auth } }));
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: BROADCAST_CHANNEL } }));
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        pendingSubscriptions -= 1;
        if (pendingSubscriptions === 0) resolve(client);
      } else if (message.event === 'pusher:error' || message.event === 'pusher:subscription_error') {
        reject(new Error(`client ${index}: ${message.event} ${message.data ?? ''}`));
      }
    });
    ws.once('error', reject);
  });
}

async function connectAll(port: number, count: number): Promise<BenchClient[]> {
  const clients: BenchClient[] = [];
  let next = 0;
  // A bounded number of handshakes in flight, so the accept queue never overflows.
  async function worker(): Promise<void> {
    while (next < count) {
      const index = next;
      next += 1;
      clients.push(await connectClient(port, index));
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count) }, () => worker()));
  return clients;
}

/** Publishes once (via `publish`) and collects each client's delay from just before the publish. */
async function measureRound(clients: BenchClient[], eventName: string, publish: () => Promise<unknown>, deadlineMs: number): Promise<number[]> {
  const latencies: number[] = [];
  let start = 0;
  const arrivals = clients.map(
    (client) =>
      new Promise<void>((resolve) => {
        client.expecting.set(eventName, (receivedAt) => {
          latencies.push(receivedAt - start);
          resolve();
        });
      }),
  );
  start = performance.now();
  await publish();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(arrivals),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(1000, deadlineMs - Date.now()));
    }),
  ]);
  clearTimeout(timer);
  for (const client of clients) client.expecting.delete(eventName);
  return latencies;
}

// ---- the bench ----------------------------------------------------------------------------------------------

export async function runRealtimeBench(options: RealtimeBenchOptions = {}): Promise<RealtimeBenchResult> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const rounds = options.rounds ?? 3;
  const deadline = Date.now() + timeoutMs;
  let connections = options.connections ?? 5000;
  const limit = openFileLimit();
  if (limit < connections + 200) {
    const reduced = Math.max(100, Math.floor(limit - 200));
    console.warn(`realtime bench: ulimit -n is ${limit}; measuring ${reduced} connections instead of ${connections} (raise it with \`ulimit -n 20000\`).`);
    connections = reduced;
  }

  const child = fork(fileURLToPath(import.meta.url), [SERVER_FLAG], {
    // Inherit tsx's loader flags; --expose-gc lets the child collect garbage before each memory reading.
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let clients: BenchClient[] = [];
  let agent: Agent | undefined;
  let timedOut = false;
  const watchdog = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
    for (const client of clients) client.ws.terminate();
  }, timeoutMs);

  try {
    const { port } = await waitForChild(child, 'ready');
    const memory = async () => {
      const reply = waitForChild(child, 'memory');
      child.send({ type: 'memory' });
      return reply;
    };
    const cpuMicros = async () => {
      const reply = waitForChild(child, 'cpu');
      child.send({ type: 'cpu' });
      return (await reply).micros;
    };
    const before = await memory();

    const connectStart = performance.now();
    clients = await connectAll(port, connections);
    const connectAndSubscribeMs = performance.now() - connectStart;
    const after = await memory();
    if (after.connections !== connections) throw new Error(`server counts ${after.connections} connections, expected ${connections}`);

    // Keep-alive, as a long-running portal process publishing all day would use: the warm-up round opens
    // the connections, measured rounds reuse them.
    agent = new Agent({ keepAlive: true, maxSockets: CHANNELS_PER_REQUEST });
    const sdk = new PusherServer({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false, timeout: 30_000, agent });
    const channelBatches: string[][] = [];
    for (let offset = 0; offset < clients.length; offset += CHANNELS_PER_REQUEST) {
      channelBatches.push(clients.slice(offset, offset + CHANNELS_PER_REQUEST).map((client) => client.channel));
    }
    const publishPrivate = (name: string) => () =>
      Promise.all(channelBatches.map((channels) => sdk.trigger(channels, name, { round: name })));
    const publishBroadcast = (name: string) => () => sdk.trigger(BROADCAST_CHANNEL, name, { round: name });

    const scenario = async (name: string, publish: (event: string) => () => Promise<unknown>): Promise<RealtimeBenchLatency> => {
      // Round 0 warms up the HTTP path and the JIT; it is not counted.
      await measureRound(clients, `${name}-warmup`, publish(`${name}-warmup`), deadline);
      const samples: number[] = [];
      const cpuBefore = await cpuMicros();
      for (let round = 1; round <= rounds; round += 1) {
        samples.push(...(await measureRound(clients, `${name}-${round}`, publish(`${name}-${round}`), deadline)));
        if (timedOut) throw new Error('realtime bench: timed out');
      }
      const cpuAfter = await cpuMicros();
      return summarize(samples, connections * rounds, (cpuAfter - cpuBefore) / 1000 / rounds);
    };
    const privateLatency = await scenario('private', publishPrivate);
    const broadcastLatency = await scenario('broadcast', publishBroadcast);
    return {
      p50Ms: privateLatency.p50Ms,
      p99Ms: privateLatency.p99Ms,
      maxMs: privateLatency.maxMs,
      bytesPerConnection: Math.round((after.rss - before.rss) / connections),
      heapBytesPerConnection: Math.round((after.heapUsed - before.heapUsed) / connections),
      connections,
      connectAndSubscribeMs,
      private: privateLatency,
      broadcast: broadcastLatency,
    };
  } catch (error) {
    if (timedOut) throw new Error(`realtime bench: gave up after ${timeoutMs} ms`, { cause: error });
    throw error;
  } finally {
    clearTimeout(watchdog);
    agent?.destroy();
    await Promise.all(
      clients.map(
        (client) =>
          new Promise<void>((resolve) => {
            if (client.ws.readyState === WebSocket.CLOSED) return resolve();
            client.ws.once('close', () => resolve());
            client.ws.terminate();
          }),
      ),
    );
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGKILL');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killTimer);
    }
  }
}

export function printRealtimeBench(result: RealtimeBenchResult): void {
  const ms = (value: number) => value.toFixed(1).padStart(8);
  const row = (label: string, latency: RealtimeBenchLatency) =>
    `  ${label.padEnd(48)}${ms(latency.p50Ms)}${ms(latency.p99Ms)}${ms(latency.maxMs)}   ${latency.deliveries}/${latency.expected}`;
  console.log(`\nRealtime: ${result.connections} raw websocket clients, embedded service in a child process, loopback`);
  console.log(`  ${'publish through the HTTP API (pusher SDK)'.padEnd(48)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}   delivered`);
  console.log(row(`1 event → ${result.connections} private channels (${Math.ceil(result.connections / CHANNELS_PER_REQUEST)} requests)`, result.private));
  console.log(row(`1 event → 1 public channel, ${result.connections} subscribers`, result.broadcast));
  console.log(
    `  server CPU per publish: ${result.private.serverCpuMsPerPublish.toFixed(1)} ms (private), ` +
      `${result.broadcast.serverCpuMsPerPublish.toFixed(1)} ms (broadcast)`,
  );
  console.log(
    `  server memory per idle connection: ${(result.bytesPerConnection / 1024).toFixed(1)} KB RSS ` +
      `(${(result.heapBytesPerConnection / 1024).toFixed(1)} KB JS heap); connect + subscribe all: ${result.connectAndSubscribeMs.toFixed(0)} ms`,
  );
  const latencyOk = result.private.maxMs <= 250 && result.private.deliveries === result.private.expected;
  const memoryOk = result.bytesPerConnection < 20 * 1024;
  console.log(`  targets: all delivered within 250 ms ${latencyOk ? 'met' : 'MISSED'}; under 20 KB per idle connection ${memoryOk ? 'met' : 'MISSED'}`);
}

const thisFile = fileURLToPath(import.meta.url);
if (process.argv.includes(SERVER_FLAG)) {
  runServerChild().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === thisFile) {
  runRealtimeBench()
    .then((result) => {
      printRealtimeBench(result);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
