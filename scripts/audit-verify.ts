// `npm run audit:verify`: checks the history's hash chain (migration 028) in the database named by
// DATABASE_URL, or else DATA_DIR's embedded one (the running server's, or started here for the
// purpose). Prints OK with the number of entries and the chain's head, or the first broken link;
// exits 0 when the chain is whole, 1 when it is broken, 2 when it could not be checked.
import { describeChain, verifyChain } from '../server/repositories/audit/chain';
import { say, withDatabase } from './database';

withDatabase(false, verifyChain).then(
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
