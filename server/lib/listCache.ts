import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { inTransactionScope } from '../db/pool';
import { readTableVersions, versionOf, type VersionedTable } from '../db/versions';
import { sendJsonStream } from './pacedStream';
import { hasMoreRows } from './wholeStream';

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
}

/**
 * The whole lists of the reference data, serialised, kept per server and checked on every read
 * against the versions of the tables each list reads (migration 003; read together with the
 * session, see findSession):
 * no rebuild of a large answer, and never stale, because every write moves its table's version in
 * its own transaction. A list's version is the sum of its tables' versions, which only grow, so a
 * larger sum is a newer list. Compression is left to @fastify/compress, as for every answer.
 */
export function listCache(app: FastifyInstance) {
  const entries = new Map<string, Entry>();
  return async function send(
    reply: FastifyReply,
    key: string,
    /** Every table the list reads: a write to any other table leaves the cached list as it is. */
    tables: readonly VersionedTable[],
    load: () => Promise<unknown>,
    /** When given, the list's size is checked before each rebuild (a kept list cannot grow
     * without a write), and a list past the limit is streamed rather than kept. */
    streamed?: Streamed,
  ) {
    // Inside an impact preview the data is about to be rolled back: never keep it.
    if (inTransactionScope()) return reply.send({ data: await load() });
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
    return reply.type('application/json; charset=utf-8').send(await entry.body);
  };
}
