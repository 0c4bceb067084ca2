import type { WebSocket } from 'ws';
import type { MemberEvent } from './presence-store.ts';
import type { PresenceMember } from './protocol.ts';

/** One websocket of this process (realtime-server.ts): its channels, presence memberships, user and rate limit. */
export class Connection {
  /** Channels whose subscription succeeded. */
  readonly channels = new Set<string>();
  /**
   * Presence channel → the member this socket joined as, and the membership version its member list
   * reflected; member events up to that version are already in the list. Created on first use: most
   * sockets never join a presence channel.
   */
  presence: Map<string, { member: PresenceMember; version: number }> | undefined;
  /** Presence joins in flight → member events that arrived meanwhile, replayed after the member list. */
  pendingPresence: Map<string, MemberEvent[]> | undefined;
  /** Set by a successful `pusher:signin`. */
  userId: string | undefined;
  lastSeen: number;
  pingSentAt = 0;
  tokens: number;
  tokensAt: number;
  closed = false;

  constructor(
    readonly id: string,
    readonly ws: WebSocket,
    now: number,
    tokens: number,
  ) {
    this.lastSeen = now;
    this.tokens = tokens;
    this.tokensAt = now;
  }
}
