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
  let closed = false;

  function connect(slot: Slot): Promise<pg.Client> {
    if (slot.client) return Promise.resolve(slot.client);
    if (slot.connecting) return slot.connecting;
    const client = new pg.Client({ application_name: PIPELINED_APPLICATION_NAME, ...connection, pipeline: true });
    const drop = () => {
      if (slot.client === client) slot.client = null;
    };
    // A lost connection emits 'error' (which must be listened to, or it would end the process) and 'end'.
    client.on('error', drop);
    client.on('end', drop);
    slot.connecting = client.connect().then(
      () => {
        slot.connecting = null;
        if (closed) {
          void client.end().catch(() => {});
          throw new Error('pipelined reader: closed');
        }
        slot.client = client;
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

  return {
    async query<Row extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<Row>> {
      if (closed) throw new Error('pipelined reader: closed');
      let slot = slots[0]!;
      for (const candidate of slots) if (candidate.depth < slot.depth) slot = candidate;
      const resting = slot.client === null && Date.now() - slot.failedAt < RECONNECT_DELAY_MS;
      if (slot.depth >= options.maxDepth || resting) return options.overflow.query<Row>(config);
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
        if (!lostConnection(error)) throw error;
        // Stop sending on it now: its 'end' may come a moment after the queries' errors.
        if (slot.client === client) slot.client = null;
        return options.overflow.query<Row>(config);
      } finally {
        slot.depth -= 1;
      }
    },

    async close() {
      closed = true;
      const clients = await Promise.all(slots.map((slot) => slot.client ?? slot.connecting?.catch(() => null) ?? null));
      await Promise.all(clients.map((client) => client?.end().catch(() => {})));
    },
  };
}

/**
 * Whether a query failed because its connection did (not because of its SQL): node-postgres' own errors for a
 * connection that ended or broke carry no SQLSTATE, and a server that drops a connection says so with a FATAL
 * error (57P01 when a backend is terminated) or one of class 08 (connection exception).
 */
function lostConnection(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  return error.severity === 'FATAL' || error.severity === 'PANIC' || (error.code?.startsWith('08') ?? false);
}
