import { readConfig } from './config';
import { buildApp } from './app';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { createPool } from './db/pool';
import { prepareDatabase } from './db/prepare';

/** The process entry point: environment → database → migrations and seed → HTTP. */
async function main() {
  const config = readConfig();
  const say = (message: string) => console.log(`[medref] ${message}`);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(config.dataDir, say);
    databaseUrl = embedded.url;
    say(`PostgreSQL (embedded) is running for ${embedded.clusterDir}`);
  }
  const pool = createPool(databaseUrl);
  const { migrated, seeded } = await prepareDatabase(pool, config);
  if (migrated.length) say(`applied migrations: ${migrated.join(', ')}`);
  if (seeded) say('loaded the demo data (illustrative, not medical advice)');

  const app = await buildApp(pool, config, {
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.token'],
    },
    trustProxy: process.env.TRUST_PROXY === 'true',
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping`);
    await app.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  say(`MedRef Admin is ready at http://${config.host}:${config.port}/ (API at /api/v1)`);
}

main().catch((error: unknown) => {
  console.error('[medref] could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
