import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentChannel, agentPresenceChannel, userChannel } from './channel-authorizer.ts';
import { signChannel } from './signatures.ts';
import {
  TEST_APP,
  connectRaw,
  createPusherClient,
  createPusherServer,
  disconnectPusher,
  openRawSocket,
  signInSocket,
  startHarness,
  subscribeAndWait,
  waitFor,
  waitForChannelEvent,
  waitForConnected,
  type Harness,
  type PusherClientOptions,
  type RawClient,
} from './test-support.ts';

const userOne = { id: 1, referralAgentId: 10, name: 'User One' };
const userTwo = { id: 2, referralAgentId: 10, name: 'User Two' };

let harness: Harness;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  harness = await startHarness();
});

afterEach(async () => {
  await Promise.allSettled(cleanups.splice(0).map((cleanup) => cleanup()));
});

afterAll(async () => {
  await harness.close();
  // Bad input is answered on the wire; nothing in these tests should reach the error log.
  expect(harness.logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
});

async function pusherClient(options: PusherClientOptions = {}, port = harness.port): Promise<Pusher> {
  const pusher = createPusherClient(port, options);
  cleanups.push(() => disconnectPusher(pusher));
  await waitForConnected(pusher);
  return pusher;
}

async function rawClient(port = harness.port): Promise<RawClient> {
  const client = await connectRaw(port);
  cleanups.push(() => client.close());
  return client;
}

/** Subscribes a raw socket to a private channel with a valid signature. */
async function rawSubscribePrivate(client: RawClient, channel: string): Promise<void> {
  const from = client.messages.length;
  const auth = signChannel({ key: TEST_APP.key, secret: TEST_APP.secret, socketId: client.socketId, channelName: channel });
  client.send({ event: 'pusher:subscribe', data: { channel, auth } });
  await client.next((m) => m.event === 'pusher_internal:subscription_succeeded' && m.channel === channel, `subscribed ${channel}`, from);
}

describe('connection', () => {
  it('establishes a connection with a socket id and activity_timeout (data as a JSON string)', async () => {
    const client = openRawSocket(harness.port);
    cleanups.push(() => client.close());
    const established = await client.nextEvent('pusher:connection_established');
    expect(typeof established.data).toBe('string');
    const data = established.decoded as { socket_id: string; activity_timeout: number };
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(30);
  });

  it('connects the real pusher-js client', async () => {
    const pusher = await pusherClient();
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
    expect(harness.realtime.stats().connections).toBeGreaterThanOrEqual(1);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const client = await rawClient();
    client.send({ event: 'pusher:ping', data: {} });
    await client.nextEvent('pusher:pong');
  });

  it('refuses an unknown app key with 4001', async () => {
    const client = openRawSocket(harness.port, '/app/wrong-key?protocol=7');
    const error = await client.nextEvent('pusher:error');
    expect(error.decoded).toMatchObject({ code: 4001 });
    expect((await client.closed).code).toBe(4001);
  });

  it.each([
    ['no protocol', '', 4008],
    ['a malformed protocol', '?protocol=seven', 4006],
    ['an unsupported protocol', '?protocol=8', 4007],
    ['a too old protocol', '?protocol=4', 4007],
  ])('refuses %s', async (_label, query, code) => {
    const client = openRawSocket(harness.port, `/app/${TEST_APP.key}${query}`);
    const error = await client.nextEvent('pusher:error');
    expect(error.decoded).toMatchObject({ code });
    expect((await client.closed).code).toBe(code);
  });

  it('leaves other paths to the caller (the harness destroys them)', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${harness.port}/not-realtime`);
    const outcome = await waitFor<string>('socket failure', (resolve) => {
      ws.on('error', () => resolve('error'));
      ws.on('open', () => resolve('open'));
    });
    expect(outcome).toBe('error');
  });
});

describe('private channels', () => {
  it('subscribes with a valid signature and receives an event published through the pusher SDK', async () => {
    const pusher = await pusherClient({ user: userOne });
    const channel = await subscribeAndWait(pusher, userChannel(1));
    const received = waitForChannelEvent(channel, 'App\\Events\\NotificationCreated');
    await createPusherServer(harness.port).trigger(userChannel(1), 'App\\Events\\NotificationCreated', { title: 'Hello' });
    expect((await received).data).toEqual({ title: 'Hello' });
  });

  it("is refused another user's channel by the authorizer (a subscription error on the client)", async () => {
    const pusher = await pusherClient({ user: userOne });
    await expect(subscribeAndWait(pusher, userChannel(2))).rejects.toMatchObject({
      detail: { type: 'AuthError' },
    });
  });

  it('refuses a wrong signature with a subscription error while other connections keep working', async () => {
    const bystander = await pusherClient({ user: userTwo });
    const bystanderChannel = await subscribeAndWait(bystander, userChannel(2));

    const attacker = await rawClient();
    const channel = userChannel(2);
    // Signed for another socket: a replayed auth string must not work.
    const auth = signChannel({ key: TEST_APP.key, secret: TEST_APP.secret, socketId: '1.1', channelName: channel });
    attacker.send({ event: 'pusher:subscribe', data: { channel, auth } });
    const refusal = await attacker.nextEvent('pusher:subscription_error');
    expect(refusal.channel).toBe(channel);
    expect(refusal.decoded).toMatchObject({ type: 'AuthError', status: 401 });
    const error = await attacker.nextEvent('pusher:error');
    expect(error.decoded).toMatchObject({ code: 4009 });

    // Not subscribed: a published event does not reach the attacker, and does reach the real owner.
    const received = waitForChannelEvent(bystanderChannel, 'secret');
    await createPusherServer(harness.port).trigger(channel, 'secret', { n: 1 });
    await received;
    const barrier = await attacker.barrier();
    expect(attacker.messages.slice(0, barrier).some((m) => m.event === 'secret')).toBe(false);
    expect(attacker.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses a signature made with the wrong secret', async () => {
    const pusher = createPusherClient(harness.port, { user: userOne });
    cleanups.push(() => disconnectPusher(pusher));
    await waitForConnected(pusher);
    const raw = await rawClient();
    const auth = signChannel({ key: TEST_APP.key, secret: 'not-the-secret', socketId: raw.socketId, channelName: userChannel(1) });
    raw.send({ event: 'pusher:subscribe', data: { channel: userChannel(1), auth } });
    expect((await raw.nextEvent('pusher:subscription_error')).decoded).toMatchObject({ status: 401 });
  });

  it('delivers nothing after unsubscribe', async () => {
    const client = await rawClient();
    await rawSubscribePrivate(client, 'private-unsub-test');
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'private-unsub-test' } });
    await client.barrier();
    await harness.realtime.publish({ channels: ['private-unsub-test'], name: 'after', data: '{}' });
    const barrier = await client.barrier();
    expect(client.messages.slice(0, barrier).some((m) => m.event === 'after')).toBe(false);
  });

  it('excludes the socket given as socket_id (to-others)', async () => {
    const sender = await pusherClient({ user: userOne });
    const other = await pusherClient({ user: userTwo });
    const senderChannel = await subscribeAndWait(sender, agentChannel(10));
    const otherChannel = await subscribeAndWait(other, agentChannel(10));
    const senderEvents: string[] = [];
    senderChannel.bind_global((name: string) => {
      if (!name.startsWith('pusher')) senderEvents.push(name);
    });

    const server = createPusherServer(harness.port);
    const otherGot = waitForChannelEvent(otherChannel, 'first');
    await server.trigger(agentChannel(10), 'first', { n: 1 }, { socket_id: sender.connection.socket_id });
    await otherGot;
    // Events reach one socket in publish order: once "second" is in, "first" would have been too.
    const senderGotSecond = waitForChannelEvent(senderChannel, 'second');
    await server.trigger(agentChannel(10), 'second', { n: 2 });
    await senderGotSecond;
    expect(senderEvents).toEqual(['second']);
  });
});

describe('presence channels', () => {
  it('shows members, counts a user with two sockets once, and reports joins and leaves', async () => {
    const channelName = agentPresenceChannel(10);
    const alice = await pusherClient({ user: userOne });
    const aliceChannel = (await subscribeAndWait(alice, channelName)) as PresenceChannel;
    expect(aliceChannel.members.count).toBe(1);
    expect(aliceChannel.members.me).toMatchObject({ id: '1', info: { name: 'User One' } });

    const added: string[] = [];
    const removed: string[] = [];
    aliceChannel.bind('pusher:member_added', (member: { id: string }) => added.push(member.id));
    aliceChannel.bind('pusher:member_removed', (member: { id: string }) => removed.push(member.id));

    const bob = await pusherClient({ user: userTwo });
    const firstAdded = waitForChannelEvent(aliceChannel, 'pusher:member_added');
    const bobChannel = (await subscribeAndWait(bob, channelName)) as PresenceChannel;
    expect(bobChannel.members.count).toBe(2);
    const ids: string[] = [];
    bobChannel.members.each((member: { id: string }) => ids.push(member.id));
    expect(ids.sort()).toEqual(['1', '2']);
    expect((await firstAdded).data).toMatchObject({ id: '2', info: { name: 'User Two' } });

    // Bob opens a second tab: still one member.
    const bobTab = await pusherClient({ user: userTwo });
    const bobTabChannel = (await subscribeAndWait(bobTab, channelName)) as PresenceChannel;
    expect(bobTabChannel.members.count).toBe(2);

    const server = createPusherServer(harness.port);
    const barrierOne = waitForChannelEvent(aliceChannel, 'barrier-one');
    await server.trigger(channelName, 'barrier-one', {});
    await barrierOne;
    expect(added).toEqual(['2']);

    // Closing one of Bob's tabs does not remove him.
    await disconnectPusher(bob);
    const barrierTwo = waitForChannelEvent(aliceChannel, 'barrier-two');
    // Give the close a round trip through the server before the barrier event.
    await waitFor('bob gone from stats', (resolve) => {
      const check = setInterval(() => {
        if (harness.realtime.stats().connections <= 2) {
          clearInterval(check);
          resolve(undefined);
        }
      }, 10);
      return () => clearInterval(check);
    });
    await server.trigger(channelName, 'barrier-two', {});
    await barrierTwo;
    expect(removed).toEqual([]);

    const memberRemoved = waitForChannelEvent(aliceChannel, 'pusher:member_removed');
    await disconnectPusher(bobTab);
    expect((await memberRemoved).data).toMatchObject({ id: '2' });
    expect(aliceChannel.members.count).toBe(1);

    const users = await harness.realtime.channelUsers(channelName);
    expect(users).toEqual(['1']);
  });

  it('refuses presence without channel_data', async () => {
    const client = await rawClient();
    const channel = 'presence-no-data';
    const auth = signChannel({ key: TEST_APP.key, secret: TEST_APP.secret, socketId: client.socketId, channelName: channel });
    client.send({ event: 'pusher:subscribe', data: { channel, auth } });
    expect((await client.nextEvent('pusher:subscription_error')).decoded).toMatchObject({ status: 401 });
  });
});

describe('signin', () => {
  it('signs in through pusher-js and receives events sent to the user', async () => {
    const pusher = createPusherClient(harness.port, { user: userOne });
    cleanups.push(() => disconnectPusher(pusher));
    const signedIn = signInSocket(pusher);
    await waitForConnected(pusher);
    const data = (await signedIn) as { user_data: string };
    expect(JSON.parse(data.user_data)).toEqual({ id: '1', name: 'User One' });

    // pusher-js subscribes to #server-to-user-1 after signin; the SDK's sendToUser reaches it.
    await waitFor('server-to-user subscription', (resolve) => {
      const check = setInterval(() => {
        if (pusher.user.serverToUserChannel?.subscribed) {
          clearInterval(check);
          resolve(undefined);
        }
      }, 10);
      return () => clearInterval(check);
    });
    const toUser = waitFor<unknown>('user event', (resolve) => {
      const handler = (payload: unknown) => resolve(payload);
      pusher.user.bind('account-approved', handler);
      return () => pusher.user.unbind('account-approved', handler);
    });
    await createPusherServer(harness.port).sendToUser('1', 'account-approved', { ok: true });
    expect(await toUser).toEqual({ ok: true });
  });

  it('closes the connection with 4009 on a bad signin signature', async () => {
    const client = await rawClient();
    client.send({ event: 'pusher:signin', data: { auth: `${TEST_APP.key}:${'0'.repeat(64)}`, user_data: '{"id":"1"}' } });
    expect((await client.nextEvent('pusher:error')).decoded).toMatchObject({ code: 4009 });
    expect((await client.closed).code).toBe(4009);
  });

  it('does not let a socket subscribe to another user’s server-to-user channel', async () => {
    const client = await rawClient();
    client.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-1' } });
    expect((await client.nextEvent('pusher:subscription_error')).decoded).toMatchObject({ status: 403 });
  });
});

describe('client events', () => {
  it('delivers to other subscribers, never echoes, and tags presence events with user_id', async () => {
    const alice = await pusherClient({ user: userOne });
    const bob = await pusherClient({ user: userTwo });
    const alicePresence = await subscribeAndWait(alice, agentPresenceChannel(10));
    const bobPresence = await subscribeAndWait(bob, agentPresenceChannel(10));
    const aliceEvents: string[] = [];
    alicePresence.bind_global((name: string) => {
      if (name.startsWith('client-')) aliceEvents.push(name);
    });

    const bobGot = waitForChannelEvent(bobPresence, 'client-typing');
    expect(alicePresence.trigger('client-typing', { typing: true })).toBe(true);
    const event = await bobGot;
    expect(event.data).toEqual({ typing: true });
    expect(event.metadata).toMatchObject({ user_id: '1' });

    // Round trip from Alice after her event: an echo would have arrived before this.
    const aliceBarrier = waitForChannelEvent(alicePresence, 'after-typing');
    await createPusherServer(harness.port).trigger(agentPresenceChannel(10), 'after-typing', {});
    await aliceBarrier;
    expect(aliceEvents).toEqual([]);
  });

  it('delivers client events on private channels without user_id', async () => {
    const sender = await rawClient();
    const receiver = await rawClient();
    await rawSubscribePrivate(sender, 'private-chat');
    await rawSubscribePrivate(receiver, 'private-chat');
    sender.send({ event: 'client-hello', channel: 'private-chat', data: { hi: 1 } });
    const got = await receiver.nextEvent('client-hello');
    expect(got.data).toEqual({ hi: 1 });
    expect(got.user_id).toBeUndefined();
  });

  it('refuses client events on public channels and on channels the socket has not joined', async () => {
    const client = await rawClient();
    client.send({ event: 'pusher:subscribe', data: { channel: 'public-room' } });
    await client.nextEvent('pusher_internal:subscription_succeeded');
    client.send({ event: 'client-x', channel: 'public-room', data: {} });
    expect((await client.nextEvent('pusher:error')).decoded).toMatchObject({ code: 4009 });
    const from = client.messages.length;
    client.send({ event: 'client-x', channel: 'private-not-joined', data: {} });
    expect((await client.nextEvent('pusher:error', from)).decoded).toMatchObject({ code: 4009 });
  });

  it('rate limits client events to 10 per second per connection with 4301', async () => {
    const sender = await rawClient();
    const receiver = await rawClient();
    await rawSubscribePrivate(sender, 'private-burst');
    await rawSubscribePrivate(receiver, 'private-burst');
    const start = sender.messages.length;
    for (let index = 0; index < 20; index += 1) {
      sender.send({ event: 'client-burst', channel: 'private-burst', data: { index } });
    }
    const senderBarrier = await sender.barrier();
    const receiverBarrier = await receiver.barrier();
    const limited = sender.messages.slice(start, senderBarrier).filter((m) => m.event === 'pusher:error');
    const delivered = receiver.messages.slice(0, receiverBarrier).filter((m) => m.event === 'client-burst');
    expect(limited.length).toBeGreaterThanOrEqual(8);
    expect(limited.every((m) => (m.decoded as { code: number }).code === 4301)).toBe(true);
    expect(delivered.length).toBeGreaterThanOrEqual(10);
    expect(delivered.length).toBeLessThanOrEqual(12);
    expect(delivered.length + limited.length).toBe(20);
    expect(sender.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('bad input', () => {
  it.each([
    ['malformed JSON', () => '{"event": "pusher:subscribe", ', 4200],
    ['a JSON array', () => '[1,2,3]', 4200],
    ['an event that is not a string', () => JSON.stringify({ event: 42 }), 4200],
    ['an unknown pusher event', () => JSON.stringify({ event: 'pusher:launch_missiles', data: {} }), 4200],
    ['an unknown non-client event', () => JSON.stringify({ event: 'hello', data: {} }), 4200],
    ['an invalid channel name', () => JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } }), 4200],
    ['an oversized message', () => JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'x', pad: 'a'.repeat(10_100) } }), 4300],
    ['a binary frame', () => Buffer.from(JSON.stringify({ event: 'pusher:ping' })), 4200],
  ])('answers %s with pusher:error and keeps serving', async (_label, frame, code) => {
    const bystander = await pusherClient({ user: userOne });
    const bystanderChannel = await subscribeAndWait(bystander, userChannel(1));
    const client = await rawClient();

    const payload = frame();
    if (typeof payload === 'string') client.ws.send(payload);
    else client.ws.send(payload, { binary: true });
    const error = await client.nextEvent('pusher:error');
    expect(error.decoded).toMatchObject({ code });

    // The same connection still works...
    await client.barrier();
    const from = client.messages.length;
    client.send({ event: 'pusher:subscribe', data: { channel: 'still-working' } });
    await client.nextEvent('pusher_internal:subscription_succeeded', from);
    // ...and so does everyone else.
    const received = waitForChannelEvent(bystanderChannel, 'still-there');
    await createPusherServer(harness.port).trigger(userChannel(1), 'still-there', {});
    await received;
  });

  it('closes only the offending socket when a frame is beyond the hard limit', async () => {
    const bystander = await rawClient();
    const client = await rawClient();
    client.send(JSON.stringify({ event: 'pusher:ping', pad: 'a'.repeat(200_000) }));
    expect((await client.closed).code).toBe(1009);
    await bystander.barrier();
  });
});

describe('server API', () => {
  it('publishes to local subscribers and reports stats and channel info', async () => {
    const client = await rawClient();
    await rawSubscribePrivate(client, 'private-stats');
    const info = await harness.realtime.channelInfo('private-stats');
    expect(info).toEqual({ occupied: true, subscriptionCount: 1 });
    expect(harness.realtime.stats().channels).toBeGreaterThanOrEqual(1);
    await harness.realtime.publish({ channels: ['private-stats'], name: 'direct', data: '{"a":1}' });
    const event = await client.nextEvent('direct');
    expect(event.data).toBe('{"a":1}');
    await expect(harness.realtime.publish({ channels: ['bad channel'], name: 'x', data: '' })).rejects.toThrow(TypeError);
  });

  it('terminates the connections of a signed-in user', async () => {
    const pusher = createPusherClient(harness.port, { user: userTwo });
    cleanups.push(() => disconnectPusher(pusher));
    await signInSocket(pusher);
    const failed = waitFor<unknown>('connection refused', (resolve) => {
      pusher.connection.bind('failed', () => resolve('failed'));
      pusher.connection.bind('disconnected', () => resolve('disconnected'));
    });
    await createPusherServer(harness.port).terminateUserConnections('2');
    // 4009 is in the "do not reconnect" range, so pusher-js gives up.
    expect(await failed).toBeDefined();
  });
});

describe('origin check', () => {
  let guarded: Harness;
  beforeAll(async () => {
    guarded = await startHarness({ allowedOrigins: ['https://portal.example'] });
  });
  afterAll(async () => {
    await guarded.close();
  });

  function statusFor(origin: string | undefined): Promise<number> {
    const headers: Record<string, string> = origin === undefined ? {} : { Origin: origin };
    const ws = new WebSocket(`ws://127.0.0.1:${guarded.port}/app/${TEST_APP.key}?protocol=7`, { headers });
    return waitFor<number>('upgrade outcome', (resolve) => {
      ws.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('open', () => {
        resolve(101);
        ws.close();
      });
      ws.on('error', () => undefined);
    });
  }

  it('refuses a websocket from another origin with 403 before the upgrade', async () => {
    expect(await statusFor('https://evil.example')).toBe(403);
    expect(await statusFor('null')).toBe(403);
  });

  it('accepts the allowed origin (any case) and clients that send none', async () => {
    expect(await statusFor('https://portal.example')).toBe(101);
    expect(await statusFor('https://PORTAL.example')).toBe(101);
    expect(await statusFor(undefined)).toBe(101);
  });
});

describe('inactivity', () => {
  let quick: Harness;
  beforeAll(async () => {
    quick = await startHarness({ activityTimeoutSeconds: 1, pingGraceSeconds: 0, pongTimeoutSeconds: 1 });
  });
  afterAll(async () => {
    await quick.close();
  });

  it('pings a silent client and closes it with 4201 when no pong comes, keeping a responsive one', async () => {
    const silent = await rawClient(quick.port);
    const responsive = await rawClient(quick.port);
    responsive.ws.on('message', (data) => {
      if (JSON.parse(data.toString()).event === 'pusher:ping') responsive.send({ event: 'pusher:pong', data: {} });
    });
    expect((await silent.nextEvent('pusher:ping', 0, 6000)).event).toBe('pusher:ping');
    expect((await silent.closed).code).toBe(4201);
    // The responsive client got pinged as well and is still here.
    await responsive.nextEvent('pusher:ping', 0, 6000);
    await responsive.barrier();
    expect(responsive.ws.readyState).toBe(WebSocket.OPEN);
  });
});
