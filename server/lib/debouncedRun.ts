import type { FastifyBaseLogger } from 'fastify';
import { inTransactionScope } from '../db/pool';

export interface Timing {
  /** How long after `schedule` the run waits for more calls before it starts. */
  delayMs: number;
  /** A steady stream of calls still gets a run at least this often. */
  maxWaitMs: number;
}

/**
 * `run` one call at a time, the latest request winning: a request made while a call is under way
 * makes exactly one more call once it ends (which then reads the data as it is, newest writes
 * included); any further requests meanwhile join that one. A request never waits for a call, and
 * a failed call (`onError`) does not stop the next.
 */
export function coalesced(run: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function request(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = Promise.resolve()
      .then(run)
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          request();
        }
      });
  }

  return {
    request,
    /** The call under way, if any (a later one may follow it: see `idle`). */
    get running() {
      return running;
    },
    /** Resolves once no call is under way or asked for. */
    async idle(): Promise<void> {
      while (running) await running;
    },
    /** No more calls; resolves once the one under way, if any, has ended. */
    async stop(): Promise<void> {
      stopped = true;
      again = false;
      await running;
    },
  };
}

/**
 * Background work after writes: debounced (a burst of writes makes one run), coalesced (one run at
 * a time per instance; writes during a run make one more run after it, see `coalesced`), and never
 * in the write's way (`schedule` only sets a timer). A failed run is logged with `failure`.
 */
export function debouncedRun(
  run: () => Promise<unknown>,
  log: FastifyBaseLogger,
  failure: string,
  timing: Timing,
) {
  let timer: NodeJS.Timeout | undefined;
  let firstAsked: number | undefined;
  let closed = false;
  const runs = coalesced(run, (error: unknown) => log.error({ err: error }, failure));

  const fire = () => {
    timer = undefined;
    firstAsked = undefined;
    runs.request();
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
    while (timer || runs.running) {
      if (timer) await new Promise((resolve) => setTimeout(resolve, timing.delayMs));
      await runs.idle();
    }
  }

  async function close(): Promise<void> {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    await runs.stop();
  }

  return { schedule, idle, close };
}

export type DebouncedRun = ReturnType<typeof debouncedRun>;
