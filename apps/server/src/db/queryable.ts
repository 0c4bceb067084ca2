import type pg from 'pg';

/**
 * What a repository function runs its SQL on: the pool, or a client checked out of it for a transaction.
 * With the embedded database the pool has one connection, so code inside a transaction must use the
 * client it was given and never the pool (that would wait for the connection the transaction holds).
 */
export type Queryable = pg.Pool | pg.PoolClient;

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
