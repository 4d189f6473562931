import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { Queryable } from '../db/pool';
import { followReleaseScope } from '../releases/scope';
import { dataAnswer, paced } from './pacedStream';

/** Records read from the cursor at a time, and serialised and sent as one chunk. */
const BATCH_ROWS = 1000;
/** How long a whole list may take to read: far longer than any other statement may (pool.ts). */
const WHOLE_TIMEOUT_MS = 10 * 60_000;

/**
 * Whether `table` (a name of the server's own) has more than `limit` rows: read off at most
 * limit + 1 of them, so a few milliseconds whatever its size.
 */
export async function hasMoreRows(db: Queryable, table: string, limit: number): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} LIMIT ${limit + 1}) s`,
  );
  return rows[0].n > limit;
}

/**
 * A whole list too large to keep in memory as one answer (a million interactions' JSON, and
 * reading them in one statement outlasts its timeout), as the JSON answer `{ data }`
 * produced as the client reads it: `sql` (the list's statement, in its order) is read through a
 * cursor, BATCH_ROWS rows at a time, in one read-only snapshot; `records` turns each batch of rows
 * into the answer's records (by default the rows themselves); `serialize` writes `{ data }` for
 * one batch (the contract's serializer), and the batches' arrays are joined into one. The server
 * answers other requests between two batches, and holds one at a time. The connection goes back
 * to the pool when the answer ends, and is closed when it fails or the client goes away.
 */
export async function streamWhole<R extends pg.QueryResultRow>(
  db: pg.Pool,
  serialize: (answer: { data: unknown[] }) => string,
  sql: string,
  records: (client: pg.PoolClient, rows: R[]) => Promise<unknown[]> = async (_client, rows) => rows,
): Promise<Readable> {
  const client = await db.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await followReleaseScope(client);
    await client.query(`SET LOCAL statement_timeout = ${WHOLE_TIMEOUT_MS}`);
    await client.query(`DECLARE whole_list NO SCROLL CURSOR FOR ${sql}`);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  return paced(
    dataAnswer(
      (async function* batches() {
        let done = false;
        try {
          for (;;) {
            const { rows } = await client.query<R>(`FETCH FORWARD ${BATCH_ROWS} FROM whole_list`);
            if (rows.length === 0) break;
            yield await records(client, rows);
          }
          await client.query('COMMIT');
          done = true;
        } finally {
          // Ended early (an error, or the client went away): the connection, mid-transaction, is
          // closed rather than given back.
          client.release(!done);
        }
      })(),
      serialize,
    ),
  );
}
