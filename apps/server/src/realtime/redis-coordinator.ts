import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { PresenceMember } from './protocol.ts';
import type { MemberEvent, PresenceJoinResult, PresenceStore } from './presence-store.ts';
import type { RealtimeLogger } from './realtime-server.ts';

/**
 * Several server processes behind a load balancer share the realtime service through one Redis.
 *
 * Fan-out: every event (HTTP API publish, `publish()`, client event) is delivered to this process's sockets at
 * once and published on one pub/sub channel, `{prefix}:bus`; the other processes deliver it to theirs and
 * each process ignores its own messages. One connection publishes and runs commands, one only subscribes
 * (a subscribed Redis connection cannot run other commands).
 *
 * Presence: membership lives in Redis so every process sees whole member lists. One hash per presence
 * channel, `{prefix}:presence:{channel}`, holds one field per socket, `{processId}|{socketId}` →
 * `{"user_id","user_info"}`. Joining and leaving run as Lua scripts, so "is this the user's first socket /
 * was it the last one" is decided atomically across processes, and the script itself publishes
 * `member_added` / `member_removed` on the bus. Because Redis runs scripts one at a time, bus order is the
 * order of membership changes; each change also increments `{prefix}:presence-version:{channel}`, and the
 * version rides on the event so a socket can drop events its member list already reflects (the join's reply
 * and the bus travel on different connections, so either may arrive first). Version keys are never reset,
 * not even when a channel empties, so an event delayed across an empty moment cannot look new; that leaves
 * one small counter per presence channel name (one per referral agent here).
 *
 * Crashed processes: each process refreshes `{prefix}:alive:{processId}` (TTL 3 heartbeats) and is listed in
 * `{prefix}:processes`; it records the presence channels it joined in `{prefix}:process-channels:{processId}`.
 * Every heartbeat, each process looks for listed processes whose alive key expired and runs the reap script
 * for them: it deletes their sockets' fields and publishes `member_removed` for users left with no socket.
 * The script re-checks the alive key, and reaping twice is harmless. If this process itself was paused long
 * enough to be reaped, its next heartbeat notices (the alive key was gone) and `onResync` re-joins its members.
 * Stale members of a crashed process therefore disappear within about three heartbeats (15 s by default).
 *
 * Subscription counts for the HTTP API's channel info: each process keeps `{prefix}:subscriptions:{processId}`
 * (channel → local subscriber count); a query sums the live processes' hashes.
 *
 * The scripts touch keys they compute, which a single Redis (or a primary with replicas) allows; Redis Cluster
 * would need hash tags and is not supported.
 */

export interface BusEvent {
  channels: string[];
  event: string;
  /** A string for server events; client events relay whatever JSON value the client sent. */
  data: unknown;
  /** Presence channels: the sender of a client event. */
  userId?: string;
  /** to-others: the socket that must not receive it. */
  excludeSocketId?: string;
}

export interface RedisCoordinatorOptions {
  url: string;
  prefix: string;
  processId: string;
  logger: RealtimeLogger;
  heartbeatMs?: number;
  onEvent(event: BusEvent): void;
  onMemberEvent(event: MemberEvent): void;
  onTerminateUser(userId: string): void;
  /** This process's presence entries were reaped while it was alive: re-join every local member. */
  onResync(): void;
}

interface LuaScript {
  source: string;
  sha: string;
}

