import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import { withTransaction } from './pool';

export const MIGRATIONS_DIR = resolve('server/db/migrations');

/**
 * Applies the plain SQL files of server/db/migrations in name order, each in its own
 * transaction, and records them in schema_migrations. An advisory lock keeps two servers
 * starting at once from applying the same file twice.
 */
export const SCHEMA_MIGRATIONS_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

/** The migration files, in the order they apply. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  const applied: string[] = [];
  await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(7265001)');
    await client.query(SCHEMA_MIGRATIONS_TABLE);
  });
  for (const file of files) {
    await withTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(7265001)');
      const done = await client.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.rowCount) return;
      await client.query(readFileSync(join(dir, file), 'utf8'));
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    });
  }
  return applied;
}
