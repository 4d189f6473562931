import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type pg from 'pg';
import type { Queryable } from '../db/pool';

/** Records read from the cursor at a time, and serialised and sent as one chunk. */
const BATCH_ROWS = 1000;
/** How long a whole list may take to read: far longer than any other statement may (pool.ts). */
const WHOLE_TIMEOUT_MS = 10 * 60_000;
const JSON_START = '{"data":[';
const JSON_END = ']}';

/**
 * Whether `table` has more than `limit` rows: read off at most limit + 1 of them, so a few
 * milliseconds whatever its size.
 */
export async function hasMoreRows(db: Queryable, table: string, limit: number): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} LIMIT ${limit + 1}) s`,
  );
  return rows[0].n > limit;
}

/**
 * A whole list too large to keep in memory as one answer (a million interactions are 339 MB of
 * JSON, and reading them in one statement outlasts its timeout), as the JSON answer `{ data }`
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
    await client.query(`SET LOCAL statement_timeout = ${WHOLE_TIMEOUT_MS}`);
    await client.query(`DECLARE whole_list NO SCROLL CURSOR FOR ${sql}`);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  const items = (data: unknown[]) => {
    const text = serialize({ data });
    if (!text.startsWith(JSON_START) || !text.endsWith(JSON_END)) {
      throw new Error(`Unexpected serialisation of a list: ${text.slice(0, 40)}`);
    }
    return text.slice(JSON_START.length, -JSON_END.length);
  };
  return Readable.from(
    (async function* batches() {
      let done = false;
      try {
        yield JSON_START;
        for (let first = true; ; first = false) {
          const { rows } = await client.query<R>(`FETCH FORWARD ${BATCH_ROWS} FROM whole_list`);
          if (rows.length === 0) break;
          const data = await records(client, rows);
          yield `${first ? '' : ','}${items(data)}`;
          await setImmediate();
        }
        yield JSON_END;
        await client.query('COMMIT');
        done = true;
      } finally {
        // Ended early (an error, or the client went away): the connection, mid-transaction, is
        // closed rather than given back.
        client.release(!done);
      }
    })(),
    // One batch ahead of the client, not Readable.from's 16.
    { highWaterMark: 1 },
  );
}
