import type Pusher from 'pusher-js';
import type { Members, PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentChannel, agentPresenceChannel, userChannel } from '../../realtime/channel-authorizer.ts';
import { verifyChannelSignature, verifyUserSignature } from '../../realtime/signatures.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { eventName } from './broadcaster.ts';
import {
  collectEvents,
  createPusherClient,
  createPusherServer,
  disconnectAll,
  signIn,
  signInSocket,
  waitForConnection,
  waitForEvent,
  waitForSubscription,
} from './test-support.ts';
import { listenOnLoopback } from '../../test/listen.ts';

/**
 * The portal's realtime path end to end, with the real pusher-js client in Node against the embedded service
 * of an app listening on a real port: channel authorisation through /broadcasting/auth with a session cookie,
 * events published through the official `pusher` SDK, presence, user sign-in, and the app's broadcaster.
 */
describe('broadcasting', () => {
  let context: TestContext;
  let port: number;
  const clients: Pusher[] = [];

  const connect = (cookie?: string, authPath?: string) => {
    const client = createPusherClient({ port, key: context.config.pusher.key, ...(cookie ? { cookie } : {}), ...(authPath ? { authPath } : {}) });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    context = await createTestApp();
    port = await listenOnLoopback(context.app);
  });

  afterEach(() => disconnectAll(clients));

  afterAll(async () => {
    disconnectAll(clients);
    await context?.close();
  });

  it('subscribes to its own private channel through /broadcasting/auth with the session cookie and receives SDK events', async () => {
    const partner = await createPartner(context.database.pool);
    const session = await signIn(context.database.pool, context.config, partner.userId);
    const pusher = connect(session.cookie);
    await waitForConnection(pusher);

    const channel = pusher.subscribe(userChannel(partner.userId));
    await waitForSubscription(channel);

    const received = waitForEvent(channel, eventName('Ping'));
    await createPusherServer(context.config, port).trigger(userChannel(partner.userId), eventName('Ping'), { hello: 'world' });
    expect(await received).toEqual({ hello: 'world' });
  });

  it('answers the same at /api/broadcasting/auth (spec §7), including the referral agent private channel', async () => {
    const partner = await createPartner(context.database.pool);
    const session = await signIn(context.database.pool, context.config, partner.userId);
    const pusher = connect(session.cookie, '/api/broadcasting/auth');
    const own = pusher.subscribe(userChannel(partner.userId));
    const agent = pusher.subscribe(agentChannel(partner.referralAgentId));
    await Promise.all([waitForSubscription(own), waitForSubscription(agent)]);
  });

  it("N8: a member cannot push client events to the team on the agent's private channel (the portal defines none)", async () => {
    const owner = await createPartner(context.database.pool);
    const member = await createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role: 'agent' });
    const ownerPusher = connect((await signIn(context.database.pool, context.config, owner.userId)).cookie);
    const memberPusher = connect((await signIn(context.database.pool, context.config, member.userId)).cookie);
    const ownerChannel = ownerPusher.subscribe(agentChannel(owner.referralAgentId));
    const memberChannel = memberPusher.subscribe(agentChannel(owner.referralAgentId));
    await Promise.all([waitForSubscription(ownerChannel), waitForSubscription(memberChannel)]);

    const forged = collectEvents(ownerChannel, 'client-notification');
    const refused = new Promise<unknown>((resolve) => memberPusher.connection.bind('error', (error: { data?: unknown }) => resolve(error.data)));
    expect(memberChannel.trigger('client-notification', { title: 'Your payout failed: confirm your bank details here' })).toBe(true);
    expect(await refused).toMatchObject({ code: 4009, message: expect.stringMatching(/not enabled/) });

    // The server's own events still reach the owner, after the refused one would have.
    const after = waitForEvent(ownerChannel, eventName('AfterForgery'));
    await createPusherServer(context.config, port).trigger(agentChannel(owner.referralAgentId), eventName('AfterForgery'), { ok: true });
    expect(await after).toEqual({ ok: true });
    expect(forged).toEqual([]);
  });

  it("refuses another user's channel: 403, reported to the client as pusher:subscription_error (spec §8)", async () => {
    const partner = await createPartner(context.database.pool);
    const stranger = await createPartner(context.database.pool);
    const session = await signIn(context.database.pool, context.config, partner.userId);
    const pusher = connect(session.cookie);

    const foreignUser = pusher.subscribe(userChannel(stranger.userId));
    const foreignAgent = pusher.subscribe(agentPresenceChannel(stranger.referralAgentId));
    const [userError, agentError] = await Promise.all([
      waitForEvent<{ type: string; status: number }>(foreignUser, 'pusher:subscription_error'),
      waitForEvent<{ type: string; status: number }>(foreignAgent, 'pusher:subscription_error'),
    ]);
    expect(userError).toMatchObject({ type: 'AuthError', status: 403 });
    expect(agentError).toMatchObject({ type: 'AuthError', status: 403 });

    // Publishing on the refused channel reaches nobody on this socket.
    const own = pusher.subscribe(userChannel(partner.userId));
    await waitForSubscription(own);
    const leaked = collectEvents(foreignUser, eventName('Secret'));
    const marker = waitForEvent(own, eventName('Marker'));
    const sdk = createPusherServer(context.config, port);
    await sdk.trigger(userChannel(stranger.userId), eventName('Secret'), { secret: true });
    await sdk.trigger(userChannel(partner.userId), eventName('Marker'), {});
    await marker;
    expect(leaked).toEqual([]);
  });

  it('refuses a client without a session: 401 as pusher:subscription_error', async () => {
    const partner = await createPartner(context.database.pool);
    const pusher = connect();
    const channel = pusher.subscribe(userChannel(partner.userId));
    expect(await waitForEvent(channel, 'pusher:subscription_error')).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it("joins its agent's presence channel and sees a second member come and go", async () => {
    const first = await createPartner(context.database.pool, { firstName: 'Ada', lastName: 'Lovelace' });
    const second = await createPartner(context.database.pool, {
      firstName: 'Grace',
      lastName: 'Hopper',
      referralAgentId: first.referralAgentId,
    });
    const firstClient = connect((await signIn(context.database.pool, context.config, first.userId)).cookie);
    const secondClient = connect((await signIn(context.database.pool, context.config, second.userId)).cookie);
    const presenceName = agentPresenceChannel(first.referralAgentId);

    const firstPresence = firstClient.subscribe(presenceName) as PresenceChannel;
    const members = (await waitForSubscription(firstPresence)) as Members;
    expect(members.count).toBe(1);
    expect(members.me).toMatchObject({ id: String(first.userId), info: { name: 'Ada Lovelace' } });

    const added = waitForEvent<{ id: string; info: { name: string } }>(firstPresence, 'pusher:member_added');
    const secondPresence = secondClient.subscribe(presenceName) as PresenceChannel;
    await waitForSubscription(secondPresence);
    expect(await added).toEqual({ id: String(second.userId), info: { name: 'Grace Hopper' } });
    expect(firstPresence.members.count).toBe(2);

    const removed = waitForEvent<{ id: string }>(firstPresence, 'pusher:member_removed');
    secondClient.disconnect();
    expect((await removed).id).toBe(String(second.userId));
    expect(firstPresence.members.count).toBe(1);
  });

  it('signs in through /broadcasting/user-auth (pusher:signin)', async () => {
    const partner = await createPartner(context.database.pool, { firstName: 'Mary', lastName: 'Jackson' });
    const pusher = connect((await signIn(context.database.pool, context.config, partner.userId)).cookie);
    await signInSocket(pusher);
    expect(pusher.user.user_data).toEqual({ id: String(partner.userId), name: 'Mary Jackson' });
  });

  describe('the HTTP endpoints', () => {
    it('accepts form-urlencoded and JSON bodies without the CSRF header, and signs what the protocol expects', async () => {
      const partner = await createPartner(context.database.pool, { firstName: 'Kat', lastName: 'Johnson' });
      const client = new TestClient(context.app);
      await signIn(context.database.pool, context.config, partner.userId, client);
      const { key, secret } = context.config.pusher;
      const channelName = userChannel(partner.userId);

      const form = await client.post('/broadcasting/auth', `socket_id=123.456&channel_name=${encodeURIComponent(channelName)}`, {
        'content-type': 'application/x-www-form-urlencoded',
        'x-xsrf-token': '',
      });
      expect(form.statusCode).toBe(200);
      expect(verifyChannelSignature({ key, secret, socketId: '123.456', channelName, auth: form.json().auth })).toBe(true);

      const json = await client.post('/api/broadcasting/auth', { socket_id: '123.456', channel_name: agentPresenceChannel(partner.referralAgentId) });
      expect(json.statusCode).toBe(200);
      const body = json.json<{ auth: string; channel_data: string }>();
      expect(JSON.parse(body.channel_data)).toEqual({ user_id: String(partner.userId), user_info: { name: 'Kat Johnson' } });
      expect(
        verifyChannelSignature({
          key,
          secret,
          socketId: '123.456',
          channelName: agentPresenceChannel(partner.referralAgentId),
          channelData: body.channel_data,
          auth: body.auth,
        }),
      ).toBe(true);

      for (const method of ['GET', 'POST'] as const) {
        const response =
          method === 'GET'
            ? await client.get('/broadcasting/user-auth?socket_id=1.2')
            : await client.post('/broadcasting/user-auth', 'socket_id=1.2', { 'content-type': 'application/x-www-form-urlencoded' });
        expect(response.statusCode).toBe(200);
        const { auth, user_data: userData } = response.json<{ auth: string; user_data: string }>();
        expect(JSON.parse(userData)).toEqual({ id: String(partner.userId), name: 'Kat Johnson' });
        expect(verifyUserSignature({ key, secret, socketId: '1.2', userData, auth })).toBe(true);
      }
    });

    it('answers 403 {message} for a forbidden channel or a malformed socket id, 401 without a session, 422 without fields', async () => {
      const partner = await createPartner(context.database.pool);
      const client = new TestClient(context.app);
      await signIn(context.database.pool, context.config, partner.userId, client);

      const forbidden = await client.post('/broadcasting/auth', { socket_id: '1.2', channel_name: 'private-App.Models.User.999999' });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
      const publicChannel = await client.post('/broadcasting/auth', { socket_id: '1.2', channel_name: 'public-news' });
      expect(publicChannel.statusCode).toBe(403);
      const badSocket = await client.post('/broadcasting/auth', { socket_id: 'abc', channel_name: userChannel(partner.userId) });
      expect(badSocket.statusCode).toBe(403);
      const missing = await client.post('/broadcasting/auth', { socket_id: '1.2' });
      expect(missing.statusCode).toBe(422);

      const anonymous = new TestClient(context.app);
      const unauthenticated = await anonymous.post('/broadcasting/auth', { socket_id: '1.2', channel_name: userChannel(partner.userId) });
      expect(unauthenticated.statusCode).toBe(401);
      expect((await anonymous.get('/broadcasting/user-auth?socket_id=1.2')).statusCode).toBe(401);
    });

    it('tells the SPA where the embedded service is (GET /api/realtime/config, public)', async () => {
      const response = await new TestClient(context.app).get('/api/realtime/config');
      expect(response.statusCode).toBe(200);
      const appUrl = new URL(context.config.appUrl);
      expect(response.json()).toEqual({
        key: context.config.pusher.key,
        cluster: 'mt1',
        wsHost: appUrl.hostname,
        wsPort: Number(appUrl.port),
        wssPort: 443,
        forceTLS: false,
        enabledTransports: ['ws'],
      });
    });
  });

  describe('app.broadcaster', () => {
    it('publishes through the HTTP API on loopback, Echo-named, and skips the socket of X-Socket-ID (to-others)', async () => {
      const partner = await createPartner(context.database.pool);
      const cookie = (await signIn(context.database.pool, context.config, partner.userId)).cookie;
      const senderTab = connect(cookie);
      const otherTab = connect(cookie);
      const senderSocketId = await waitForConnection(senderTab);
      await waitForConnection(otherTab);
      const senderChannel = senderTab.subscribe(userChannel(partner.userId));
      const otherChannel = otherTab.subscribe(userChannel(partner.userId));
      await Promise.all([waitForSubscription(senderChannel), waitForSubscription(otherChannel)]);

      const senderGot = collectEvents(senderChannel, 'App\\Events\\Changed');
      const otherGets = waitForEvent(otherChannel, 'App\\Events\\Changed');
      const delivered = await context.app.broadcaster.broadcast(
        [{ channel: userChannel(partner.userId), event: 'Changed', data: { n: 1 } }],
        { socketId: senderSocketId },
      );
      expect(delivered).toBe(true);
      expect(await otherGets).toEqual({ n: 1 });

      // Events reach one socket in order: once the sender has a later event, it has missed the first for good.
      const marker = waitForEvent(senderChannel, 'App\\Events\\Marker');
      await context.app.broadcaster.broadcast([{ channel: userChannel(partner.userId), event: 'Marker', data: {} }]);
      await marker;
      expect(senderGot).toEqual([]);
    });

    it('reports a failure instead of throwing when the target refuses', async () => {
      const { createBroadcaster } = await import('./broadcaster.ts');
      const warnings: object[] = [];
      const broadcaster = createBroadcaster({
        appId: context.config.pusher.appId,
        key: context.config.pusher.key,
        secret: 'not-the-secret',
        target: () => ({ host: '127.0.0.1', port, scheme: 'http' }),
        logger: { debug() {}, warn: (object) => warnings.push(object) },
      });
      expect(await broadcaster.broadcast([{ channel: userChannel(1), event: 'X', data: {} }])).toBe(false);
      expect(warnings).toHaveLength(1);
      expect(JSON.stringify(warnings[0])).toContain('401');
      expect(await broadcaster.terminateUserConnections('1')).toBe(false);
      expect(warnings).toHaveLength(2);
      expect(JSON.stringify(warnings[1])).toContain('401');
    });
  });
});
