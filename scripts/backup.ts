// `npm run backup [FILE]` and `npm run restore FILE`: the database named by DATABASE_URL, or else
// DATA_DIR's embedded one (the running server's, or started here for the purpose). README: Backup.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { backupDatabase, restoreDatabase, type Progress } from '../server/db/backup';
import { Refused, say, withDatabase } from './database';

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
