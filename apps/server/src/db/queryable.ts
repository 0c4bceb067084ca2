import type pg from 'pg';

/**
 * The one data-access style of the server (docs/recipe-new-area.md): repository functions take a `Queryable` first
 * and run parameterised SQL on it. It is the pool, or a client checked out of it for a transaction (inTransaction),
 * so one function serves both. With the embedded database the pool has one connection, so code inside a
 * transaction must use the client it was given and never the pool (that would wait for the connection the
 * transaction holds).
 */
export type Queryable = Pick<pg.Pool, 'query'>;

/** Runs `work` in a transaction on one pooled client: COMMIT when it resolves, ROLLBACK when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Escapes LIKE's wildcards so that a search for '50%' or 'a_b' means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern matching `text` anywhere (wildcards in it escaped), for `column ILIKE $n`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

export interface PageQuery {
  /** The select list of a row, e.g. 'n.id, n.title, n.created_at'. Written by the repository, never from input. */
  select: string;
  /** The FROM clause, e.g. 'notifications n'. */
  from: string;
  /**
   * The WHERE clause, scoping included ('n.user_id = $1 AND …'): authorisation happens inside the query. Input only
   * ever reaches it as $n parameters, in `values`.
   */
  where: string;
  values: unknown[];
  /** The ORDER BY clause; end it with a unique column so pages never overlap. */
  orderBy: string;
  page: number;
  perPage: number;
}

/**
 * The list kit's repository pattern: one page of rows and the total that matches, as two plain statements (a
 * count and a LIMIT/OFFSET page). An area uses this unless it has a measured reason not to (bookings has one:
 * modules/bookings/README.md).
 */
export async function queryPage<Row extends pg.QueryResultRow>(db: Queryable, query: PageQuery): Promise<{ rows: Row[]; total: number }> {
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${query.from} WHERE ${query.where}`, query.values);
  const total = count.rows[0]?.total ?? 0;
  const offset = (query.page - 1) * query.perPage;
  // Past the end there is nothing to read.
  if (offset >= total) return { rows: [], total };
  const limit = query.values.length + 1;
  const page = await db.query<Row>(
    `SELECT ${query.select} FROM ${query.from} WHERE ${query.where} ORDER BY ${query.orderBy} LIMIT $${limit} OFFSET $${limit + 1}`,
    [...query.values, query.perPage, offset],
  );
  return { rows: page.rows, total };
}
