import pg from 'pg';
import { migrate } from '../db/migrate';
import { createPool } from '../db/pool';

/** The database every API test file's own database is copied from: migrated, and empty. */
const TEMPLATE = 'medref_test_template';

/** The URL of database `name` on the server of `base`. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Runs `sql` (CREATE or DROP DATABASE) as the superuser of `base`, connected to the `postgres`
 * database: never to a template, which may have no other session while it is copied.
 */
export async function onServer(base: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl(base, 'postgres') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Creates the template afresh and migrates it; answers its name. A template may have no open
 * connection while it is copied, so its pool is closed before any test file starts.
 */
export async function prepareTemplateDatabase(base: string): Promise<string> {
  await onServer(base, `DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await onServer(base, `CREATE DATABASE ${TEMPLATE}`);
  const pool = createPool(databaseUrl(base, TEMPLATE), 1);
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  return TEMPLATE;
}
