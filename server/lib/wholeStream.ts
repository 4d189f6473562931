import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { Queryable } from '../db/pool';
import { followReleaseScope } from '../releases/scope';
import { connectForExport, readerIdleMs } from './exportLimits';
import { dataAnswer, paced } from './pacedStream';

/** Records read from the cursor at a time, and serialised and sent as one chunk. */
const BATCH_ROWS = 1000;
/**
 * How long one statement of a stream may take: far longer than any other statement may (pool.ts),
 * as the first FETCH of a large list may sort all of it. A reader that stops reading is not
 * waited for this long: it is dropped (exportLimits' watchReader).
 */
const STREAM_STATEMENT_TIMEOUT_MS = 10 * 60_000;
/**
 * PostgreSQL ends a stream's session left idle this long after its reader was to be dropped
 * (between two FETCHes the session is idle in its transaction while the reader takes the last
 * batch): a backstop, should the reader not be watched.
 */
const IDLE_BACKSTOP_MS = 15_000;

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

/** Reads the next batch of a cursor's rows: an empty one at its end (its `fields` are still set). */
export type FetchBatch<R> = () => Promise<{ rows: R[]; fields: pg.FieldDef[] }>;

/** Every value as PostgreSQL's text, unparsed (for a CSV, which writes them as they are). */
const RAW_TYPES: pg.CustomTypesConfig = {
  getTypeParser: (() => (value: string) =>
    value) as unknown as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A download read from the database as its reader takes it: the statement `select` makes (given
 * the connection, for statements it reads first) is read through a cursor, BATCH_ROWS rows at a
 * time, in one read-only snapshot of what the request reads (the draft or a release), and `write`
 * turns the batches (`fetch`) into the answer's chunks. The server answers other requests between
 * two chunks and holds one at a time.
 *
 * The connection is a download's (connectForExport: counted against the account's, the server's
 * and the pool's limits; a 429 when one is full). It goes back to the pool when the answer ends;
 * when it fails, or the client goes away or is dropped for not reading, the connection is closed,
 * which ends its transaction and cursor at once.
 */
export async function streamFromCursor<R>(
  db: pg.Pool,
  select: (client: pg.PoolClient) => Promise<string>,
  write: (fetch: FetchBatch<R>, client: pg.PoolClient) => AsyncIterable<string>,
  options: {
    /** Rows as arrays of PostgreSQL's texts, unparsed, rather than records of parsed values. */
    raw?: boolean;
    /** Plan the statement for reading all of it, as a plain query is, rather than for its first
     * rows, as a cursor is: for a reader that takes every row, whose first rows may come a little
     * later and the last ones sooner. */
    planForAll?: boolean;
  } = {},
): Promise<Readable> {
  const client = await connectForExport(db);
  let released = false;
  const release = (finished: boolean) => {
    if (released) return;
    released = true;
    // Ended early, perhaps mid-statement: the connection is closed rather than given back.
    client.release(!finished);
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await followReleaseScope(client);
    await client.query(`SET LOCAL statement_timeout = ${STREAM_STATEMENT_TIMEOUT_MS}`);
    await client.query(
      `SET LOCAL idle_in_transaction_session_timeout = ${readerIdleMs() + IDLE_BACKSTOP_MS}`,
    );
    if (options.planForAll) await client.query('SET LOCAL cursor_tuple_fraction = 1');
    await client.query(`DECLARE streamed NO SCROLL CURSOR FOR ${await select(client)}`);
  } catch (error) {
    release(false);
    throw error;
  }
  const fetchText = `FETCH FORWARD ${BATCH_ROWS} FROM streamed`;
  // The pool's client-side timeout (pool.ts) would end a long FETCH: these have their own.
  const fetchConfig = Object.assign(
    options.raw ? { text: fetchText, rowMode: 'array', types: RAW_TYPES } : { text: fetchText },
    { query_timeout: STREAM_STATEMENT_TIMEOUT_MS },
  );
  const fetch: FetchBatch<R> = async () => {
    const { rows, fields } = await client.query(fetchConfig as pg.QueryConfig);
    return { rows: rows as R[], fields };
  };
  const stream = paced(
    (async function* chunks() {
      let finished = false;
      try {
        yield* write(fetch, client);
        await client.query('COMMIT');
        finished = true;
      } finally {
        release(finished);
      }
    })(),
  );
  // A stream destroyed before its first read never runs the generator above: released here.
  stream.once('close', () => release(false));
  return stream;
}

/**
 * A whole list too large to keep in memory as one answer (a million interactions' JSON, and
 * reading them in one statement outlasts its timeout), as the JSON answer `{ data }`
 * produced as the client reads it (streamFromCursor): `sql` (the list's statement, in its order)
 * is read through a cursor; `records` turns each batch of rows into the answer's records (by
 * default the rows themselves); `serialize` writes `{ data }` for one batch (the contract's
 * serializer), and the batches' arrays are joined into one.
 */
export function streamWhole<R extends pg.QueryResultRow>(
  db: pg.Pool,
  serialize: (answer: { data: unknown[] }) => string,
  sql: string,
  records: (client: pg.PoolClient, rows: R[]) => Promise<unknown[]> = async (_client, rows) => rows,
): Promise<Readable> {
  return streamFromCursor<R>(
    db,
    async () => sql,
    (fetch, client) =>
      dataAnswer(
        (async function* batches() {
          for (;;) {
            const { rows } = await fetch();
            if (rows.length === 0) return;
            yield await records(client, rows);
          }
        })(),
        serialize,
      ),
  );
}
