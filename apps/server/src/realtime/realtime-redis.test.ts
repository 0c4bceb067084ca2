import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentChannel, agentPresenceChannel } from './channel-authorizer.ts';
import {
  createPusherClient,
  createPusherServer,
  disconnectPusher,
  signInSocket,
  startHarness,
  subscribeAndWait,
  waitFor,
  waitForChannelEvent,
  waitForConnected,
  type Harness,
  type PusherClientOptions,
} from './test-support.ts';

/**
 * Two service instances sharing the machine's Redis, as two server processes behind a load balancer would.
 * Each run uses its own key prefix so parallel runs (and other suites) never see each other's traffic.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `portal-realtime-test-${randomUUID()}`;

const alice = { id: 101, referralAgentId: 77, name: 'Alice' };
const bob = { id: 102, referralAgentId: 77, name: 'Bob' };

let first: Harness;
let second: Harness;
let redis: Redis;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  redis = new Redis(redisUrl);
  // Short heartbeats so the crashed-process test is quick; long enough (TTL 1.5 s) that a busy CI machine does
  // not make a live test process look dead.
  const options = { redisUrl, redisPrefix: prefix, redisHeartbeatMs: 500 };
  [first, second] = await Promise.all([startHarness(options), startHarness(options)]);
});

afterEach(async () => {
  await Promise.allSettled(cleanups.splice(0).map((cleanup) => cleanup()));
});

afterAll(async () => {
  await Promise.allSettled([first?.close(), second?.close()]);
  const leftovers = await scanKeys(`${prefix}:*`);
  if (leftovers.length > 0) await redis.del(...leftovers);
  await redis.quit();
  // Both processes left cleanly: no presence member and no process registration may be left behind.
  expect(leftovers.filter((key) => !key.startsWith(`${prefix}:presence-version:`))).toEqual([]);
});

async function scanKeys(pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

async function pusherClient(harness: Harness, options: PusherClientOptions): Promise<Pusher> {
  const pusher = createPusherClient(harness.port, options);
  cleanups.push(() => disconnectPusher(pusher));
  await waitForConnected(pusher);
  return pusher;
}

describe('two processes sharing Redis', () => {
  it('delivers an event published through one process to a client of the other', async () => {
    const client = await pusherClient(second, { user: alice });
    const channel = await subscribeAndWait(client, agentChannel(77));
    const received = waitForChannelEvent(channel, 'App\\Events\\BookingCreated');
    await createPusherServer(first.port).trigger(agentChannel(77), 'App\\Events\\BookingCreated', { booking: 9 });
    expect((await received).data).toEqual({ booking: 9 });

    // publish() of the server API goes the same way.
    const direct = waitForChannelEvent(channel, 'direct');
    await first.realtime.publish({ channels: [agentChannel(77)], name: 'direct', data: '{"via":"publish"}' });
    expect((await direct).data).toEqual({ via: 'publish' });
  });

  it('honours to-others across processes', async () => {
    const sender = await pusherClient(first, { user: alice });
    const other = await pusherClient(second, { user: bob });
    const senderChannel = await subscribeAndWait(sender, agentChannel(77));
    const otherChannel = await subscribeAndWait(other, agentChannel(77));
    const senderEvents: string[] = [];
    senderChannel.bind_global((name: string) => {
      if (!name.startsWith('pusher')) senderEvents.push(name);
    });
    const server = createPusherServer(second.port);
    const otherGot = waitForChannelEvent(otherChannel, 'excluded');
    await server.trigger(agentChannel(77), 'excluded', {}, { socket_id: sender.connection.socket_id });
    await otherGot;
    const senderGot = waitForChannelEvent(senderChannel, 'included');
    await server.trigger(agentChannel(77), 'included', {});
    await senderGot;
    expect(senderEvents).toEqual(['included']);
  });

  it('relays client events to the other process with user_id', async () => {
    // Another agent's presence channel than the next test's, so its member counts start from nobody.
    const sender = await pusherClient(first, { user: { ...alice, referralAgentId: 79 } });
    const receiver = await pusherClient(second, { user: { ...bob, referralAgentId: 79 } });
    const senderChannel = await subscribeAndWait(sender, agentPresenceChannel(79));
    const receiverChannel = await subscribeAndWait(receiver, agentPresenceChannel(79));
    const got = waitForChannelEvent(receiverChannel, 'client-wave');
    senderChannel.trigger('client-wave', { hi: true });
    const event = await got;
    expect(event.data).toEqual({ hi: true });
    expect(event.metadata).toMatchObject({ user_id: '101' });
  });

  it('keeps presence lists whole across processes, counting a user once', async () => {
    const channelName = agentPresenceChannel(77);
    const aliceClient = await pusherClient(first, { user: alice });
    const aliceChannel = (await subscribeAndWait(aliceClient, channelName)) as PresenceChannel;
    expect(aliceChannel.members.count).toBe(1);

    const added = waitForChannelEvent(aliceChannel, 'pusher:member_added');
    const bobClient = await pusherClient(second, { user: bob });
    const bobChannel = (await subscribeAndWait(bobClient, channelName)) as PresenceChannel;
    expect(bobChannel.members.count).toBe(2);
    expect(bobChannel.members.get('101')).toEqual({ id: '101', info: { name: 'Alice' } });
    expect((await added).data).toMatchObject({ id: '102', info: { name: 'Bob' } });

    // Bob in a second tab, served by the other process: still two members.
    const addedEvents: string[] = [];
    aliceChannel.bind('pusher:member_added', (member: { id: string }) => addedEvents.push(member.id));
    const bobTab = await pusherClient(first, { user: bob });
    const bobTabChannel = (await subscribeAndWait(bobTab, channelName)) as PresenceChannel;
    expect(bobTabChannel.members.count).toBe(2);
    expect(await first.realtime.channelUsers(channelName)).toHaveLength(2);
    expect(await second.realtime.channelInfo(channelName)).toEqual({ occupied: true, subscriptionCount: 3, userCount: 2 });

    // Bob closes the tab on the first process: he is still there through the second.
    await disconnectPusher(bobTab);
    await waitFor('subscription count to drop', (resolve) => {
      const timer = setInterval(() => {
        void first.realtime.channelInfo(channelName).then((info) => {
          if (info.subscriptionCount === 2) resolve(undefined);
        });
      }, 20);
      return () => clearInterval(timer);
    });
    expect(await second.realtime.channelUsers(channelName)).toHaveLength(2);

    // Bob's last socket goes: Alice, on the other process, sees him leave.
    const removed = waitForChannelEvent(aliceChannel, 'pusher:member_removed');
    await disconnectPusher(bobClient);
    expect((await removed).data).toMatchObject({ id: '102' });
    expect(aliceChannel.members.count).toBe(1);
    expect(addedEvents).toEqual([]);
  });

  it('removes the members of a process that died without cleaning up', async () => {
    const channelName = agentPresenceChannel(78);
    // A process that registered and joined a member; its alive key is what keeps it from being reaped.
    const deadProcess = 'deadbeefdeadbeef';
    await redis.set(`${prefix}:alive:${deadProcess}`, '1');
    await redis.hset(`${prefix}:presence:${channelName}`, `${deadProcess}|1.1`, JSON.stringify({ user_id: '999', user_info: { name: 'Ghost' } }));
    await redis.sadd(`${prefix}:process-channels:${deadProcess}`, channelName);
    await redis.sadd(`${prefix}:processes`, deadProcess);

    const watcher = await pusherClient(first, { user: { id: 201, referralAgentId: 78, name: 'Watcher' } });
    const watcherChannel = (await subscribeAndWait(watcher, channelName)) as PresenceChannel;
    expect(watcherChannel.members.get('999')).toEqual({ id: '999', info: { name: 'Ghost' } });

    // The process dies: its alive key lapses, and the next heartbeat of a live process reaps it.
    const removed = waitForChannelEvent(watcherChannel, 'pusher:member_removed');
    await redis.del(`${prefix}:alive:${deadProcess}`);
    expect((await removed).data).toMatchObject({ id: '999' });
    expect(watcherChannel.members.count).toBe(1);
    expect(await second.realtime.channelUsers(channelName)).toEqual(['201']);
    expect(await redis.sismember(`${prefix}:processes`, deadProcess)).toBe(0);
  });

  it('terminates a signed-in user on every process', async () => {
    const client = await pusherClient(second, { user: bob });
    await signInSocket(client);
    const gone = waitFor('disconnected', (resolve) => {
      client.connection.bind('disconnected', () => resolve(undefined));
    });
    await createPusherServer(first.port).terminateUserConnections(String(bob.id));
    await gone;
  });
});
