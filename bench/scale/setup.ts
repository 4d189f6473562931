import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedDataDir, signIn, startServer, type Credentials } from '../../e2e/support/harness';
import { clusterDirectory, superuserPasswordFile } from '../../server/db/embedded';
import { loadScaleData } from './data';

export interface ScaleServer {
  /** The server's address, e.g. http://127.0.0.1:41234 (the API is under /api/v1). */
  baseUrl: string;
  /** Its administrator, and a token signed in as them. */
  admin: Credentials;
  token: string;
  /** The server process (Node), for its memory and CPU figures. */
  pid: number;
  /** Its PostgreSQL's postmaster, whose children are the backends (for their CPU figures). */
  postgresPid: number;
  /** Seconds the data took to load. */
  loadSeconds: number;
  /**
   * A superuser's connection to its database, for what the API does not do (a bulk change,
   * VACUUM, sizes).
   */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * The real server (server/index.ts in a child process, embedded PostgreSQL on a temporary
 * DATA_DIR, no demo data) with the scale data loaded into its database as the superuser. Shared
 * by the API figures (bench/scale.ts) and the console's figures in Chromium.
 */
export async function startScaleServer(): Promise<ScaleServer> {
  const server = await startServer({ SEED: 'none', LOG_LEVEL: 'warn' });
  try {
    const dataDir = embeddedDataDir(server);
    const pidFile = readFileSync(join(clusterDirectory(dataDir), 'postmaster.pid'), 'utf8');
    const [postmaster, , , port] = pidFile.split('\n').map((line) => line.trim());
    const password = readFileSync(superuserPasswordFile(dataDir), 'utf8').trim();
    const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/medref`;
    const loadSeconds = await loadScaleData(adminUrl);
    const token = await signIn(server.baseUrl, server.admin);
    return {
      baseUrl: server.baseUrl,
      admin: server.admin,
      token,
      pid: server.process.pid as number,
      postgresPid: Number(postmaster),
      loadSeconds,
      adminUrl,
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
