// `npm run audit:verify`: checks the history's hash chain (migration 028) in the database named by
// DATABASE_URL, or else DATA_DIR's embedded one (the running server's, or started here for the
// purpose). Prints OK with the number of entries and the chain's head, or the first broken link;
// exits 0 when the chain is whole, 1 when it is broken, 2 when it could not be checked.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { readConfig } from '../server/config';
import { DataDirLockedError } from '../server/db/dataDirLock';
import {
  APP_ROLE,
  appPasswordFile,
  clusterDirectory,
  startEmbeddedDatabase,
} from '../server/db/embedded';
import { describeChain, verifyChain } from '../server/repositories/audit/chain';

const say = (message: string) => console.log(`[medref] ${message}`);

class Refused extends Error {}

/** Runs `work` on a connection to the database to check. */
async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const config = readConfig();
  const connect = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  if (config.databaseUrl) return connect(config.databaseUrl);
  const { dataDir } = config;
  if (!existsSync(join(clusterDirectory(dataDir), 'PG_VERSION')))
    throw new Refused(`DATA_DIR ${dataDir} holds no database: set DATA_DIR or DATABASE_URL`);
  try {
    const embedded = await startEmbeddedDatabase(dataDir, say);
    try {
      return await connect(embedded.url);
    } finally {
      await embedded.stop();
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The server is running: check its PostgreSQL while it keeps serving (a read-only snapshot).
    const port = readFileSync(join(clusterDirectory(dataDir), 'postmaster.pid'), 'utf8').split(
      '\n',
    )[3];
    const password = readFileSync(appPasswordFile(dataDir), 'utf8').trim();
    return connect(
      `postgres://${APP_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/medref`,
    );
  }
}

withDatabase(verifyChain).then(
  (report) => {
    for (const line of describeChain(report)) say(line);
    process.exit(report.broken ? 1 : 0);
  },
  (error: unknown) => {
    console.error(
      `[medref] audit:verify could not check the history: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(2);
  },
);
