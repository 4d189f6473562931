import type pg from 'pg';
import { withTransaction } from '../db/pool';
import { insertRelease, lockDraft } from '../repositories/releases';

/**
 * Publishes the draft as the next release, straight into the database and without review or
 * checks: app users read the latest release, and a test that is not about releases makes its data
 * in the draft. (The release tests publish through the API, and e2e/releases.test.ts through the
 * console, as people do.)
 */
export async function publishDraft(pool: pg.Pool): Promise<void> {
  await withTransaction(pool, async (tx) => {
    await lockDraft(tx);
    await insertRelease(tx, {
      title: 'Test data',
      notes: '',
      effectiveAt: null,
      publishedBy: null,
      publishedByName: 'Tests',
    });
  });
}
