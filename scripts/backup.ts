// `npm run backup [FILE]` and `npm run restore FILE`: the database named by DATABASE_URL, or else
// DATA_DIR's embedded one (the running server's, or started here for the purpose). README: Backup.
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
} from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { readConfig } from '../server/config';
import { backupDatabase, restoreDatabase, type Progress } from '../server/db/backup';
import { DataDirLockedError } from '../server/db/dataDirLock';
import {
  APP_ROLE,
  appPasswordFile,
  clusterDirectory,
  startEmbeddedDatabase,
} from '../server/db/embedded';

const say = (message: string) => console.log(`[medref] ${message}`);

class Refused extends Error {}

function showProgress(verb: string) {
  return ({ tables, totalTables, rows }: Progress) => {
    if (process.stderr.isTTY)
      process.stderr.write(`\r[medref] ${verb}: ${tables}/${totalTables} tables, ${rows} rows`);
  };
}

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} kB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs `work` on a connection to the database to back up or restore into. */
async function withDatabase<T>(
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
    // The server is running: back up its PostgreSQL while it keeps serving.
    const port = readFileSync(join(clusterDirectory(dataDir), 'postmaster.pid'), 'utf8').split(
      '\n',
    )[3];
    const password = readFileSync(appPasswordFile(dataDir), 'utf8').trim();
    return connect(
      `postgres://${APP_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/medref`,
    );
  }
}

async function backup(file: string) {
  if (existsSync(file)) throw new Refused(`${file} exists already: name another file`);
  const partial = `${file}.partial`;
  try {
    const result = await withDatabase(false, async (client) => {
      const gzip = createGzip();
      const written = pipeline(
        gzip,
        createWriteStream(partial, { flags: 'wx', flush: true, mode: 0o600 }),
      );
      const counts = await backupDatabase(client, gzip, showProgress('backing up'));
      gzip.end();
      await written;
      return counts;
    });
    await rename(partial, file);
    if (process.stderr.isTTY) process.stderr.write('\n');
    say(
      `backed up ${result.tables} tables, ${result.rows} rows to ${file} (${size((await stat(file)).size)})`,
    );
  } finally {
    await rm(partial, { force: true });
  }
}

async function restore(file: string | undefined) {
  if (!file) throw new Refused('name the backup file: npm run restore FILE');
  if (!existsSync(file)) throw new Refused(`${file} does not exist`);
  const result = await withDatabase(true, (client) =>
    restoreDatabase(client, createReadStream(file).pipe(createGunzip()), showProgress('restoring')),
  );
  if (process.stderr.isTTY) process.stderr.write('\n');
  say(
    `restored ${result.tables} tables, ${result.rows} rows from ${file} (${size((await stat(file)).size)})`,
  );
}

const [command, named] = process.argv.slice(2);
// npm runs scripts from the package's root; a file named on the command line is where the user is.
const file = named && resolve(process.env.INIT_CWD ?? process.cwd(), named);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
(command === 'restore' ? restore(file) : backup(file || `medref-backup-${stamp}.gz`)).catch(
  (error: unknown) => {
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.error(`[medref] ${command} failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
