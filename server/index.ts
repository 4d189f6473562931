import { readConfig } from './config';
import { buildApp } from './app';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { createPool } from './db/pool';
import { prepareDatabase } from './db/prepare';

/** How long a stop waits for the requests in flight before it cuts them off. */
const DRAIN_LIMIT_MS = 10_000;

/** The process entry point: environment → database → migrations and seed → HTTP. */
async function main() {
  const config = readConfig();
  const say = (message: string) => console.log(`[medref] ${message}`);
  // What has started so far, for stop().
  const running: {
    embedded?: EmbeddedDatabase;
    pool?: ReturnType<typeof createPool>;
    app?: Awaited<ReturnType<typeof buildApp>>;
  } = {};

  // Stop in order: stop accepting and finish the requests in flight (app.close()), close the
  // pool, then stop PostgreSQL, then exit 0. PostgreSQL runs in a process group of its own, so a
  // terminal's Ctrl-C reaches only this process and is drained like SIGTERM. A signal during
  // start-up stops what has started so far.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping`);
    const { app, pool, embedded } = running;
    if (app) {
      const server = app.server;
      const closed = app.close().catch(() => undefined);
      // close() ends the idle keep-alive connections once, when called; a connection whose
      // request finishes after that would be held open for the keep-alive timeout (72 s).
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      // A request still running after this long is cut off rather than hold the stop up.
      const cutOff = setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS);
      await closed;
      clearInterval(sweep);
      clearTimeout(cutOff);
    }
    await pool?.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void stop(signal));

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded = await startEmbeddedDatabase(config.dataDir, say, { detached: true });
    running.embedded = embedded;
    databaseUrl = embedded.url;
    say(`PostgreSQL (embedded) is running for ${embedded.clusterDir}`);
    // A server without its database only answers errors: exit, so that a supervisor restarts it.
    void embedded.exited.then(({ code, signal }) => {
      if (stopping) return;
      console.error(
        `[medref] PostgreSQL exited unexpectedly (${signal ?? `exit code ${code}`}); stopping`,
      );
      process.exit(1);
    });
  }
  // Migrations and the seed may run long statements: they get a pool without the timeouts.
  const setup = createPool(databaseUrl, 1, { timeouts: false });
  const { migrated, seeded } = await prepareDatabase(setup, config).finally(() => setup.end());
  const pool = createPool(databaseUrl);
  running.pool = pool;
  if (migrated.length) say(`applied migrations: ${migrated.join(', ')}`);
  if (seeded) say('loaded the demo data (illustrative, not medical advice)');

  const app = await buildApp(pool, config, {
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.token'],
    },
  });

  running.app = app;

  await app.listen({ port: config.port, host: config.host });
  say(`MedRef Admin is ready at http://${config.host}:${config.port}/ (API at /api/v1)`);
}

main().catch((error: unknown) => {
  console.error('[medref] could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
