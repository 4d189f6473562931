import { AsyncLocalStorage } from 'node:async_hooks';
import { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { defaultExportLimits, type ExportLimits } from '../config';
import { connectForStream } from '../db/pool';
import { HttpError } from '../errors';

/**
 * Limits on downloads (CSV exports and whole lists streamed as they are read). Each holds a
 * database connection, or a large answer, for as long as its reader takes, and a reader can take
 * as long as it likes: without limits, a few downloads nobody reads take every connection and
 * every other request fails. So an account runs at most `perAccount` downloads at once and the
 * server `total`; streams hold at most half of the pool's connections (connectForStream); and a
 * reader that takes no byte for `idleMs` is dropped, which gives its connection back.
 *
 * The counts are per server process (kept in its memory, by HTTP server): behind a load balancer,
 * each instance allows its own, and each has its own pool to protect.
 */

/** What a refused download's Retry-After says: a download usually ends within seconds. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

interface Running {
  total: number;
  byAccount: Map<number, number>;
}

/** The downloads running, by HTTP server (one per app, so each test's app counts its own). */
const running = new WeakMap<object, Running>();
/** The replies that hold a download's slot. */
const claimed = new WeakSet<FastifyReply>();
/** The replies whose reader is watched (watchReader). */
const watched = new WeakSet<FastifyReply>();

function limitsOf(reply: FastifyReply): ExportLimits {
  return reply.server.config.exportLimits;
}

/** A 429 with Retry-After (set on `reply`, which the error handler answers with). */
function refused(reply: FastifyReply, message: string): HttpError {
  void reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
  return new HttpError(429, message);
}

/**
 * Counts `reply` as a running download of its account, until its response ends, fails or its
 * client goes away; throws a 429 when the account or the server runs as many as it may already.
 * Claiming again for the same reply does nothing.
 */
export function claimExport(reply: FastifyReply): void {
  if (claimed.has(reply)) return;
  const limits = limitsOf(reply);
  const key = reply.server.server;
  let counts = running.get(key);
  if (!counts) {
    counts = { total: 0, byAccount: new Map() };
    running.set(key, counts);
  }
  const account = reply.request.session?.id ?? 0;
  const mine = counts.byAccount.get(account) ?? 0;
  if (mine >= limits.perAccount)
    throw refused(
      reply,
      `You have ${mine} downloads running, the most at once: try again when one has finished.`,
    );
  if (counts.total >= limits.total)
    throw refused(reply, 'The server is busy with other downloads: try again in a few seconds.');
  counts.total += 1;
  counts.byAccount.set(account, mine + 1);
  claimed.add(reply);
  const tally = counts;
  let done = false;
  const release = () => {
    if (done) return;
    done = true;
    tally.total -= 1;
    const left = (tally.byAccount.get(account) ?? 1) - 1;
    if (left > 0) tally.byAccount.set(account, left);
    else tally.byAccount.delete(account);
  };
  // 'close' comes after the response has been sent, and when its connection ends before that.
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
  reply.raw.once('error', release);
  // Already gone (the client left while its request waited for its session check).
  if (reply.raw.destroyed) release();
}

/** The reply whose download the current async context reads for (see withinExport). */
const exporting = new AsyncLocalStorage<FastifyReply>();

/**
 * Runs `work`, which may answer `reply` with a download (a streamed whole list, when the list is
 * too large to keep), so that a stream it opens (connectForExport) counts as `reply`'s download.
 * A list served from its cache opens none, and counts as none.
 */
export function withinExport<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  return exporting.run(reply, work);
}

/**
 * A connection for a download's stream: the download is claimed (claimExport) for the reply of
 * the current context (withinExport), and the connection counts against the pool's share for
 * streams (connectForStream). Throws a 429 when either is full.
 */
export async function connectForExport(pool: pg.Pool): Promise<pg.PoolClient> {
  const reply = exporting.getStore();
  if (reply) claimExport(reply);
  const client = await connectForStream(pool);
  if (client) return client;
  const message = 'The server is busy with other downloads: try again in a few seconds.';
  throw reply ? refused(reply, message) : new HttpError(429, message);
}

/** How long the download of the current context waits on a reader that takes nothing. */
export function readerIdleMs(): number {
  const reply = exporting.getStore();
  return reply ? limitsOf(reply).idleMs : defaultExportLimits.idleMs;
}

/** libuv's count of the bytes handed to the socket but not yet taken by the kernel. */
function queuedBytes(socket: Socket): number {
  // Node keeps it on the socket's handle (net.Socket's `_handle`, not in its types), updated as
  // the kernel takes each part of a write: the one measure of a reader that takes some bytes of a
  // large chunk but not all.
  const handle = (socket as unknown as { _handle?: { writeQueueSize?: number } | null })._handle;
  return handle?.writeQueueSize ?? 0;
}

/**
 * Drops `reply`'s connection once its reader has taken no byte for the download limits' `idleMs`
 * while the answer waits to be sent: the stream is destroyed with it, and gives its database
 * connection back. A reader that takes bytes, however slowly, is never dropped, nor one waiting
 * on the server (nothing to send). Only real sockets are watched (not an injected request).
 */
export function watchReader(reply: FastifyReply): void {
  if (watched.has(reply)) return;
  const socket = reply.raw.socket;
  if (!(socket instanceof Socket)) return;
  watched.add(reply);
  const { idleMs } = limitsOf(reply);
  const progress = () => `${socket.bytesWritten} ${queuedBytes(socket)}`;
  let seen = progress();
  let movedAt = Date.now();
  const timer = setInterval(
    () => {
      if (socket.destroyed) return clearInterval(timer);
      const now = progress();
      if (now !== seen || socket.writableLength === 0) {
        seen = now;
        movedAt = Date.now();
      } else if (Date.now() - movedAt >= idleMs) {
        clearInterval(timer);
        socket.destroy();
      }
    },
    Math.min(1000, Math.max(20, Math.floor(idleMs / 10))),
  );
  timer.unref();
  reply.raw.once('close', () => clearInterval(timer));
}
