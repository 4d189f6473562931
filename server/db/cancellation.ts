import { AsyncLocalStorage } from 'node:async_hooks';
import { connect } from 'node:net';
import type pg from 'pg';

/**
 * Work whose statements PostgreSQL stops once nobody wants its answer any more: a list page
 * whose client has gone (each letter typed into a search asks for another page, and a search's
 * first letters, matching much of a large table, each keep a core busy). Work in a
 * scope, and every statement the app's pool (ambientPool) runs for it, is tied to the scope's
 * signal; outside any scope nothing is ever cancelled.
 */
interface Scope {
  signal: AbortSignal;
  /** The connections running the scope's statements, each with its cancel once one is sent. */
  running: Map<pg.PoolClient, { cancelling?: Promise<void> }>;
}

const scopes = new AsyncLocalStorage<Scope>();

/** node-postgres keeps the backend's process id and secret key from the server's BackendKeyData,
 * and where it connected; its types declare neither the id nor the key. */
type Connection = pg.PoolClient & { processID?: number; secretKey?: number };

/** How long a cancel may take to reach PostgreSQL before the connection is given back anyway. */
const CANCEL_TIMEOUT_MS = 5_000;
/** The protocol's CancelRequest code (1234 in the high 16 bits, 5678 in the low). */
const CANCEL_REQUEST_CODE = 80877102;

/**
 * Asks PostgreSQL to cancel what `client`'s backend is running, with the protocol's CancelRequest
 * on a connection of its own: it needs no sign-in, so it never waits for a free connection of the
 * pool, which the very statements it is to stop may all be holding. Settles once PostgreSQL has
 * closed that connection, which it does after signalling the backend (as pg_cancel_backend
 * returns), or once it failed or took CANCEL_TIMEOUT_MS.
 */
function sendCancel(client: Connection, processID: number, secretKey: number): Promise<void> {
  const request = Buffer.alloc(16);
  request.writeInt32BE(16, 0);
  request.writeInt32BE(CANCEL_REQUEST_CODE, 4);
  request.writeInt32BE(processID, 8);
  request.writeInt32BE(secretKey, 12);
  const { host, port } = client;
  return new Promise((resolve) => {
    // A host starting with a slash is the directory of PostgreSQL's Unix socket.
    const socket = host.startsWith('/') ? connect(`${host}/.s.PGSQL.${port}`) : connect(port, host);
    socket.setTimeout(CANCEL_TIMEOUT_MS, () => socket.destroy());
    socket.once('connect', () => socket.end(request));
    // An error closes the socket too: the cancel is then given up, as a failed statement would be.
    socket.on('error', () => undefined);
    socket.once('close', () => resolve());
  });
}

/** The signal of the current scope: undefined outside one. */
export function cancellationSignal(): AbortSignal | undefined {
  return scopes.getStore()?.signal;
}

/**
 * Runs `work` in a scope whose statements PostgreSQL cancels when `signal` aborts (see
 * sendCancel). A cancelled statement fails with PostgreSQL's query_canceled error (57014).
 */
export function withCancellation<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  const scope: Scope = { signal, running: new Map() };
  const cancel = () => {
    for (const [client, running] of scope.running) {
      const { processID, secretKey } = client as Connection;
      if (running.cancelling || processID === undefined || secretKey === undefined) continue;
      running.cancelling = sendCancel(client as Connection, processID, secretKey);
    }
  };
  signal.addEventListener('abort', cancel, { once: true });
  return scopes.run(scope, work).finally(() => signal.removeEventListener('abort', cancel));
}

/**
 * `pool.query(...args)` for the current scope, or undefined outside one (the caller then uses the
 * pool as usual). The statement runs on a connection the scope knows. A connection a cancel was
 * sent for is closed rather than given back, even when its statement ended first: PostgreSQL
 * signals the backend and answers the cancel at once, and a backend that takes the signal late
 * (on a busy machine, just after it answered the statement) would cancel whatever statement it
 * runs next: another request's. Like pg-pool's own query, a failed statement's connection is
 * closed too.
 */
export function queryInScope(pool: pg.Pool, args: unknown[]): Promise<unknown> | undefined {
  const scope = scopes.getStore();
  // pg's callback form and submittables (cursors, streams) are left to the pool.
  const [first] = args;
  const submittable = typeof first === 'object' && first !== null && 'submit' in first;
  if (!scope || submittable || typeof args.at(-1) === 'function') return undefined;
  return (async () => {
    const client = await pool.connect();
    const running: { cancelling?: Promise<void> } = {};
    scope.running.set(client, running);
    let failure: Error | undefined;
    try {
      if (scope.signal.aborted) throw cancelledError();
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      scope.running.delete(client);
      if (running.cancelling) {
        await running.cancelling;
        failure ??= new Error('a cancel was sent for this connection');
      }
      client.release(failure);
    }
  })();
}

/** What a statement of an abandoned scope fails with before it is even sent. */
function cancelledError() {
  return Object.assign(new Error('canceling statement due to user request'), { code: '57014' });
}

/**
 * A signal that aborts once every signal `join` was given has aborted, and never once it was
 * given none (someone who cannot go away): for one piece of work that several requests wait on.
 */
export class SharedDemand {
  private readonly controller = new AbortController();
  private waiting = 0;
  private pinned = false;
  private settled = false;
  readonly signal = this.controller.signal;

  constructor(private readonly onAbandoned: () => void) {}

  join(signal: AbortSignal | undefined) {
    if (this.settled || this.signal.aborted) return;
    if (!signal) {
      this.pinned = true;
      return;
    }
    this.waiting += 1;
    const leave = () => {
      this.waiting -= 1;
      if (this.waiting === 0 && !this.pinned && !this.settled) {
        this.onAbandoned();
        this.controller.abort();
      }
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
  }

  /** The work is done: whoever leaves from now on abandons nothing. */
  settle() {
    this.settled = true;
  }
}
