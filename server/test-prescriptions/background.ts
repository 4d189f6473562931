import type { FastifyInstance } from 'fastify';
import type { Contract } from '../contract';
import { debouncedRun, type DebouncedRun } from '../lib/debouncedRun';
import { holdEvaluators } from './workers';

/** How long after a write the suite waits for more writes before it runs. */
export const SUITE_DELAY_MS = 300;
/** A steady stream of writes still gets a run at least this often. */
export const SUITE_MAX_WAIT_MS = 3_000;

/**
 * Gives the app its scheduler (`app.testSuite`), which re-runs the test prescriptions after writes
 * to the reference data (the results go to the database, so every instance, and the console
 * behind any of them, sees the same ones), and schedules a run after every successful
 * reference-data write: the operations the contract lists in ReferenceWriteOperation. The hook
 * fires once the answer is sent, after the write's transaction committed. Re-runs are coalesced:
 * one at a time, and writes made during one make a single re-run after it, on the newest data.
 *
 * The app holds the process's evaluation workers (./workers.ts) from here, where it is built, and
 * lets go of them when it closes, once its last re-run has ended: a closed app leaves no thread.
 */
export function installSuiteRerun(
  app: FastifyInstance,
  contract: Contract,
  prefix: string,
  run: () => Promise<unknown>,
) {
  const scheduler = debouncedRun(run, app.log, 'the test prescriptions did not run', {
    delayMs: SUITE_DELAY_MS,
    maxWaitMs: SUITE_MAX_WAIT_MS,
  });
  app.decorate('testSuite', scheduler);
  const releaseEvaluators = holdEvaluators(app.config.testSuite.workers);
  const operations = (contract.components.schemas.ReferenceWriteOperation as { enum: string[] })
    .enum;
  const writes = new Set(
    operations.map((id) => {
      const op = app.operation(id);
      return `${op.method} ${prefix}${op.url}`;
    }),
  );
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300) return;
    if (writes.has(`${request.method} ${request.routeOptions.url}`)) scheduler.schedule();
  });
  app.addHook('onClose', async () => {
    await scheduler.close();
    await releaseEvaluators();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Re-runs the test prescriptions in the background after reference-data writes. */
    testSuite: DebouncedRun;
  }
}
