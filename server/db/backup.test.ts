import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import pg from 'pg';
import { buildApp } from '../app';
import { createTestDatabase, insertUser, TEST_PASSWORD_COST, testConfig } from '../test/helpers';
import { backupDatabase, existingRelations, restoreDatabase } from './backup';
import { createPool, withTransaction } from './pool';
import { seedDemo } from './seed';
import { ensureFirstRelease } from '../repositories/releases';

/**
 * Backup and restore round trip: the demo database plus an account of its own, backed up, then
 * restored into an empty database, must come back with every row of every table equal, sequences
 * that continue past the restored ids, and the account signing in with its old password.
 */
const ROOT = resolve(__dirname, '../..');

/** An empty database (no migrations) on the run's PostgreSQL; dropped after the file. */
const made: string[] = [];
async function emptyDatabase(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  made.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Every table's rows, as JSON text in a fixed order. */
async function everyRow(client: pg.Client): Promise<Record<string, string[]>> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT CASE WHEN nspname = 'public' THEN relname ELSE nspname || '.' || relname END AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'release_rows') AND c.relkind = 'r' ORDER BY 1`,
    )
  ).rows.map((r) => r.name);
  const all: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await client.query<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM ${table
        .split('.')
        .map((part) => client.escapeIdentifier(part))
        .join('.')} t ORDER BY 1`,
    );
    all[table] = rows.map((r) => r.row);
  }
  return all;
}

async function backupToBuffer(client: pg.Client): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await backupDatabase(client, out);
  out.end();
  return Buffer.concat(chunks);
}

const source = { url: '', drop: async () => undefined as void };
const PASSWORD = 'my-old-password';
let email = '';

beforeAll(async () => {
  const database = await createTestDatabase();
  Object.assign(source, { url: database.url, drop: database.drop });
  await withTransaction(database.pool, (client) =>
    seedDemo(client, { passwordCost: TEST_PASSWORD_COST }),
  );
  await withTransaction(database.pool, ensureFirstRelease);
  ({ email } = await insertUser(database.pool, { role: 'admin', password: PASSWORD }));
});

afterAll(async () => {
  await source.drop();
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

it('restores every row of every table, sequences past the restored ids, and old passwords', async () => {
  const from = await connect(source.url);
  const file = await backupToBuffer(from);
  const before = await everyRow(from);
  await from.end();
  expect(Object.keys(before).length).toBeGreaterThan(10);
  expect(before.users.length).toBeGreaterThan(1);
  // The published release's row versions too: without them release 1 would read as empty.
  expect(before['release_rows.medications'].length).toBe(before.medications.length);

  const targetUrl = await emptyDatabase();
  const target = await connect(targetUrl);
  const result = await restoreDatabase(target, Readable.from(file));
  expect(result.tables).toBe(Object.keys(before).length);
  expect(await everyRow(target)).toEqual(before);

  // Every sequence owned by a column hands out a value above that column's restored ids.
  const { rows: owned } = await target.query<{ seq: string; tbl: string; col: string }>(
    `SELECT s.relname AS seq, t.relname AS tbl, a.attname AS col
       FROM pg_depend d
       JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE d.deptype IN ('a', 'i')`,
  );
  expect(owned.length).toBeGreaterThan(10);
  for (const { seq, tbl, col } of owned) {
    const { rows } = await target.query<{ next: string; max: string }>(
      `SELECT nextval($1::regclass)::text AS next, coalesce(max(${target.escapeIdentifier(col)}), 0)::text AS max
         FROM ${target.escapeIdentifier(tbl)}`,
      [seq],
    );
    expect({ seq, above: BigInt(rows[0].next) > BigInt(rows[0].max) }).toEqual({
      seq,
      above: true,
    });
  }
  await target.end();

  // The account signs in with its old password, on the restored database.
  const pool = createPool(targetUrl, 2);
  const app = await buildApp(pool, testConfig());
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  await app.close();
  await pool.end();
});

it('refuses a database that is not empty, and leaves an empty one empty when the file is cut short', async () => {
  const from = await connect(source.url);
  const file = await backupToBuffer(from);
  await from.end();

  const busy = await connect(source.url);
  const rowsBefore = await everyRow(busy);
  await expect(restoreDatabase(busy, Readable.from(file))).rejects.toThrow(
    'the database is not empty',
  );
  expect(await everyRow(busy)).toEqual(rowsBefore);
  await busy.end();

  const target = await connect(await emptyDatabase());
  await expect(
    restoreDatabase(target, Readable.from(file.subarray(0, Math.floor(file.length * 0.6)))),
  ).rejects.toThrow();
  expect(await existingRelations(target)).toEqual([]);
  await target.end();
});

it('npm run backup / restore with DATABASE_URL: a gzip file, a size, and the same rows back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'medref-backup-'));
  try {
    const file = join(dir, 'snapshot.gz');
    const run = (command: string, url: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', command, file], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url, INIT_CWD: ROOT },
        encoding: 'utf8',
      });
    const backup = run('backup', source.url);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/backed up \d+ tables, \d+ rows to .*snapshot\.gz \([\d.]+ kB\)/);
    expect(backup.status).toBe(0);

    const targetUrl = await emptyDatabase();
    const restore = run('restore', targetUrl);
    expect(restore.stdout).toMatch(/restored \d+ tables, \d+ rows from/);
    expect(restore.status).toBe(0);
    const [from, to] = [await connect(source.url), await connect(targetUrl)];
    expect(await everyRow(to)).toEqual(await everyRow(from));
    await Promise.all([from.end(), to.end()]);

    // Into a database that is no longer empty: refused, exit 1, one line.
    const again = run('restore', targetUrl);
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toMatch(/^\[medref\] restore failed: the database is not empty/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
