import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Contract } from '../contract';
import { inTransactionScope } from '../db/pool';

/** How long after a write the suite waits for more writes before it runs. */
export const SUITE_DELAY_MS = 300;
/** A steady stream of writes still gets a run at least this often. */
export const SUITE_MAX_WAIT_MS = 3_000;

/**
 * Re-runs the test prescriptions after writes to the reference data: debounced (a burst of
 * writes makes one run), one run at a time per instance, and never in the write's way (the
 * write's answer is sent before; `schedule` only sets a timer). The results go to the database,
 * so every instance, and the console behind any of them, sees the same ones.
 */
export function suiteScheduler(run: () => Promise<unknown>, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  let firstAsked: number | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const fire = () => {
    timer = undefined;
    firstAsked = undefined;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'the test prescriptions did not run'))
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          schedule();
        }
      });
  };

  function schedule() {
    // A preview's write is rolled back: there is nothing to run for.
    if (closed || inTransactionScope()) return;
    const now = Date.now();
    firstAsked ??= now;
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(SUITE_DELAY_MS, firstAsked + SUITE_MAX_WAIT_MS - now));
    timer = setTimeout(fire, wait);
  }

  /** Resolves once nothing is scheduled or running (tests, and shutting down). */
  async function idle(): Promise<void> {
    while (timer || running) {
      if (timer) await new Promise((resolve) => setTimeout(resolve, SUITE_DELAY_MS));
      if (running) await running;
    }
  }

  async function close(): Promise<void> {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    await running;
  }

  return { schedule, idle, close };
}

export type SuiteScheduler = ReturnType<typeof suiteScheduler>;

/**
 * Gives the app its scheduler (`app.testSuite`) and schedules a run after every successful
 * reference-data write: the operations the contract lists in ReferenceWriteOperation. The hook
 * fires once the answer is sent, after the write's transaction committed.
 */
export function installSuiteRerun(
  app: FastifyInstance,
  contract: Contract,
  prefix: string,
  run: () => Promise<unknown>,
) {
  const scheduler = suiteScheduler(run, app.log);
  app.decorate('testSuite', scheduler);
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
  app.addHook('onClose', () => scheduler.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Re-runs the test prescriptions in the background after reference-data writes. */
    testSuite: SuiteScheduler;
  }
}
