import type { PresenceMember } from './protocol.ts';

/**
 * Who is on each presence channel. Two implementations: this in-memory one for a single process, and
 * `RedisCoordinator` for several processes sharing one Redis (see redis-coordinator.ts).
 *
 * A user with several sockets counts once: `member_added` goes out when their first socket joins and
 * `member_removed` when their last one leaves. Events carry a per-channel `version` that increases with
 * every membership change, so a socket whose join is still in flight can replay exactly the events that
 * happened after the member list it was given (see `subscribePresence` in realtime-server.ts).
 */
export type MemberEvent =
  | { kind: 'added'; channel: string; member: PresenceMember; excludeSocketId: string; version: number }
  | { kind: 'removed'; channel: string; userId: string; version: number };

export interface PresenceJoinResult {
  /** The member list right after the join, this socket's user included. */
  members: PresenceMember[];
  version: number;
}

export interface PresenceStore {
  join(channel: string, socketId: string, member: PresenceMember): Promise<PresenceJoinResult>;
  leave(channel: string, socketId: string, userId: string): Promise<void>;
  members(channel: string): Promise<PresenceMember[]>;
}

interface LocalChannelState {
  version: number;
  /** userId → the member as first seen, and the sockets it is present with. */
  users: Map<string, { member: PresenceMember; sockets: Set<string> }>;
}

export class LocalPresenceStore implements PresenceStore {
  private readonly channels = new Map<string, LocalChannelState>();

  constructor(private readonly onMemberEvent: (event: MemberEvent) => void) {}

  async join(channel: string, socketId: string, member: PresenceMember): Promise<PresenceJoinResult> {
    let state = this.channels.get(channel);
    if (!state) {
      state = { version: 0, users: new Map() };
      this.channels.set(channel, state);
    }
    state.version += 1;
    let user = state.users.get(member.userId);
    if (!user) {
      user = { member, sockets: new Set() };
      state.users.set(member.userId, user);
      this.onMemberEvent({ kind: 'added', channel, member, excludeSocketId: socketId, version: state.version });
    }
    user.sockets.add(socketId);
    return { members: [...state.users.values()].map((entry) => entry.member), version: state.version };
  }

  async leave(channel: string, socketId: string, userId: string): Promise<void> {
    const state = this.channels.get(channel);
    const user = state?.users.get(userId);
    if (!state || !user || !user.sockets.delete(socketId)) return;
    if (user.sockets.size > 0) return;
    state.users.delete(userId);
    state.version += 1;
    this.onMemberEvent({ kind: 'removed', channel, userId, version: state.version });
    // Nobody can be waiting on an empty channel's version, so forgetting it cannot confuse a replay.
    if (state.users.size === 0) this.channels.delete(channel);
  }

  async members(channel: string): Promise<PresenceMember[]> {
    const state = this.channels.get(channel);
    return state ? [...state.users.values()].map((entry) => entry.member) : [];
  }
}
