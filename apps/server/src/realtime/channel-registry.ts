import type { MemberEvent } from './presence-store.ts';
import { encodeFrame } from './protocol.ts';
import type { BusEvent } from './redis-coordinator.ts';
import type { Connection } from './connection.ts';

/** The map's value for `key`, created (and kept) on first use. */
export function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

type EventEnvelope = Record<string, unknown>;

/** A presence channel's member event as the Pusher protocol frames it. */
export function memberEventFrame(event: MemberEvent): string {
  return event.kind === 'added'
    ? encodeFrame('pusher_internal:member_added', { user_id: event.member.userId, user_info: event.member.userInfo }, event.channel)
    : encodeFrame('pusher_internal:member_removed', { user_id: event.userId }, event.channel);
}

/**
 * Which sockets of this process are on each channel (and which are still joining a presence channel), and the delivery
 * of events to them: the part of the realtime server (realtime-server.ts) that fans out, kept apart from the protocol's
 * message handling. `send` is the server's one way to write a frame to a socket; `onSubscriptionCount` tells the
 * Redis coordinator (several processes) how many local sockets a channel has.
 */
export class ChannelRegistry {
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly pendingPresence = new Map<string, Set<Connection>>();

  constructor(private readonly deps: { send(connection: Connection, frame: string | Buffer): void; onSubscriptionCount(channel: string, count: number): void }) {}

  /** How many channels have a subscriber here. */
  get channelCount(): number {
    return this.subscribers.size;
  }

  subscriptionCount(channel: string): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  add(connection: Connection, channel: string): void {
    connection.channels.add(channel);
    const set = getOrCreate(this.subscribers, channel, () => new Set<Connection>());
    set.add(connection);
    this.deps.onSubscriptionCount(channel, set.size);
  }

  remove(connection: Connection, channel: string): void {
    connection.channels.delete(channel);
    const set = this.subscribers.get(channel);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.subscribers.delete(channel);
    this.deps.onSubscriptionCount(channel, set.size);
  }

  /** A presence join in flight: member events of the channel are queued on the socket until its member list is known. */
  addPending(connection: Connection, channel: string): void {
    getOrCreate(this.pendingPresence, channel, () => new Set<Connection>()).add(connection);
  }

  removePending(connection: Connection, channel: string): void {
    connection.pendingPresence?.delete(channel);
    const set = this.pendingPresence.get(channel);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.pendingPresence.delete(channel);
  }

  /** Sends an event to this process's subscribers. Each frame is encoded once and shared by every socket. */
  deliver(event: BusEvent): void {
    for (const channel of new Set(event.channels)) {
      const set = this.subscribers.get(channel);
      if (!set || set.size === 0) continue;
      const envelope: EventEnvelope = { event: event.event, channel, data: event.data };
      if (event.userId !== undefined) envelope.user_id = event.userId;
      const frame = Buffer.from(JSON.stringify(envelope), 'utf8');
      for (const connection of set) {
        if (connection.id !== event.excludeSocketId) this.deps.send(connection, frame);
      }
    }
  }

  deliverMemberEvent(event: MemberEvent): void {
    const set = this.subscribers.get(event.channel);
    if (set && set.size > 0) {
      const frame = memberEventFrame(event);
      for (const connection of set) {
        if (event.kind === 'added' && connection.id === event.excludeSocketId) continue;
        // With Redis, an event published just before this socket's join can arrive after the join's reply
        // (pub/sub and commands use different connections); its member list already reflects it.
        const joined = connection.presence?.get(event.channel);
        if (joined && event.version <= joined.version) continue;
        this.deps.send(connection, frame);
      }
    }
    const pending = this.pendingPresence.get(event.channel);
    if (pending) {
      for (const connection of pending) connection.pendingPresence?.get(event.channel)?.push(event);
    }
  }
}