function luaScript(source: string): LuaScript {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

/** KEYS: hash, version, process-channels. ARGV: field, userId, member JSON, bus, channel, added-event JSON. */
const JOIN_SCRIPT = luaScript(`
local all = redis.call('HGETALL', KEYS[1])
local present = false
for i = 1, #all, 2 do
  if all[i] ~= ARGV[1] then
    local ok, member = pcall(cjson.decode, all[i + 1])
    if ok and member.user_id == ARGV[2] then
      present = true
      break
    end
  end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('SADD', KEYS[3], ARGV[5])
local version = redis.call('INCR', KEYS[2])
if not present then
  redis.call('PUBLISH', ARGV[4], '{"v":' .. version .. ',' .. string.sub(ARGV[6], 2))
end
return {version, redis.call('HVALS', KEYS[1])}
`);

/** KEYS: hash, version. ARGV: field, userId, bus, removed-event JSON. */
const LEAVE_SCRIPT = luaScript(`
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then
  return 0
end
local values = redis.call('HVALS', KEYS[1])
for _, value in ipairs(values) do
  local ok, member = pcall(cjson.decode, value)
  if ok and member.user_id == ARGV[2] then
    return 0
  end
end
local version = redis.call('INCR', KEYS[2])
redis.call('PUBLISH', ARGV[3], '{"v":' .. version .. ',' .. string.sub(ARGV[4], 2))
return 1
`);

/** KEYS: process-channels, processes, alive, subscriptions (all of the dead process). ARGV: pid, key prefix, bus. */
const REAP_SCRIPT = luaScript(`
if redis.call('EXISTS', KEYS[3]) == 1 then
  return -1
end
local marker = ARGV[1] .. '|'
local channels = redis.call('SMEMBERS', KEYS[1])
for _, channel in ipairs(channels) do
  local hashKey = ARGV[2] .. 'presence:' .. channel
  local versionKey = ARGV[2] .. 'presence-version:' .. channel
  local all = redis.call('HGETALL', hashKey)
  local gone = {}
  local staying = {}
  for i = 1, #all, 2 do
    local ok, member = pcall(cjson.decode, all[i + 1])
    local userId = nil
    if ok and type(member) == 'table' then userId = member.user_id end
    if string.sub(all[i], 1, #marker) == marker then
      redis.call('HDEL', hashKey, all[i])
      if userId then gone[userId] = true end
    elseif userId then
      staying[userId] = true
    end
  end
  for userId in pairs(gone) do
    if not staying[userId] then
      local version = redis.call('INCR', versionKey)
      redis.call('PUBLISH', ARGV[3], cjson.encode({v = version, t = 'removed', c = channel, u = userId}))
    end
  end
end
redis.call('DEL', KEYS[1], KEYS[4])
redis.call('SREM', KEYS[2], ARGV[1])
return #channels
`);

type BusMessage =
  | { t: 'event'; o: string; c: string[]; e: string; d: unknown; u?: string; x?: string }
  | { t: 'added'; v: number; c: string; m: { user_id: string; user_info: unknown }; x: string }
  | { t: 'removed'; v: number; c: string; u: string }
  | { t: 'terminate'; o: string; u: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodeMember(json: string): PresenceMember | null {
  try {
    const value: unknown = JSON.parse(json);
    if (!isRecord(value) || typeof value.user_id !== 'string') return null;
    return { userId: value.user_id, userInfo: value.user_info ?? null };
  } catch {
    return null;
  }
}

export class RedisCoordinator implements PresenceStore {
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly keyPrefix: string;
  private readonly busChannel: string;
  private readonly heartbeatMs: number;
  private readonly readyPromise: Promise<void>;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private heartbeats = 0;
  private closed = false;

  constructor(private readonly options: RedisCoordinatorOptions) {
    this.keyPrefix = `${options.prefix}:`;
    this.busChannel = `${options.prefix}:bus`;
    this.heartbeatMs = options.heartbeatMs ?? 5000;
    // Auto-pipelining batches the many small HSETs of subscription counts when thousands of sockets connect.
    this.commands = new Redis(options.url, { enableAutoPipelining: true, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(options.url, { maxRetriesPerRequest: 3 });
    for (const [role, connection] of [['commands', this.commands], ['subscriber', this.subscriber]] as const) {
      connection.on('error', (error: Error) => {
        if (!this.closed) options.logger.warn({ err: error, role }, 'realtime: redis connection error');
      });
    }
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.busChannel) this.handleBusMessage(message);
    });
    this.readyPromise = this.start();
    // The caller awaits ready(); this only keeps a failed start from being an unhandled rejection.
    this.readyPromise.catch(() => undefined);
  }

  ready(): Promise<void> {
    return this.readyPromise;
  }

  private async start(): Promise<void> {
    await this.subscriber.subscribe(this.busChannel);
    await this.heartbeat();
    this.heartbeatTimer = setInterval(() => {
      this.heartbeat().catch((error: unknown) => {
        if (!this.closed) this.options.logger.warn({ err: error }, 'realtime: redis heartbeat failed');
      });
    }, this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  private key(name: string): string {
    return this.keyPrefix + name;
  }

  private presenceField(socketId: string): string {
    return `${this.options.processId}|${socketId}`;
  }

  private async heartbeat(): Promise<void> {
    const { processId } = this.options;
    const previous = await this.commands.set(this.key(`alive:${processId}`), '1', 'PX', this.heartbeatMs * 3, 'GET');
    await this.commands.sadd(this.key('processes'), processId);
    this.heartbeats += 1;
    if (previous === null && this.heartbeats > 1) {
      this.options.logger.warn({ processId }, 'realtime: this process was presumed dead; re-joining its presence members');
      this.options.onResync();
    }
    await this.reapDeadProcesses();
  }

  private async reapDeadProcesses(): Promise<void> {
    const processIds = (await this.commands.smembers(this.key('processes'))).filter((id) => id !== this.options.processId);
    if (processIds.length === 0) return;
    const alive = await Promise.all(processIds.map((id) => this.commands.exists(this.key(`alive:${id}`))));
    for (const [index, processId] of processIds.entries()) {
      if (alive[index] === 1) continue;
      const result = await this.reap(processId);
      if (typeof result === 'number' && result >= 0) {
        this.options.logger.info({ processId, presenceChannels: result }, 'realtime: reaped a dead process');
      }
    }
  }

  private reap(processId: string): Promise<unknown> {
    return this.runScript(
      REAP_SCRIPT,
      [
        this.key(`process-channels:${processId}`),
        this.key('processes'),
        this.key(`alive:${processId}`),
        this.key(`subscriptions:${processId}`),
      ],
      [processId, this.keyPrefix, this.busChannel],
    );
  }

  private async runScript(script: LuaScript, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await this.commands.evalsha(script.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('NOSCRIPT')) {
        return this.commands.eval(script.source, keys.length, ...keys, ...args);
      }
      throw error;
    }
  }

  private handleBusMessage(raw: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch (error) {
      this.options.logger.warn({ err: error }, 'realtime: unreadable bus message');
      return;
    }
    try {
      switch (message.t) {
        case 'event':
          if (message.o === this.options.processId) return;
          this.options.onEvent({
            channels: message.c,
            event: message.e,
            data: message.d,
            ...(message.u === undefined ? {} : { userId: message.u }),
            ...(message.x === undefined ? {} : { excludeSocketId: message.x }),
          });
          return;
        case 'added':
          this.options.onMemberEvent({
            kind: 'added',
            channel: message.c,
            member: { userId: message.m.user_id, userInfo: message.m.user_info ?? null },
            excludeSocketId: message.x,
            version: message.v,
          });
          return;
        case 'removed':
          this.options.onMemberEvent({ kind: 'removed', channel: message.c, userId: message.u, version: message.v });
          return;
        case 'terminate':
          if (message.o !== this.options.processId) this.options.onTerminateUser(message.u);
          return;
      }
    } catch (error) {
      this.options.logger.error({ err: error }, 'realtime: failed to handle a bus message');
    }
  }

  async publishEvent(event: BusEvent): Promise<void> {
    const message: BusMessage = { t: 'event', o: this.options.processId, c: event.channels, e: event.event, d: event.data };
    if (event.userId !== undefined) message.u = event.userId;
    if (event.excludeSocketId !== undefined) message.x = event.excludeSocketId;
    await this.commands.publish(this.busChannel, JSON.stringify(message));
  }

  async terminateUser(userId: string): Promise<void> {
    const message: BusMessage = { t: 'terminate', o: this.options.processId, u: userId };
    await this.commands.publish(this.busChannel, JSON.stringify(message));
  }

  async join(channel: string, socketId: string, member: PresenceMember): Promise<PresenceJoinResult> {
    await this.readyPromise;
    const memberJson = JSON.stringify({ user_id: member.userId, user_info: member.userInfo ?? null });
    const addedJson = JSON.stringify({
      t: 'added',
      c: channel,
      m: { user_id: member.userId, user_info: member.userInfo ?? null },
      x: socketId,
    });
    const result = await this.runScript(
      JOIN_SCRIPT,
      [this.key(`presence:${channel}`), this.key(`presence-version:${channel}`), this.key(`process-channels:${this.options.processId}`)],
      [this.presenceField(socketId), member.userId, memberJson, this.busChannel, channel, addedJson],
    );
    if (!Array.isArray(result) || typeof result[0] !== 'number' || !Array.isArray(result[1])) {
      throw new Error('realtime: unexpected reply from the presence join script');
    }
    const members: PresenceMember[] = [];
    for (const value of result[1] as unknown[]) {
      const decoded = typeof value === 'string' ? decodeMember(value) : null;
      if (decoded) members.push(decoded);
    }
    return { members, version: result[0] };
  }

  async leave(channel: string, socketId: string, userId: string): Promise<void> {
    const removedJson = JSON.stringify({ t: 'removed', c: channel, u: userId });
    await this.runScript(
      LEAVE_SCRIPT,
      [this.key(`presence:${channel}`), this.key(`presence-version:${channel}`)],
      [this.presenceField(socketId), userId, this.busChannel, removedJson],
    );
  }

  async members(channel: string): Promise<PresenceMember[]> {
    const values = await this.commands.hvals(this.key(`presence:${channel}`));
    const members: PresenceMember[] = [];
    for (const value of values) {
      const decoded = decodeMember(value);
      if (decoded) members.push(decoded);
    }
    return members;
  }

  /** Records this process's subscriber count of a channel; fire and forget, last write wins per channel. */
  setLocalSubscriptionCount(channel: string, count: number): void {
    const key = this.key(`subscriptions:${this.options.processId}`);
    const write = count > 0 ? this.commands.hset(key, channel, count) : this.commands.hdel(key, channel);
    write.catch((error: unknown) => {
      if (!this.closed) this.options.logger.warn({ err: error, channel }, 'realtime: could not record a subscription count');
    });
  }

  async subscriptionCount(channel: string): Promise<number> {
    const processIds = await this.commands.smembers(this.key('processes'));
    const counts = await Promise.all(
      processIds.map(async (processId) => {
        const [alive, count] = await Promise.all([
          this.commands.exists(this.key(`alive:${processId}`)),
          this.commands.hget(this.key(`subscriptions:${processId}`), channel),
        ]);
        return alive === 1 && count !== null ? Number(count) : 0;
      }),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Call after every local socket has left its presence channels, so the leaves are published first. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    const { processId } = this.options;
    try {
      await this.readyPromise;
      // Reaping ourselves removes whatever a failed leave may have left behind, with the same script and events.
      await this.commands.del(this.key(`alive:${processId}`));
      await this.reap(processId);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'realtime: could not remove this process from redis');
    }
    await Promise.allSettled([this.subscriber.quit(), this.commands.quit()]);
  }
}
