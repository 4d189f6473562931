import type pg from 'pg';
import { migrate } from './migrate';
import { withTransaction } from './pool';
import { seedDemo } from './seed';

/** Migrates, then loads the demo data when asked and the database holds no reference data yet. */
export async function prepareDatabase(
  pool: pg.Pool,
  options: { seed: 'demo' | 'none'; passwordCost: number },
): Promise<{ migrated: string[]; seeded: boolean }> {
  const migrated = await migrate(pool);
  if (options.seed !== 'demo') return { migrated, seeded: false };
  const seeded = await withTransaction(pool, async (client) => {
    await client.query('LOCK TABLE conditions IN EXCLUSIVE MODE');
    const { rows } = await client.query<{ empty: boolean }>(
      'SELECT NOT EXISTS (SELECT 1 FROM conditions) AND NOT EXISTS (SELECT 1 FROM users) AS empty',
    );
    if (!rows[0].empty) return false;
    await seedDemo(client, { passwordCost: options.passwordCost });
    return true;
  });
  return { migrated, seeded };
}
