import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeConfig } from '@portal/contracts/realtime';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { getSocketId } from './http';
import {
  connectRealtime,
  disconnectRealtime,
  stopFollowingSession,
  followSession,
  listenOnUserChannel,
  onRealtimeReconnect,
} from './realtime';

/** Stands in for pusher-js: records what Echo asks of it and lets the test drive the connection. */
const fake = vi.hoisted(() => {
  type Handler = (data: unknown) => void;
  class Emitter {
    handlers = new Map<string, Set<Handler>>();
    bind(event: string, handler: Handler) {
      const set = this.handlers.get(event) ?? new Set<Handler>();
      set.add(handler);
      this.handlers.set(event, set);
      return this;
    }
    unbind(event: string, handler?: Handler) {
      if (handler) this.handlers.get(event)?.delete(handler);
      else this.handlers.delete(event);
      return this;
    }
    emit(event: string, data?: unknown) {
      for (const handler of this.handlers.get(event) ?? []) handler(data);
    }
  }
  class FakeChannel extends Emitter {
    constructor(readonly name: string) {
      super();
    }
  }
  class FakePusher {
    static instances: FakePusher[] = [];
    readonly connection = Object.assign(new Emitter(), { socket_id: '', state: 'connecting' });
    readonly channels = new Map<string, FakeChannel>();
    signin = vi.fn();
    disconnect = vi.fn();
    constructor(
      readonly key: string,
      readonly options: Record<string, unknown>,
    ) {
      FakePusher.instances.push(this);
    }
    subscribe(name: string) {
      const channel = this.channels.get(name) ?? new FakeChannel(name);
      this.channels.set(name, channel);
      return channel;
    }
    unsubscribe() {}
    /** The connection reaching `state` (and a socket id when connected), as pusher-js reports it. */
    goTo(state: string, socketId = '') {
      const previous = this.connection.state;
      this.connection.state = state;
      this.connection.socket_id = socketId;
      this.connection.emit('state_change', { previous, current: state });
    }
  }
  return { FakePusher };
});

vi.mock('pusher-js', () => ({ default: fake.FakePusher }));

const config: RealtimeConfig = {
  key: 'portal-key',
  cluster: 'mt1',
  wsHost: 'portal.example.test',
  wsPort: 80,
  wssPort: 443,
  forceTLS: true,
  enabledTransports: ['ws', 'wss'],
};

const latest = () => fake.FakePusher.instances.at(-1)!;

