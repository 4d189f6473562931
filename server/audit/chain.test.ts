import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { backupDatabase, restoreDatabase } from '../db/backup';
import { migrate } from '../db/migrate';
import { createPool } from '../db/pool';
import { verifyChain } from '../repositories/audit/chain';
import { client, signIn, testConfig } from '../test/helpers';
import { databaseUrl, onServer } from '../test/templateDatabase';

/**
 * The history as an auditor gets it, on a database set up as the embedded server sets up its own:
 * made by and owned by a role that is no superuser, which migrates it and which the server
 * connects as. Its own databases (not a copy of the run's template, made by the superuser), since
 * the tests below change an entry behind the triggers' back.
 */
const ROOT = resolve(__dirname, '../..');
const base = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through Jest');
  return url;
};
const suffix = randomBytes(5).toString('hex');
const owner = { role: `medref_owner_${suffix}`, password: randomBytes(12).toString('hex') };
const databases = { main: `chain_${suffix}`, restored: `chain_restored_${suffix}` };

/** `database` as the owner role sees it, or as the superuser (for what only it may do). */
function urlOf(database: string, as: 'owner' | 'superuser' = 'owner'): string {
  const url = new URL(databaseUrl(base(), database));
  if (as === 'owner') {
    url.username = owner.role;
    url.password = owner.password;
  }
  return url.toString();
}

async function connect(url: string): Promise<pg.Client> {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  return connection;
}

/** Runs `npm run audit:verify` on `database`: its exit status and what it printed. */
function auditVerify(database: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: urlOf(database) },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

let pool: pg.Pool;
let app: FastifyInstance;
/** Entries written one way and the other, by their label. */
const written: { inbox: number[]; transaction: number[] } = { inbox: [], transaction: [] };

beforeAll(async () => {
  await onServer(
    base(),
    `CREATE ROLE ${owner.role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${owner.password}'`,
  );
  await onServer(base(), `CREATE DATABASE ${databases.main} OWNER ${owner.role}`);
  await onServer(base(), `CREATE DATABASE ${databases.restored} OWNER ${owner.role}`);
  const setup = createPool(urlOf(databases.main), 1, { timeouts: false });
  await migrate(setup).finally(() => setup.end());

  pool = createPool(urlOf(databases.main), 4);
  app = await buildApp(pool, testConfig());
  await app.ready();
  const api = client(app, await signIn(app));
  const ids: number[] = [];
  for (const name of ['Chained one', 'Chained two', 'Chained three']) {
    const response = await api.post('/condition', { name, reason: 'Chain' });
    expect(response.statusCode).toBe(201);
    ids.push(response.json().data.id);
  }
  expect(
    (await api.put('/condition', { id: ids[0], name: 'Chained one, renamed' })).statusCode,
  ).toBe(200);
  // A delete checked for use: a transaction that stores its entry in audit_entries at once.
  expect((await api.delete(`/condition/${ids[2]}`, { reason: 'Chain' })).statusCode).toBe(200);
  await app.auditInbox.idle();
  const { rows } = await pool.query<{ id: number; action: string }>(
    "SELECT id, action FROM audit_entries WHERE entity = 'condition' ORDER BY id",
  );
  written.inbox = rows.filter((r) => r.action !== 'delete').map((r) => r.id);
  written.transaction = rows.filter((r) => r.action === 'delete').map((r) => r.id);
});

