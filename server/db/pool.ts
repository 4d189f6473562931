import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { isSerializationFailure } from '../lib/pgErrors';
import { queryInScope } from './cancellation';

export type Db = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;

/** Longer texts (the seed's bulk inserts) run once or rarely: not worth keeping prepared. */
const MAX_PREPARED_TEXT = 4000;

/**
 * A client that prepares each parameterised statement once per connection: a named statement,
 * named after a hash of its text, so PostgreSQL parses and plans it once instead of on every call,
 * which under a steady load is much of its work. Texts without values (BEGIN, COMMIT, the
 * migrations' scripts) run as they are. Statement texts are the server's own templates, never
 * client input, so their number is fixed.
 */
class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((text: unknown, values?: unknown, callback?: unknown) =>
      typeof text === 'string' && Array.isArray(values) && text.length <= MAX_PREPARED_TEXT
        ? query({ name: statementName(text), text, values }, callback)
        : query(text, values, callback)) as pg.Client['query'];
  }
}

/** Names by text: looking a page's text up costs less than hashing it again on every call. */
const statementNames = new Map<string, string>();
/** More names than the server's own templates ever make: the map is cleared past it, to be safe. */
const MAX_STATEMENT_NAMES = 10_000;

function statementName(text: string) {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `medref_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * `text` as a named statement whatever its length, for a caller that knows its plan does not
 * depend on the values (PreparingClient decides by the text's length alone).
 */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  return { name: statementName(text), text, values };
}

/**
 * How long a request waits on the database before it gives up and answers 503 (the error handler
 * recognises these failures in ./unavailable.ts): a database that stops answering must not hold
 * requests, and the pool's connections, forever.
 */
export const TIMEOUTS = {
  /** Opening a connection, or waiting for a free one from a full pool. */
  connectionTimeoutMillis: 5_000,
  /** PostgreSQL cancels a statement running longer (the longest request's SQL takes milliseconds). */
  statement_timeout: 10_000,
  /** The client stops waiting for an answer that never comes (a hung or stopped server). */
  query_timeout: 12_000,
  /** PostgreSQL ends a session left idle inside a transaction, releasing its locks. */
  idle_in_transaction_session_timeout: 15_000,
} as const;

export function createPool(
  connectionString: string,
  max = 10,
  options: { timeouts?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    Client: PreparingClient,
    ...(options.timeouts === false ? {} : TIMEOUTS),
  });
  // An idle client that loses its connection (for example the server restarting) must not crash us.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Connections held by streams (CSV downloads, whole lists read through a cursor), by pool (its
 * options, shared by the pool and the app's view of it, `ambientPool`). A stream holds its
 * connection for as long as its reader takes: however many downloads run, the other half of the
 * pool stays for the requests a person waits on.
 */
const streamingHeld = new WeakMap<object, number>();

/** The most connections of `pool` that streams may hold at once: half of it (at least one). */
export function streamingCapacity(pool: pg.Pool): number {
  return Math.max(1, Math.floor((pool.options.max ?? 10) / 2));
}

/**
 * A connection of `pool` for a stream, counted against streamingCapacity until it is released;
 * undefined when streams hold as many as they may already (the caller refuses the stream: waiting
 * for one would hold the request for as long as another download takes).
 */
export async function connectForStream(pool: pg.Pool): Promise<pg.PoolClient | undefined> {
  const key = pool.options;
  const held = streamingHeld.get(key) ?? 0;
  if (held >= streamingCapacity(pool)) return undefined;
  streamingHeld.set(key, held + 1);
  let counted = true;
  const uncount = () => {
    if (!counted) return;
    counted = false;
    streamingHeld.set(key, (streamingHeld.get(key) ?? 1) - 1);
  };
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    uncount();
    throw error;
  }
  // The pool gives each checkout a release function of its own: this one counts the stream out.
  const release = client.release.bind(client);
  client.release = (destroy?: Error | boolean) => {
    uncount();
    return release(destroy);
  };
  return client;
}

interface Ambient {
  client: pg.PoolClient;
  /** False once the transaction has ended: work the preview started and left behind (a timer)
   * must not use its client afterwards. */
  open: boolean;
  /** A write in it failed on a concurrent change (serialization_failure): its snapshot is stale. */
  conflicted: boolean;
}

/**
 * A transaction that every query of the current async context joins: an impact preview runs a
 * real write's own route inside one transaction that is then rolled back (see `inTransactionScope`).
 */
const ambient = new AsyncLocalStorage<Ambient>();

function ambientClient(): pg.PoolClient | undefined {
  const store = ambient.getStore();
  return store?.open ? store.client : undefined;
}

/** True inside `inTransactionScope`: nothing done here outlives its transaction. */
export function inTransactionScope(): boolean {
  return ambient.getStore() !== undefined;
}

interface ReleaseReading {
  release: number;
  /** False once the read has ended. */
  open: boolean;
}

/**
 * A read of a published release (server/releases/scope.ts): every query of the current async
 * context through `ambientPool`, and every `withTransaction`, runs on a connection whose
 * search_path reads the release's views (migration 026) instead of the draft's tables.
 */
const releaseReading = new AsyncLocalStorage<ReleaseReading>();

/** The release the current scope reads, or undefined when it reads the draft. */
export function releaseInScope(): number | undefined {
  return releaseReading.getStore()?.release;
}

/**
 * Pools whose connections each read one release, by the draft pool's options (the same for the
 * pool and the app's view of it, `ambientPool`) and the release.
 */
const releasePools = new WeakMap<object, Map<number, pg.Pool>>();
const readingPools = new WeakSet<pg.Pool>();
/** Releases whose pools are kept: the latest, and a few that checks pin by number. */
const RELEASE_POOLS_KEPT = 3;
const RELEASE_POOL_SIZE = 4;

/**
 * The pool of connections that read `release`: set up as they open (search_path and
 * medref.release), so that a release's query costs what the draft's does, one round trip, with
 * no connection held for the request. A release never changes, so its reads need no transaction
 * to agree. The pools of releases not read lately are closed.
 */
function releasePool(pool: pg.Pool, release: number): pg.Pool {
  let pools = releasePools.get(pool.options);
  if (!pools) {
    pools = new Map();
    releasePools.set(pool.options, pools);
  }
  let found = pools.get(release);
  if (found) {
    pools.delete(release); // the most recently read go last
  } else {
    found = new pg.Pool({
      ...pool.options,
      max: RELEASE_POOL_SIZE,
      allowExitOnIdle: true,
      options: `-c search_path=release_data,public -c medref.release=${Number(release)}`,
    });
    found.on('error', () => undefined);
    readingPools.add(found);
  }
  pools.set(release, found);
  for (const [number, old] of pools) {
    if (pools.size <= RELEASE_POOLS_KEPT) break;
    pools.delete(number);
    void old.end();
  }
  return found;
}

/** Closes the release pools of `pool`, as it is closed. */
async function endReleasePools(pool: pg.Pool): Promise<void> {
  const pools = releasePools.get(pool.options);
  releasePools.delete(pool.options);
  await Promise.all([...(pools?.values() ?? [])].map((each) => each.end()));
}

/** Runs `work` reading release `release` (see releaseReading). */
export function withinReleaseReading<T>(release: number, work: () => Promise<T>): Promise<T> {
  const reading: ReleaseReading = { release, open: true };
  return releaseReading.run(reading, work).finally(() => {
    reading.open = false;
  });
}

/** The open release reading of the current async context, if any. */
function openReading(): ReleaseReading | undefined {
  const reading = releaseReading.getStore();
  return reading?.open ? reading : undefined;
}

/** True when a write in the current transaction scope lost to a concurrent change. */
export function transactionScopeConflicted(): boolean {
  return ambient.getStore()?.conflicted === true;
}

/**
 * Runs `work` with `client` (already in a transaction) as the transaction of every query made in
 * its async context through a pool given by `ambientPool` and every `withTransaction`, which then
 * nests under a savepoint. The caller ends the transaction.
 */
export async function withinTransactionScope<T>(
  client: pg.PoolClient,
  work: () => Promise<T>,
): Promise<T> {
  const store: Ambient = { client, open: true, conflicted: false };
  try {
    return await ambient.run(store, work);
  } finally {
    store.open = false;
  }
}

/**
 * The pool as the app uses it: `query` joins the ambient transaction when there is one, runs in
 * the current cancellation scope when there is one (./cancellation.ts), and uses the pool
 * otherwise. (`connect` always gives a connection of its own: a read in its own snapshot
 * sees committed data only, as it would beside a real write.)
 */
export function ambientPool(pool: pg.Pool): pg.Pool {
  // pg's overloads cannot be forwarded one by one; the arguments are passed through unchanged.
  const query = ((...args: unknown[]) => {
    const client = ambientClient();
    const reading = client ? undefined : openReading();
    if (reading) {
      const target = releasePool(pool, reading.release) as unknown as {
        query(...a: unknown[]): unknown;
      };
      return target.query(...args);
    }
    if (!client) {
      const cancellable = queryInScope(pool, args);
      if (cancellable) return cancellable;
    }
    const target = (client ?? pool) as unknown as { query(...a: unknown[]): unknown };
    return target.query(...args);
  }) as pg.Pool['query'];
  const end = async () => {
    await endReleasePools(pool);
    return pool.end();
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'end') return end;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/**
 * Runs one statement, which PostgreSQL makes atomic by itself: no BEGIN and COMMIT round trips.
 * Inside a transaction scope it runs under a savepoint, as `withTransaction` does there, so that
 * its failure (a preview's write losing to a concurrent one) undoes only its own work and is noted.
 */
export function oneStatement(pool: pg.Pool, text: string, values: unknown[]) {
  return ambientClient()
    ? withTransaction(pool, (client) => client.query(text, values))
    : pool.query(text, values);
}

/**
 * Runs `work` in one transaction: all of it is stored, or none of it. Given a client that is
 * already in a transaction (a route's audited write), `work` runs inside it under a savepoint:
 * its failure undoes only its own statements, and the outer transaction decides. `readOnly`
 * makes a transaction of its own one read-only snapshot, so that the separate statements of a
 * read see the same data.
 */
export async function withTransaction<T>(
  pool: Queryable,
  work: (client: pg.PoolClient) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const reading = openReading();
  if (reading && !('release' in pool) && !readingPools.has(pool))
    return withTransaction(releasePool(pool, reading.release), work, options);
  const db = 'release' in pool ? pool : (ambientClient() ?? pool);
  if ('release' in db) {
    await db.query('SAVEPOINT nested');
    try {
      const result = await work(db);
      await db.query('RELEASE SAVEPOINT nested');
      return result;
    } catch (error) {
      await db.query('ROLLBACK TO SAVEPOINT nested').catch(() => undefined);
      const store = ambient.getStore();
      if (store && isSerializationFailure(error)) store.conflicted = true;
      throw error;
    }
  }
  const client = await db.connect();
  try {
    await client.query(
      options.readOnly ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN',
    );
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