describe('realtime connection', () => {
  beforeEach(() => {
    fake.FakePusher.instances.length = 0;
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
  });
  // Each test follows the session anew (followSession does nothing while already following).
  afterEach(() => stopFollowingSession());

  it("connects with the server's settings, Echo's endpoints and namespace, and joins the user's private channel", async () => {
    const api = mockFetch({ 'GET /api/realtime/config': () => jsonResponse(200, config) });
    await connectRealtime(7);

    const pusher = latest();
    expect(pusher.key).toBe('portal-key');
    expect(pusher.options).toMatchObject({
      cluster: 'mt1',
      wsHost: 'portal.example.test',
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
      namespace: 'App.Events',
      authEndpoint: '/broadcasting/auth',
      channelAuthorization: { endpoint: '/broadcasting/auth', transport: 'ajax' },
      userAuthentication: { endpoint: '/broadcasting/user-auth', transport: 'ajax' },
    });
    const headersProvider = (pusher.options.channelAuthorization as { headersProvider: () => Record<string, string> }).headersProvider;
    expect(headersProvider()).toEqual({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': 'abc==' });
    expect([...pusher.channels.keys()]).toEqual(['private-App.Models.User.7']);
    expect(pusher.signin).toHaveBeenCalled();

    // The same user again (a refreshed profile) keeps the connection.
    await connectRealtime(7);
    expect(fake.FakePusher.instances).toHaveLength(1);
    expect(api.calls('GET', '/api/realtime/config')).toHaveLength(1);
  });

  it('hands the socket id to the HTTP client while connected, and announces reconnections', async () => {
    mockFetch({ 'GET /api/realtime/config': () => jsonResponse(200, config) });
    const reconnected = vi.fn();
    const stop = onRealtimeReconnect(reconnected);
    await connectRealtime(7);
    const pusher = latest();

    pusher.goTo('connected', '123.456');
    expect(getSocketId()).toBe('123.456');
    expect(reconnected).not.toHaveBeenCalled();

    pusher.goTo('unavailable');
    expect(getSocketId()).toBeNull();
    pusher.goTo('connected', '123.789');
    expect(getSocketId()).toBe('123.789');
    expect(reconnected).toHaveBeenCalledTimes(1);

    disconnectRealtime();
    expect(pusher.disconnect).toHaveBeenCalled();
    expect(getSocketId()).toBeNull();
    stop();
  });

  it('delivers Echo-named events to listeners registered before or after connecting, and logs a refused channel', async () => {
    mockFetch({ 'GET /api/realtime/config': () => jsonResponse(200, config) });
    const early = vi.fn();
    const late = vi.fn();
    const stopEarly = listenOnUserChannel('NotificationCreated', early);
    await connectRealtime(7);
    const stopLate = listenOnUserChannel('NotificationsUpdated', late);
    const channel = latest().channels.get('private-App.Models.User.7')!;

    channel.emit('App\\Events\\NotificationCreated', { n: 1 });
    channel.emit('App\\Events\\NotificationsUpdated', { unread_count: 2 });
    expect(early).toHaveBeenCalledWith({ n: 1 });
    expect(late).toHaveBeenCalledWith({ unread_count: 2 });

    stopEarly();
    channel.emit('App\\Events\\NotificationCreated', { n: 2 });
    expect(early).toHaveBeenCalledTimes(1);
    stopLate();

    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    channel.emit('pusher:subscription_error', { type: 'AuthError', status: 403 });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('authorisation of App.Models.User.7 failed'), { type: 'AuthError', status: 403 });
  });

  it('follows the session: connects on a user, switches users, disconnects at sign-out', async () => {
    mockFetch({ 'GET /api/realtime/config': () => jsonResponse(200, config) });
    let listener: (user: { id: number } | null) => void = () => undefined;
    followSession((next) => {
      listener = next;
      next(null);
      return () => undefined;
    });
    expect(fake.FakePusher.instances).toHaveLength(0);

    listener({ id: 7 });
    await vi.waitFor(() => expect(fake.FakePusher.instances).toHaveLength(1));
    listener({ id: 8 });
    await vi.waitFor(() => expect(fake.FakePusher.instances).toHaveLength(2));
    expect(fake.FakePusher.instances[0]!.disconnect).toHaveBeenCalled();
    expect([...latest().channels.keys()]).toEqual(['private-App.Models.User.8']);

    listener(null);
    expect(latest().disconnect).toHaveBeenCalled();
  });

  it('stops following the session at the end of the page: the connection closes and a later user connects nobody', async () => {
    mockFetch({ 'GET /api/realtime/config': () => jsonResponse(200, config) });
    let listener: (user: { id: number } | null) => void = () => undefined;
    const unsubscribe = vi.fn();
    const watch = vi.fn((next: (user: { id: number } | null) => void) => {
      listener = next;
      next({ id: 7 });
      return unsubscribe;
    });
    followSession(watch);
    followSession(watch);
    expect(watch).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(fake.FakePusher.instances).toHaveLength(1));

    stopFollowingSession();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(latest().disconnect).toHaveBeenCalled();

    followSession(watch);
    expect(watch).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(fake.FakePusher.instances).toHaveLength(2));
    listener(null);
    expect(latest().disconnect).toHaveBeenCalled();
  });

  describe('when the server terminates the socket (the user\'s sessions were ended)', () => {
    const terminated = { type: 'PusherError', data: { code: 4009, message: 'Connection terminated by the server' } };
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    });
    afterEach(() => vi.useRealTimers());

    async function connectedAs(userId: number, confirm: () => Promise<boolean>) {
      followSession(() => () => undefined, confirm);
      mockFetch({ 'GET /api/realtime/config': () => jsonResponse(200, config) });
      await connectRealtime(userId);
      latest().goTo('connected', '1.1');
      return latest();
    }

    /** What pusher-js does when the server terminates: the pusher:error, the same code again at the close, then gives up. */
    function terminate(pusher: InstanceType<typeof fake.FakePusher>) {
      pusher.connection.emit('error', terminated);
      pusher.connection.emit('error', terminated);
      pusher.goTo('disconnected');
    }

    it('reconnects a tab whose session the server kept, and announces it so the features refetch', async () => {
      const confirm = vi.fn(async () => true);
      const reconnected = vi.fn();
      const stop = onRealtimeReconnect(reconnected);
      const first = await connectedAs(7, confirm);

      terminate(first);
      await vi.waitFor(() => expect(fake.FakePusher.instances).toHaveLength(2));
      expect(confirm).toHaveBeenCalledTimes(1);
      expect(first.disconnect).toHaveBeenCalled();

      const second = latest();
      expect([...second.channels.keys()]).toEqual(['private-App.Models.User.7']);
      expect(second.signin).toHaveBeenCalled();
      second.goTo('connected', '2.2');
      expect(getSocketId()).toBe('2.2');
      expect(reconnected).toHaveBeenCalledTimes(1);
      stop();
    });

    it('keeps a socket that got a 4009 without being closed (a refused subscription)', async () => {
      const confirm = vi.fn(async () => true);
      const first = await connectedAs(8, confirm);
      first.connection.emit('error', terminated);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(confirm).not.toHaveBeenCalled();
      expect(first.disconnect).not.toHaveBeenCalled();
      // Ordinary drops are pusher-js's own business (it retries them).
      first.connection.emit('error', { type: 'PusherError', data: { code: 4201, message: 'Pong reply not received' } });
      first.goTo('unavailable');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(confirm).not.toHaveBeenCalled();
    });

    it('stays closed when the session is gone (its 401 signs the tab out)', async () => {
      const confirm = vi.fn(async () => false);
      const first = await connectedAs(9, confirm);
      terminate(first);
      await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fake.FakePusher.instances).toHaveLength(1);
      expect(first.disconnect).not.toHaveBeenCalled();
      expect(confirm).toHaveBeenCalledTimes(1);
    });

    it('asks again later when it could not tell (offline, a server error)', async () => {
      const confirm = vi.fn<() => Promise<boolean>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(true);
      const first = await connectedAs(10, confirm);
      terminate(first);
      await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
      expect(fake.FakePusher.instances).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(15_000);
      await vi.waitFor(() => expect(fake.FakePusher.instances).toHaveLength(2));
      expect(confirm).toHaveBeenCalledTimes(2);
    });

    it('does not chase a server that keeps terminating: 3 reconnections a minute, the next one a minute later', async () => {
      const confirm = vi.fn(async () => true);
      await connectedAs(11, confirm);
      for (let round = 1; round <= 3; round += 1) {
        latest().goTo('connected', `${round}.0`);
        terminate(latest());
        await vi.waitFor(() => expect(fake.FakePusher.instances).toHaveLength(round + 1));
      }
      latest().goTo('connected', '4.0');
      terminate(latest());
      await vi.advanceTimersByTimeAsync(30_000);
      expect(confirm).toHaveBeenCalledTimes(3);
      expect(fake.FakePusher.instances).toHaveLength(4);
      await vi.advanceTimersByTimeAsync(31_000);
      await vi.waitFor(() => expect(fake.FakePusher.instances).toHaveLength(5));
      expect(confirm).toHaveBeenCalledTimes(4);
    });
  });

  it('does not connect when sign-out comes before the settings arrive', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch({ 'GET /api/realtime/config': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const connecting = connectRealtime(9);
    disconnectRealtime();
    answer(jsonResponse(200, config));
    await connecting;
    expect(fake.FakePusher.instances).toHaveLength(0);
  });
});

