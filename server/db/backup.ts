import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { MIGRATIONS_DIR, migrationFiles, SCHEMA_MIGRATIONS_TABLE } from './migrate';

/**
 * Backup and restore with PostgreSQL's own means (the embedded package ships no pg_dump): every
 * table of the application's schema, found in the catalog, copied out with COPY inside one
 * REPEATABLE READ READ ONLY transaction, so the file is one consistent snapshot however many
 * writes the running server takes meanwhile.
 *
 * The file (the caller gzips it) is text, one section per table in foreign-key order:
 *   {"format":"medref-admin-backup","version":1,...,"migrations":[...],"tables":[...]}
 *   {"table":"conditions","columns":["id","name",...]}
 *   ...the table's rows in COPY's text format, one per line...
 *   \.
 *   ... (the next table) ...
 *   {"end":true,"rows":N,"sequences":[{"name":"conditions_id_seq","value":"42"}]}
 * COPY's text format escapes backslashes, tabs and line breaks, so `\.` alone on a line can only
 * be a section's end, and the closing line proves the file is complete.
 *
 * Restore recreates the schema by applying the same migrations the backup's database had (later
 * ones are applied by the next server start, as for any database), then loads every table and
 * sets every sequence past its restored ids, all in one transaction: a failed or cut-off restore
 * leaves the database as empty as it found it.
 */
const FORMAT = 'medref-admin-backup';
const VERSION = 1;
const END_OF_TABLE = '\\.';

export interface Progress {
  tables: number;
  totalTables: number;
  rows: number;
}

interface Header {
  format: string;
  version: number;
  created: string;
  postgres: string;
  migrations: string[];
  tables: string[];
}

interface Ending {
  end: true;
  rows: number;
  sequences: { name: string; value: string }[];
}

/**
 * The application's schemas: its tables, and the published releases' row versions (migration
 * 026), without which a restored database would have releases that read as empty. A table of
 * another schema than public is named `schema.table` in the backup.
 */
const SCHEMAS = ['public', 'release_rows', 'release_data'];
const TABLE_NAME = `CASE WHEN n.nspname = 'public' THEN c.relname ELSE n.nspname || '.' || c.relname END`;

/** A table's name in the backup as SQL: `public.conditions`, `release_rows.conditions`. */
function qualified(client: pg.ClientBase, name: string): string {
  const [schema, table] = name.includes('.') ? name.split('.') : ['public', name];
  return `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`;
}

/** The application's tables in an order where every table comes after those it refers to. */
async function tablesInForeignKeyOrder(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT ${TABLE_NAME} AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY ($1) AND c.relkind = 'r' ORDER BY 1`,
    [SCHEMAS],
  );
  const { rows: references } = await client.query<{ from: string; to: string }>(
    `SELECT DISTINCT f.relname AS "from", t.relname AS "to"
       FROM pg_constraint k
       JOIN pg_class f ON f.oid = k.conrelid JOIN pg_class t ON t.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = f.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  let left = tables.map((t) => t.name);
  while (left.length) {
    const ready = left.filter(
      (table) => !references.some((r) => r.from === table && left.includes(r.to)),
    );
    if (!ready.length)
      throw new Error(`these tables refer to each other in a cycle: ${left.join(', ')}`);
    ordered.push(...ready);
    left = left.filter((table) => !ready.includes(table));
  }
  return ordered;
}

async function columnsOf(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`,
    [qualified(client, table)],
  );
  return rows.map((r) => r.name);
}

async function write(out: Writable, chunk: string | Buffer) {
  if (!out.write(chunk)) await once(out, 'drain');
}

const columnList = (client: pg.ClientBase, columns: string[]) =>
  columns.map((c) => client.escapeIdentifier(c)).join(', ');

/** Writes one consistent snapshot of every table to `out` (which it does not end). */
export async function backupDatabase(
  client: pg.ClientBase,
  out: Writable,
  onProgress: (progress: Progress) => void = () => undefined,
): Promise<{ tables: number; rows: number }> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    const tables = await tablesInForeignKeyOrder(client);
    const migrations = tables.includes('schema_migrations')
      ? (
          await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
        ).rows.map((r) => r.name)
      : [];
    const { rows: version } = await client.query<{ v: string }>('SHOW server_version');
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      created: new Date().toISOString(),
      postgres: version[0].v,
      migrations,
      tables,
    };
    await write(out, `${JSON.stringify(header)}\n`);
    let rows = 0;
    for (const [index, table] of tables.entries()) {
      const columns = await columnsOf(client, table);
      await write(out, `${JSON.stringify({ table, columns })}\n`);
      const copy = client.query(
        copyTo(`COPY ${qualified(client, table)} (${columnList(client, columns)}) TO STDOUT`),
      );
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        await write(out, chunk);
        for (const byte of chunk) if (byte === 10) rows++;
        onProgress({ tables: index, totalTables: tables.length, rows });
      }
      await write(out, `${END_OF_TABLE}\n`);
      onProgress({ tables: index + 1, totalTables: tables.length, rows });
    }
    // Read last: a sequence is never behind the ids in the snapshot (sequences are not
    // transactional, so this may be a little ahead, which only leaves a gap).
    const { rows: sequences } = await client.query<{ name: string; value: string }>(
      `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
        WHERE schemaname = 'public' AND last_value IS NOT NULL ORDER BY sequencename`,
    );
    const ending: Ending = { end: true, rows, sequences };
    await write(out, `${JSON.stringify(ending)}\n`);
    return { tables: tables.length, rows };
  } finally {
    await client.query('ROLLBACK');
  }
}

/** Relations of the application's schema: a database holding any is not empty. */
export async function existingRelations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT ${TABLE_NAME} AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY ($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      ORDER BY 1`,
    [SCHEMAS],
  );
  return rows.map((r) => r.name);
}