afterAll(async () => {
  await app?.close();
  await pool?.end();
  for (const database of Object.values(databases))
    await onServer(base(), `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await onServer(base(), `DROP ROLE IF EXISTS ${owner.role}`);
});

it('links every entry, written in a transaction or moved from the inbox, and audit:verify says OK', async () => {
  expect(written.inbox).toHaveLength(4);
  expect(written.transaction).toHaveLength(1);
  const { rows } = await pool.query<{ id: number; position: string | null }>(
    `SELECT e.id, c.position::text FROM audit_entries e
       LEFT JOIN audit_chain c ON c.entry_id = e.id ORDER BY c.position`,
  );
  // The registration, the three creates, the rename and the delete.
  expect(rows).toHaveLength(6);
  expect(rows.map((r) => r.position)).toEqual(['1', '2', '3', '4', '5', '6']);
  for (const id of [...written.inbox, ...written.transaction])
    expect(rows.some((r) => r.id === id)).toBe(true);

  const connection = await connect(urlOf(databases.main));
  const report = await verifyChain(connection).finally(() => connection.end());
  expect(report).toMatchObject({ links: 6, inInbox: 0, head: { position: 6 } });
  expect(report.broken).toBeUndefined();

  const run = auditVerify(databases.main);
  expect(run.out).toMatch(/OK: the history's hash chain holds 6 entries/);
  expect(run.out).toContain(`position 6, hash ${report.head?.hash}`);
  expect(run.status).toBe(0);
});

it("refuses UPDATE, DELETE and TRUNCATE of the history to the server's own connection, by privilege besides the trigger", async () => {
  const [entry] = written.inbox;
  for (const [table, key, field] of [
    ['audit_entries', 'id', 'label'],
    ['audit_chain', 'entry_id', 'hash'],
    ['account_snapshots', 'id', 'name'],
  ]) {
    for (const sql of [
      `UPDATE ${table} SET ${field} = ${field} WHERE ${key} = $1`,
      `DELETE FROM ${table} WHERE ${key} = $1`,
    ])
      await expect(pool.query(sql, [entry])).rejects.toThrow(/permission denied/);
    await expect(pool.query(`TRUNCATE ${table}`)).rejects.toThrow(/permission denied/);
  }
  // Even with the append-only trigger out of the way (the owner may disable it), the privilege
  // still refuses.
  const connection = await pool.connect();
  try {
    await connection.query('BEGIN');
    await connection.query('ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only');
    await expect(
      connection.query("UPDATE audit_entries SET label = 'Rewritten' WHERE id = $1", [entry]),
    ).rejects.toThrow(/permission denied for table audit_entries/);
  } finally {
    await connection.query('ROLLBACK');
    connection.release();
  }
  // The history still takes new entries.
  const api = client(app, await signIn(app));
  expect((await api.post('/condition', { name: 'Chained four' })).statusCode).toBe(201);
  await app.auditInbox.idle();
});

it("backs up and restores the chained history as the server's own role: still whole, still append-only, and continued", async () => {
  const from = await connect(urlOf(databases.main));
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await backupDatabase(from, out);
  out.end();
  const original = await verifyChain(from).finally(() => from.end());

  const target = await connect(urlOf(databases.restored));
  try {
    await restoreDatabase(target, Readable.from(Buffer.concat(chunks)));
    const restored = await verifyChain(target);
    expect(restored.broken).toBeUndefined();
    expect(restored.head).toEqual(original.head);
    await expect(target.query('DELETE FROM audit_entries')).rejects.toThrow(/permission denied/);
    // A new entry continues the restored chain.
    await target.query(
      `INSERT INTO audit_entries (actor_id, actor_name, action, effect, entity, entity_id, label,
                                  changes)
       VALUES (1, 'After restore', 'update', 'update', 'condition', 1, 'After restore', '{}')`,
    );
    const continued = await verifyChain(target);
    expect(continued.broken).toBeUndefined();
    expect(continued.head?.position).toBe((original.head?.position ?? 0) + 1);
  } finally {
    await target.end();
  }
});

it('keeps the chain whole under concurrent writes of both kinds, and their moves', async () => {
  const api = client(app, await signIn(app));
  const ids = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const response = await api.post('/condition', { name: `Concurrent ${i}` });
      expect(response.statusCode).toBe(201);
      return response.json().data.id as number;
    }),
  );
  // Renames (one statement each, entries to the inbox) beside deletes (transactions, entries
  // stored and linked as they commit), all at once.
  const deletes = await Promise.all(
    ids.flatMap((id, i) => [
      api.put('/condition', { id, name: `Concurrent ${i}, renamed` }).then(() => 0),
      api.delete(`/condition/${id}`, {}).then((response) => response.statusCode),
    ]),
  );
  expect(deletes.filter((status) => status === 200)).toHaveLength(ids.length);
  await app.auditInbox.idle();
  const connection = await connect(urlOf(databases.main));
  const report = await verifyChain(connection).finally(() => connection.end());
  expect(report.broken).toBeUndefined();
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entries');
  expect(report.links).toBe(rows[0].n);
});

it('names the first broken link once an entry was changed behind the triggers, and exits 1', async () => {
  const [, tampered] = written.inbox;
  const superuser = await connect(urlOf(databases.main, 'superuser'));
  try {
    const { rows } = await superuser.query<{ position: string }>(
      'SELECT position::text FROM audit_chain WHERE entry_id = $1',
      [tampered],
    );
    const position = Number(rows[0].position);
    await superuser.query('ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only');
    await superuser.query("UPDATE audit_entries SET label = 'Tampered' WHERE id = $1", [tampered]);
    await superuser.query('ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only');

    const report = await verifyChain(superuser);
    expect(report.broken).toMatchObject({ entryId: tampered, position, problem: 'hash' });
    expect(report.broken?.expected).not.toBe(report.broken?.stored);
    const run = auditVerify(databases.main);
    expect(run.out).toContain(`BROKEN at entry #${tampered} at position ${position}`);
    expect(run.out).toContain(`its link holds ${report.broken?.stored}`);
    expect(run.status).toBe(1);

    // Its link rewritten to match: the break moves to the next link, whose previous hash no
    // longer matches.
    await superuser.query('ALTER TABLE audit_chain DISABLE TRIGGER audit_chain_append_only');
    await superuser.query(
      `UPDATE audit_chain c SET hash = sha256(c.prev_hash || convert_to(audit_entry_text(e), 'UTF8'))
         FROM audit_entries e WHERE e.id = c.entry_id AND e.id = $1`,
      [tampered],
    );
    await superuser.query('ALTER TABLE audit_chain ENABLE TRIGGER audit_chain_append_only');
    expect((await verifyChain(superuser)).broken).toMatchObject({
      position: position + 1,
      problem: 'previous hash',
    });
  } finally {
    await superuser.end();
  }
});