describe('realtime and the auth store', () => {
  afterEach(() => {
    vi.resetModules();
    vi.unstubAllGlobals();
  });

  it('connects only once the signed-in user may use the portal, and disconnects at sign-out', async () => {
    fake.FakePusher.instances.length = 0;
    const heldUser = makeUser({ password_updated_check: false });
    const api = mockFetch({
      'GET /api/realtime/config': () => jsonResponse(200, config),
      'GET /api/user': () => jsonResponse(200, heldUser),
      'POST /api/logout': () => jsonResponse(204),
    });
    // Fresh modules: followSession follows one session per page, and the other tests already started one.
    vi.resetModules();
    const realtime = await import('./realtime');
    // The session is what followSession is given in the app (app/), so the test brings the real one in.
    // eslint-disable-next-line import/no-restricted-paths
    const { useAuthStore, watchSession } = await import('../stores/auth-store');
    realtime.followSession(watchSession);

    // Signed in but held on /update-password: the server would refuse the channel (403), so no connection.
    useAuthStore.getState().setUser(heldUser);
    // A connection would ask for its settings first. The page then reloads the user through the same HTTP client:
    // a request for the settings, had one been started, would be recorded before that one.
    expect((await useAuthStore.getState().fetchUser()).ok).toBe(true);
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/user']);
    expect(fake.FakePusher.instances).toHaveLength(0);

    // The password is changed: the same user may use the portal now.
    useAuthStore.getState().setUser(makeUser({ password_updated_check: true }));
    await vi.waitFor(() => expect(fake.FakePusher.instances).toHaveLength(1));
    expect([...latest().channels.keys()]).toEqual(['private-App.Models.User.7']);

    await useAuthStore.getState().logout(vi.fn());
    expect(latest().disconnect).toHaveBeenCalled();
    expect(realtime.getEcho()).toBeNull();
  });
});
