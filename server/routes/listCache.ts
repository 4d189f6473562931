import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serialised reference lists, kept per server and checked against the database's data_version
 * on every read (migration 002): one cheap query instead of rebuilding a large answer, and never
 * stale, because every write moves the version in its own transaction.
 */
export function listCache(app: FastifyInstance) {
  const entries = new Map<
    string,
    { version: string; body: ReturnType<FastifyReply['serialize']> }
  >();
  return async function send(reply: FastifyReply, key: string, load: () => Promise<unknown>) {
    const { rows } = await app.db.query<{ version: string }>('SELECT version FROM data_version');
    const version = rows[0].version;
    let entry = entries.get(key);
    if (!entry || entry.version !== version) {
      entry = { version, body: reply.serialize({ data: await load() }) };
      entries.set(key, entry);
    }
    return reply.type('application/json; charset=utf-8').send(entry.body);
  };
}
