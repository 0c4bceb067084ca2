import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentPresenceChannel } from './channel-authorizer.ts';
import { md5Hex, signChannel, signHttpApiString } from './signatures.ts';
import {
  TEST_APP,
  connectRaw,
  createPusherClient,
  createPusherServer,
  disconnectPusher,
  startHarness,
  subscribeAndWait,
  waitForConnected,
  type Harness,
  type RawClient,
} from './test-support.ts';

let harness: Harness;
const csrfSeen = new Map<string, unknown>();
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  harness = await startHarness({}, (app) => {
    // What the lead's CSRF plugin will read.
    app.addHook('onRequest', async (request) => {
      csrfSeen.set(request.url.split('?')[0] ?? '', (request.routeOptions.config as { csrf?: unknown }).csrf);
    });
    // A route outside the plugin: it must keep Fastify's own JSON parser.
    app.post('/outside', async (request) => ({ received: request.body }));
  });
});

afterEach(async () => {
  await Promise.allSettled(cleanups.splice(0).map((cleanup) => cleanup()));
});

afterAll(async () => {
  await harness.close();
});

async function rawClient(): Promise<RawClient> {
  const client = await connectRaw(harness.port);
  cleanups.push(() => client.close());
  return client;
}

async function subscribePublic(client: RawClient, channel: string): Promise<void> {
  const from = client.messages.length;
  client.send({ event: 'pusher:subscribe', data: { channel } });
  await client.next((m) => m.event === 'pusher_internal:subscription_succeeded' && m.channel === channel, 'subscribed', from);
}

interface SignedPostOptions {
  path?: string;
  timestamp?: number;
  secret?: string;
  key?: string;
  /** Sign this body but send `sentBody`. */
  sentBody?: string;
  bodyMd5?: string;
  contentType?: string;
}

async function signedPost(body: string, options: SignedPostOptions = {}): Promise<{ status: number; text: string }> {
  const path = options.path ?? `/apps/${TEST_APP.appId}/events`;
  const secret = options.secret ?? TEST_APP.secret;
  const params: Record<string, string> = {
    auth_key: options.key ?? TEST_APP.key,
    auth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: options.bodyMd5 ?? md5Hex(body),
  };
  params.auth_signature = signHttpApiString(secret, 'POST', path, params);
  const response = await fetch(`http://127.0.0.1:${harness.port}${path}?${new URLSearchParams(params)}`, {
    method: 'POST',
    headers: { 'content-type': options.contentType ?? 'application/json' },
    body: options.sentBody ?? body,
  });
  return { status: response.status, text: await response.text() };
}

const validEvent = JSON.stringify({ name: 'evt', channels: ['api-channel'], data: '{"a":1}' });

