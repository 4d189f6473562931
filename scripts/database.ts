// The database a maintenance script works on: the one named by DATABASE_URL, or else DATA_DIR's
// embedded one (the running server's, or started here for the purpose).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

export const say = (message: string) => console.log(`[medref] ${message}`);

/** A refusal the script explains in one line, without a stack. */
export class Refused extends Error {}

/**
 * Runs `work` on a connection to the database: for a restore, an empty one (never the running
 * server's); otherwise one that holds data, the running server's while it keeps serving.
 */
export async function withDatabase<T>(
  forRestore: boolean,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
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
  if (forRestore) {
    // The lock file stays after any start, a failed one included (deleting it would let two
    // servers lock different files): it holds no data.
    if (existsSync(dataDir) && readdirSync(dataDir).some((name) => name !== 'server.lock'))
      throw new Refused(
        `DATA_DIR ${dataDir} is not empty: restore only into an empty DATA_DIR (set DATA_DIR to a new directory, or move this one away)`,
      );
  } else if (!existsSync(join(clusterDirectory(dataDir), 'PG_VERSION'))) {
    throw new Refused(`DATA_DIR ${dataDir} holds no database: set DATA_DIR or DATABASE_URL`);
  }
  try {
    const embedded = await startEmbeddedDatabase(dataDir, say);
    try {
      return await connect(embedded.url);
    } finally {
      await embedded.stop();
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || forRestore) throw error;
    // The server is running: work on its PostgreSQL while it keeps serving.
    const port = readFileSync(join(clusterDirectory(dataDir), 'postmaster.pid'), 'utf8').split(
      '\n',
    )[3];
    const password = readFileSync(appPasswordFile(dataDir), 'utf8').trim();
    return connect(
      `postgres://${APP_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/medref`,
    );
  }
}
