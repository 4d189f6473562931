import type { FastifyBaseLogger } from 'fastify';
import { inTransactionScope } from '../db/pool';

export interface Timing {
  /** How long after `schedule` the run waits for more calls before it starts. */
  delayMs: number;
  /** A steady stream of calls still gets a run at least this often. */
  maxWaitMs: number;
}

/**
 * Background work after writes: debounced (a burst of writes makes one run), one run at a time
 * per instance, and never in the write's way (`schedule` only sets a timer). A failed run is
 * logged with `failure`.
 */
export function debouncedRun(
  run: () => Promise<unknown>,
  log: FastifyBaseLogger,
  failure: string,
  timing: Timing,
) {
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
      .catch((error: unknown) => log.error({ err: error }, failure))
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
    const wait = Math.max(0, Math.min(timing.delayMs, firstAsked + timing.maxWaitMs - now));
    timer = setTimeout(fire, wait);
  }

  /** Resolves once nothing is scheduled or running (tests, and shutting down). */
  async function idle(): Promise<void> {
    while (timer || running) {
      if (timer) await new Promise((resolve) => setTimeout(resolve, timing.delayMs));
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

export type DebouncedRun = ReturnType<typeof debouncedRun>;