export class RestoreRefused extends Error {}

/** Loads a backup into `client`'s database, which must be empty; all of it or nothing. */
export async function restoreDatabase(
  client: pg.ClientBase,
  input: Readable,
  onProgress: (progress: Progress) => void = () => undefined,
  migrationsDir = MIGRATIONS_DIR,
): Promise<{ tables: number; rows: number }> {
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new RestoreRefused('the backup file is cut short: nothing was restored');
    return line.value;
  };
  let header: Header;
  try {
    header = JSON.parse(await next()) as Header;
  } catch {
    header = { format: '' } as Header;
  }
  if (header.format !== FORMAT || header.version !== VERSION)
    throw new RestoreRefused(
      'this is not a MedRef Admin backup file (or not one this version reads)',
    );
  const known = migrationFiles(migrationsDir);
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new RestoreRefused(
      `the backup was made by a newer version (migrations ${unknown.join(', ')}): restore it with that version`,
    );

  await client.query('BEGIN');
  try {
    const present = await existingRelations(client);
    if (present.length)
      throw new RestoreRefused(
        `the database is not empty (it holds ${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): restore only into an empty database`,
      );
    // The schema the backup's database had; rows the migrations insert are replaced below.
    await client.query(SCHEMA_MIGRATIONS_TABLE);
    for (const name of known.filter((file) => header.migrations.includes(file)))
      await client.query(readFileSync(join(migrationsDir, name), 'utf8'));
    const made = (await existingRelations(client)).filter((name) => header.tables.includes(name));
    const tables = header.tables.map((table) => qualified(client, table));
    const missing = header.tables.filter((table) => !made.includes(table));
    if (missing.length)
      throw new RestoreRefused(
        `the backup's tables ${missing.join(', ')} are not made by its migrations: it cannot be restored`,
      );
    // Triggers (the per-table version counters, the history's guard against changes) must not
    // rewrite or refuse what is restored.
    for (const table of tables) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    // The history's tables refuse TRUNCATE even to their owner (migration 028); the migrations
    // just applied leave them empty, so only the others need emptying.
    const { rows: truncatable } = await client.query<{ name: string; may: boolean }>(
      `SELECT name, has_table_privilege(name::regclass, 'TRUNCATE') AS may
         FROM unnest($1::text[]) AS name`,
      [tables],
    );
    for (const { name } of truncatable.filter((table) => !table.may)) {
      const { rowCount } = await client.query(`SELECT 1 FROM ${name} LIMIT 1`);
      if (rowCount)
        throw new RestoreRefused(`${name} holds rows after the migrations and cannot be emptied`);
    }
    const emptied = truncatable.filter((table) => table.may).map((table) => table.name);
    if (emptied.length) await client.query(`TRUNCATE ${emptied.join(', ')}`);
    let rows = 0;
    for (let index = 0; index < header.tables.length; index++) {
      const section = JSON.parse(await next()) as { table: string; columns: string[] };
      if (section.table !== header.tables[index])
        throw new RestoreRefused(
          `the backup file is damaged: expected table ${header.tables[index]}`,
        );
      const copy = client.query(
        copyFrom(
          `COPY ${qualified(client, section.table)} (${columnList(client, section.columns)}) FROM STDIN`,
        ),
      );
      await pipeline(async function* () {
        for (let line = await next(); line !== END_OF_TABLE; line = await next()) {
          if (++rows % 1000 === 0)
            onProgress({ tables: index, totalTables: header.tables.length, rows });
          yield `${line}\n`;
        }
      }, copy);
      onProgress({ tables: index + 1, totalTables: header.tables.length, rows });
    }
    const ending = JSON.parse(await next()) as Ending;
    if (ending.end !== true || ending.rows !== rows)
      throw new RestoreRefused('the backup file is damaged: its row count does not match');
    for (const { name, value } of ending.sequences)
      await client.query('SELECT setval($1::regclass, $2::bigint, true)', [
        `public.${client.escapeIdentifier(name)}`,
        value,
      ]);
    for (const table of tables) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    await client.query('COMMIT');
    return { tables: header.tables.length, rows };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
