import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { inTransactionScope } from '../db/pool';
import { scopedCacheKey } from '../releases/scope';
import { readTableVersions, versionOf, type VersionedTable } from '../db/versions';
import { sendJsonStream } from './pacedStream';
import { hasMoreRows } from './wholeStream';

const gzipAsync = promisify(gzip);
/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** Whether the request's Accept-Encoding takes gzip (`gzip`, `gzip;q=0.5`, `*`; not `q=0`). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let accepted = false;
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (name === 'gzip') return weight > 0;
    if (name === '*') accepted = weight > 0;
  }
  return accepted;
}

/** A list that may grow too large to keep (see Config.wholeListKeptMax). */
export interface Streamed {
  /** The listed table: past the server's wholeListKeptMax records, the list is streamed. */
  table: string;
  /** The whole list as it is read (see streamWhole), serialised by `serialize`. */
  stream: (serialize: (answer: { data: unknown[] }) => string) => Promise<Readable>;
}

interface Entry {
  version: bigint;
  /** The serialised answer, encoded once (not on every send): one build per version, shared
   * by the requests that wait for it. */
  body: Promise<Buffer>;
  /** The gzipped body, made once on the first request that accepts it. */
  gzipped?: Promise<Buffer>;
}

/**
 * The whole lists of the reference data, serialised, kept per server and checked on every read
 * against the versions of the tables each list reads (migration 003; read together with the
 * session, see findSession):
 * no rebuild of a large answer, and never stale, because every write moves its table's version in
 * its own transaction. A list's version is the sum of its tables' versions, which only grow, so a
 * larger sum is a newer list. A client that accepts gzip gets a copy compressed once per version:
 * a large list shrinks many times over, and compressing it once spares every later reader the
 * work.
 */
export function listCache(app: FastifyInstance) {
  const entries = new Map<string, Entry>();
  return async function send(
    reply: FastifyReply,
    listKey: string,
    /** Every table the list reads: a write to any other table leaves the cached list as it is. */
    tables: readonly VersionedTable[],
    load: () => Promise<unknown>,
    /** When given, the list's size is checked before each rebuild (a kept list cannot grow
     * without a write), and a list past the limit is streamed rather than kept. */
    streamed?: Streamed,
  ) {
    // Inside an impact preview the data is about to be rolled back: never keep it.
    if (inTransactionScope()) return reply.send({ data: await load() });
    const key = scopedCacheKey(listKey);
    // Read with the session by the auth guard (every list needs a token); asked for otherwise.
    const versions = reply.request.session?.data_versions ?? (await readTableVersions(app.db));
    const version = versionOf(versions, tables);
    const current = (entry?: Entry): entry is Entry =>
      entry !== undefined && entry.version >= version;
    if (
      streamed &&
      !current(entries.get(key)) &&
      (await hasMoreRows(app.db, streamed.table, app.config.wholeListKeptMax))
    ) {
      entries.delete(key); // the smaller list it was is not kept either
      return sendJsonStream(
        reply,
        await streamed.stream((answer) => reply.serialize(answer) as string),
      );
    }
    let entry = entries.get(key);
    // A request that read the versions just before a write may find a newer list: it serves that.
    if (!current(entry)) {
      // Right after a write, many requests find the list stale at once: they share one rebuild.
      const fresh: Entry = {
        version,
        body: load().then((data) => Buffer.from(reply.serialize({ data }) as string)),
      };
      fresh.body.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key); // a failed build is not kept
      });
      entries.set(key, fresh);
      entry = fresh;
    }
    const body = await entry.body;
    reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    if (
      body.length < COMPRESS_FROM_BYTES ||
      !acceptsGzip(reply.request.headers['accept-encoding'])
    ) {
      return reply.send(body);
    }
    entry.gzipped ??= gzipAsync(body);
    return reply.header('content-encoding', 'gzip').send(await entry.gzipped);
  };
}
