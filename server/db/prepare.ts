import type pg from 'pg';
import { migrate } from './migrate';
import { withTransaction } from './pool';
import { seedDemo } from './seed';
import { ensureFirstRelease } from '../repositories/releases';

/** Migrates, then loads the demo data when asked and the database holds no reference data yet. */
export async function prepareDatabase(
  pool: pg.Pool,
  options: { seed: 'demo' | 'none'; passwordCost: number },
): Promise<{ migrated: string[]; seeded: boolean }> {
  const migrated = await migrate(pool);
  const seeded = options.seed === 'demo' && (await seedIfEmpty(pool, options.passwordCost));
  // The data as it is becomes release 1 at the first start with releases (a new database: once
  // seeded), so that app users read it as they did before.
  await withTransaction(pool, ensureFirstRelease);
  return { migrated, seeded };
}

async function seedIfEmpty(pool: pg.Pool, passwordCost: number): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    await client.query('LOCK TABLE conditions IN EXCLUSIVE MODE');
    const { rows } = await client.query<{ empty: boolean }>(
      'SELECT NOT EXISTS (SELECT 1 FROM conditions) AND NOT EXISTS (SELECT 1 FROM users) AS empty',
    );
    if (!rows[0].empty) return false;
    await seedDemo(client, { passwordCost });
    return true;
  });
}