describe('HTTP API authentication', () => {
  it('accepts a correctly signed request and delivers the event', async () => {
    const client = await rawClient();
    await subscribePublic(client, 'api-channel');
    const result = await signedPost(validEvent);
    expect(result).toEqual({ status: 200, text: '{}' });
    expect((await client.nextEvent('evt')).data).toBe('{"a":1}');
  });

  it('answers 401 to a wrong signature', async () => {
    const result = await signedPost(validEvent, { secret: 'wrong-secret' });
    expect(result.status).toBe(401);
    expect(result.text).toMatch(/signature/i);
  });

  it('answers 401 to an unknown key', async () => {
    expect((await signedPost(validEvent, { key: 'other-key' })).status).toBe(401);
  });

  it('answers 401 to a timestamp older than 600 s, and accepts one inside the window', async () => {
    // Margins of tens of seconds: the server reads its clock a moment after the test does.
    const now = () => Math.floor(Date.now() / 1000);
    const result = await signedPost(validEvent, { timestamp: now() - 601 });
    expect(result.status).toBe(401);
    expect(result.text).toMatch(/timestamp/i);
    expect((await signedPost(validEvent, { timestamp: now() - 570 })).status).toBe(200);
    expect((await signedPost(validEvent, { timestamp: now() + 570 })).status).toBe(200);
    expect((await signedPost(validEvent, { timestamp: now() + 630 })).status).toBe(401);
  });

  it('answers 401 when the body does not match body_md5', async () => {
    // Signed over the original body's md5, then another body is sent.
    const tampered = JSON.stringify({ name: 'evt', channels: ['api-channel'], data: '{"a":2}' });
    const result = await signedPost(validEvent, { sentBody: tampered });
    expect(result.status).toBe(401);
    expect(result.text).toMatch(/body_md5/);
    // A signature over a wrong md5 is valid as a signature, and still refused.
    const wrongMd5 = await signedPost(validEvent, { bodyMd5: md5Hex('something else') });
    expect(wrongMd5.status).toBe(401);
    expect(wrongMd5.text).toMatch(/body_md5/);
  });

  it('answers 401 without any auth parameters', async () => {
    const response = await fetch(`http://127.0.0.1:${harness.port}/apps/${TEST_APP.appId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: validEvent,
    });
    expect(response.status).toBe(401);
  });

  it('answers 404 to another app id', async () => {
    const result = await signedPost(validEvent, { path: '/apps/9999/events' });
    expect(result.status).toBe(404);
  });
});

describe('HTTP API limits and validation', () => {
  it('answers 413 when data exceeds 10 KB', async () => {
    const body = JSON.stringify({ name: 'big', channels: ['api-channel'], data: 'x'.repeat(10 * 1024 + 1) });
    const result = await signedPost(body);
    expect(result.status).toBe(413);
    const atLimit = JSON.stringify({ name: 'big', channels: ['api-channel'], data: 'x'.repeat(10 * 1024) });
    expect((await signedPost(atLimit)).status).toBe(200);
  });

  it.each([
    ['more than 100 channels', { name: 'e', data: '', channels: Array.from({ length: 101 }, (_, index) => `c${index}`) }],
    ['no channels', { name: 'e', data: '', channels: [] }],
    ['an invalid channel name', { name: 'e', data: '', channels: ['bad channel'] }],
    ['data that is not a string', { name: 'e', data: { a: 1 }, channels: ['c'] }],
    ['an event name over 200 characters', { name: 'e'.repeat(201), data: '', channels: ['c'] }],
    ['a malformed socket_id', { name: 'e', data: '', channels: ['c'], socket_id: 'abc' }],
  ])('answers 400 to %s', async (_label, event) => {
    expect((await signedPost(JSON.stringify(event))).status).toBe(400);
  });

  it('answers 400 to a signed body that is not JSON', async () => {
    expect((await signedPost('{not json')).status).toBe(400);
  });

  it.each([
    ['events', validEvent],
    ['batch_events', JSON.stringify({ batch: [{ name: 'plain', channel: 'plain-channel', data: '' }] })],
    ['users/7/terminate_connections', '{}'],
  ])('answers 415 with a reason to a signed %s body sent as text/plain (outside probe F4: was a 500)', async (endpoint, body) => {
    const client = await rawClient();
    await subscribePublic(client, 'plain-channel');
    for (const contentType of ['text/plain', 'text/plain; charset=utf-8']) {
      const result = await signedPost(body, { path: `/apps/${TEST_APP.appId}/${endpoint}`, contentType });
      expect(result).toEqual({ status: 415, text: 'Unsupported Content-Type: send the body as application/json' });
    }
    const barrier = await client.barrier();
    expect(client.messages.slice(0, barrier).some((m) => m.event === 'plain')).toBe(false);
  });

  it('answers 400 to a batch of more than 10 and publishes nothing of an invalid batch', async () => {
    const client = await rawClient();
    await subscribePublic(client, 'batch-channel');
    const tooMany = { batch: Array.from({ length: 11 }, () => ({ name: 'b', channel: 'batch-channel', data: '' })) };
    expect((await signedPost(JSON.stringify(tooMany), { path: `/apps/${TEST_APP.appId}/batch_events` })).status).toBe(400);
    const halfBad = { batch: [{ name: 'half', channel: 'batch-channel', data: '' }, { name: 'half', channel: 'bad channel', data: '' }] };
    expect((await signedPost(JSON.stringify(halfBad), { path: `/apps/${TEST_APP.appId}/batch_events` })).status).toBe(400);
    const barrier = await client.barrier();
    expect(client.messages.slice(0, barrier).some((m) => m.event === 'half' || m.event === 'b')).toBe(false);
  });
});

describe('HTTP API through the pusher SDK', () => {
  it('publishes a batch with triggerBatch', async () => {
    const client = await rawClient();
    await subscribePublic(client, 'sdk-batch');
    const server = createPusherServer(harness.port);
    const response = await server.triggerBatch([
      { channel: 'sdk-batch', name: 'one', data: { n: 1 } },
      { channel: 'sdk-batch', name: 'two', data: { n: 2 } },
    ]);
    expect(response.status).toBe(200);
    const one = await client.nextEvent('one');
    const two = await client.nextEvent('two', one.index);
    expect(JSON.parse(two.data as string)).toEqual({ n: 2 });
  });

  it('publishes to many channels at once', async () => {
    const first = await rawClient();
    const second = await rawClient();
    await subscribePublic(first, 'multi-a');
    await subscribePublic(second, 'multi-b');
    await createPusherServer(harness.port).trigger(['multi-a', 'multi-b'], 'multi', 'plain string');
    expect((await first.nextEvent('multi')).data).toBe('plain string');
    expect((await second.nextEvent('multi')).channel).toBe('multi-b');
  });

  it('reports channel occupancy, subscription count and presence users', async () => {
    const server = createPusherServer(harness.port);
    const empty = await server.get({ path: '/channels/nobody-here', params: { info: 'subscription_count' } });
    expect(await empty.json()).toEqual({ occupied: false, subscription_count: 0 });

    const pusher = createPusherClient(harness.port, { user: { id: 5, referralAgentId: 20, name: 'Five' } });
    cleanups.push(() => disconnectPusher(pusher));
    await waitForConnected(pusher);
    await subscribeAndWait(pusher, agentPresenceChannel(20));
    const info = await server.get({ path: `/channels/${agentPresenceChannel(20)}`, params: { info: 'subscription_count,user_count' } });
    expect(await info.json()).toEqual({ occupied: true, subscription_count: 1, user_count: 1 });
    const users = await server.get({ path: `/channels/${agentPresenceChannel(20)}/users` });
    expect(await users.json()).toEqual({ users: [{ id: '5' }] });
  });

  it('refuses the users endpoint for a non-presence channel', async () => {
    const server = createPusherServer(harness.port);
    await expect(server.get({ path: '/channels/private-x/users' })).rejects.toMatchObject({ status: 400 });
  });

  it('publishes to a private channel through the SDK', async () => {
    const client = await rawClient();
    const channel = 'private-sdk';
    const auth = signChannel({ key: TEST_APP.key, secret: TEST_APP.secret, socketId: client.socketId, channelName: channel });
    client.send({ event: 'pusher:subscribe', data: { channel, auth } });
    await client.nextEvent('pusher_internal:subscription_succeeded');
    await createPusherServer(harness.port).trigger(channel, 'private-event', { ok: 1 });
    expect(JSON.parse((await client.nextEvent('private-event')).data as string)).toEqual({ ok: 1 });
  });
});

describe('integration with the host app', () => {
  it('marks its routes csrf: false for the CSRF plugin', async () => {
    await signedPost(validEvent);
    expect(csrfSeen.get(`/apps/${TEST_APP.appId}/events`)).toBe(false);
  });

  it('keeps the JSON parser change inside the plugin', async () => {
    const response = await fetch(`http://127.0.0.1:${harness.port}/outside`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"hello":"world"}',
    });
    expect(await response.json()).toEqual({ received: { hello: 'world' } });
  });
});
