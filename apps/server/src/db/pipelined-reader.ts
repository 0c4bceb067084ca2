import pg from 'pg';

/** What a short read runs on: `query` of a statement, as pg.Pool has it. */
export interface ReadQueryable {
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<Row>>;
}

export interface PipelinedReader extends ReadQueryable {
  /** Ends the connections once their queries are answered; later queries are refused. */
  close(): Promise<void>;
}

export interface PipelinedReaderOptions {
  /** connections of the reader's own (beside the pool's), at least 1 */
  connections: number;
  /** queries waiting on one connection at most; beyond that a query goes to `overflow` */
  maxDepth: number;
  /** where a query goes when every connection is that deep, and where a read cut off by a lost connection is retried */
  overflow: ReadQueryable;
}

/** `application_name` of the reader's connections, for pg_stat_activity. */
export const PIPELINED_APPLICATION_NAME = 'portal-pipelined-reader';

/** After a connection could not be opened, its reads go to the overflow for this long before it is tried again. */
export const RECONNECT_DELAY_MS = 1_000;
/** Opening a connection that takes longer fails (and its reads go to the overflow). */
const CONNECT_TIMEOUT_MS = 5_000;

interface Slot {
  client: pg.Client | null;
  connecting: Promise<pg.Client> | null;
  /** queries sent on this slot's connection and not answered yet */
  depth: number;
  /** when opening the connection last failed (ms since the epoch) */
  failedAt: number;
}

/**
 * Short read-only statements on a few pipelined connections (node-postgres' `pipeline: true`). A query is written
 * at once on the connection with the fewest unanswered ones, instead of waiting in the pool for a connection of its
 * own; PostgreSQL answers each (its own Sync, so its own implicit transaction) in order. Under load a backend then
 * finds the next queries already in its socket and the server reads several answers at a time: fewer wake-ups and
 * system calls on both sides for the same statements (docs/decisions-bookings.md, Throughput).
 *
 * Only for statements that take well under a millisecond, since a slow one delays those queued behind it on its
 * connection, and never for a transaction (its statements need one connection to themselves) or a cursor.
 *
 * A connection that fails is dropped and opened again by the next query. The reads it cut off (the one running and
 * those queued behind it) are run once more on `overflow`: they only read, so running one twice changes nothing.
 * A connection that cannot be opened (the server at max_connections, say) sends its reads to `overflow`, whose
 * connections are already open, and is tried again after RECONNECT_DELAY_MS.
 */
export function createPipelinedReader(connection: pg.ClientConfig, options: PipelinedReaderOptions): PipelinedReader {
  if (!Number.isInteger(options.connections) || options.connections < 1) throw new Error('pipelined reader: at least one connection');
  const slots: Slot[] = Array.from({ length: options.connections }, () => ({ client: null, connecting: null, depth: 0, failedAt: 0 }));
  /** clients whose connection was lost (they emitted 'error' or 'end') */
  const lost = new WeakSet<pg.Client>();
  let closed = false;

  function connect(slot: Slot): Promise<pg.Client> {
    if (slot.client) return Promise.resolve(slot.client);
    if (slot.connecting) return slot.connecting;
    const client = new pg.Client({
      application_name: PIPELINED_APPLICATION_NAME,
      // A server that stops answering must not hold the reads queued on the connection for the OS's TCP timeout.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...connection,
      pipeline: true,
    });
    const onLost = () => {
      lost.add(client);
      if (slot.client === client) slot.client = null;
    };
    // A lost connection emits 'error' (which must be listened to, or it would end the process) and 'end'.
    client.on('error', onLost);
    client.on('end', onLost);
    slot.connecting = client.connect().then(
      () => {
        slot.connecting = null;
        // Kept even when closed meanwhile: close() ends it.
        slot.client = client;
        if (closed) throw new Error('pipelined reader: closed');
        return client;
      },
      (error: unknown) => {
        slot.connecting = null;
        slot.failedAt = Date.now();
        throw error;
      },
    );
    return slot.connecting;
  }

  /** Takes the slot's client out of use and closes it, once the reads already sent on it are answered. */
  function retire(slot: Slot, client: pg.Client): void {
    if (slot.client === client) slot.client = null;
    void client.end().catch(() => {});
  }

  /** The connection with the fewest unanswered reads, leaving out those resting after a failed connect. */
  function pickSlot(): Slot | null {
    const now = Date.now();
    let best: Slot | null = null;
    for (const slot of slots) {
      const resting = slot.client === null && slot.connecting === null && now - slot.failedAt < RECONNECT_DELAY_MS;
      if (!resting && (best === null || slot.depth < best.depth)) best = slot;
    }
    return best;
  }

  return {
    async query<Row extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<Row>> {
      if (closed) throw new Error('pipelined reader: closed');
      const slot = pickSlot();
      if (slot === null || slot.depth >= options.maxDepth) return options.overflow.query<Row>(config);
      slot.depth += 1;
      let client: pg.Client | undefined;
      try {
        client = await connect(slot);
      } catch (error) {
        if (closed) throw error;
        return options.overflow.query<Row>(config);
      } finally {
        if (client === undefined) slot.depth -= 1;
      }
      try {
        return await client.query<Row>(config);
      } catch (error) {
        if (!(await lostConnection(error, client))) throw error;
        retire(slot, client);
        return options.overflow.query<Row>(config);
      } finally {
        slot.depth -= 1;
      }
    },

    async close() {
      closed = true;
      // A connection being opened is kept by connect() and ended here with the others.
      await Promise.all(slots.map((slot) => slot.connecting?.catch(() => null)));
      await Promise.all(slots.map((slot) => slot.client?.end().catch(() => {})));
    },
  };

  /**
   * Whether a query failed because its connection did, not because of its own statement. A server that drops a
   * connection says so with a FATAL error (57P01 when its backend is terminated) or one of class 08 (connection
   * exception). The reads queued behind it get node-postgres' own errors ('Connection terminated unexpectedly'),
   * which carry no SQLSTATE; so do errors of a read's own (a value that cannot be sent, say) on a sound connection.
   * These two are told apart by whether the client reported its connection lost, which it does (on the next tick)
   * before or right after rejecting the reads.
   */
  async function lostConnection(error: unknown, client: pg.Client): Promise<boolean> {
    if (error instanceof pg.DatabaseError) {
      return error.severity === 'FATAL' || error.severity === 'PANIC' || (error.code?.startsWith('08') ?? false);
    }
    if (!lost.has(client)) await new Promise((resolve) => setImmediate(resolve));
    return lost.has(client);
  }
}
