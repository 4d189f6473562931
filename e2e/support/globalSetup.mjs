// Once per run: build the console when it is stale, and start one PostgreSQL whose `medref`
// database is migrated and holds the demo data. Each browser test file's server then gets a copy
// of that database (e2e/support/harness.ts): far cheaper than a cluster and a seed of its own.
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ensureConsoleBuilt } from '../../scripts/console-build.mjs';

export default async function globalSetup() {
  ensureConsoleBuilt();
  const { startEmbeddedDatabase } = await tsImport('../../server/db/embedded.ts', import.meta.url);
  const { createPool } = await tsImport('../../server/db/pool.ts', import.meta.url);
  const { prepareDatabase } = await tsImport('../../server/db/prepare.ts', import.meta.url);
  const { E2E_PASSWORD_COST } = await tsImport('./harness.ts', import.meta.url);
  // The postgres user must be able to enter the directory (mkdtemp makes it 0700).
  const dir = mkdtempSync(join(tmpdir(), 'medref-e2e-template-'));
  chmodSync(dir, 0o755);
  const database = await startEmbeddedDatabase(join(dir, 'data'));
  globalThis.__medrefE2eDatabase = { database, dir };
  const pool = createPool(database.url, 1, { timeouts: false });
  try {
    await prepareDatabase(pool, { seed: 'demo', passwordCost: E2E_PASSWORD_COST });
  } finally {
    await pool.end();
  }
  process.env.E2E_TEMPLATE_URL = database.url;
  process.env.E2E_ADMIN_URL = database.adminUrl;
}
