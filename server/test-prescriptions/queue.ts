import { HttpError } from '../errors';

/** A 429 that says when to try again (the routes send it as Retry-After). */
export class Busy extends HttpError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, message);
  }
}

export interface QueueLimits {
  /** Jobs that run at once. */
  concurrent: number;
  /** Jobs that may wait for a turn. */
  queued: number;
}

/** Before any job has finished, the guess at how long one takes. */
const FIRST_GUESS_MS = 5_000;
const MAX_RETRY_AFTER_S = 300;

interface Waiting {
  start: () => void;
}

/**
 * The server's queue for the test prescriptions' heavy jobs (runs of the suite, impact previews,
 * imports): `concurrent` run at once, `queued` more wait in memory, in order, holding no database
 * connection; past that a job is refused at once with a 429 (Busy) saying when to try again, as is
 * a second job of the same account and kind while its first is still queued or running (one run
 * of the whole suite per account at a time). Retry-After is a guess from how long jobs took lately.
 */
export class SuiteQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  /** Jobs by account and kind (`7:run`), with when each was admitted. */
  private readonly owners = new Map<string, number>();
  /** How long a job takes, a moving average of the finished ones. */
  private averageMs = FIRST_GUESS_MS;

  constructor(private readonly limits: QueueLimits) {}

  /** Jobs admitted and not finished (running or waiting). */
  get size(): number {
    return this.running + this.waiting.length;
  }

  /**
   * Runs `work` in its turn. `owner` (an account and a kind of job) allows that account one such
   * job at a time.
   */
  async run<T>(work: () => Promise<T>, owner?: { account: number; kind: string }): Promise<T> {
    const key = owner && `${owner.account}:${owner.kind}`;
    if (key !== undefined) {
      const since = this.owners.get(key);
      if (since !== undefined) {
        const left = this.averageMs - (Date.now() - since);
        throw new Busy(
          `Your earlier ${owner?.kind ?? 'job'} is still under way: wait for it to finish, then try again.`,
          seconds(left),
        );
      }
    }
    if (this.running >= this.limits.concurrent && this.waiting.length >= this.limits.queued) {
      const ahead = this.size + 1;
      throw new Busy(
        `The server is busy with ${this.size} test prescription jobs. Please try again in a moment.`,
        seconds((this.averageMs * ahead) / Math.max(1, this.limits.concurrent)),
      );
    }
    if (key !== undefined) this.owners.set(key, Date.now());
    try {
      if (this.running >= this.limits.concurrent) {
        await new Promise<void>((start) => this.waiting.push({ start }));
      } else {
        this.running++;
      }
      const started = Date.now();
      try {
        return await work();
      } finally {
        this.averageMs = 0.7 * this.averageMs + 0.3 * (Date.now() - started);
        this.next();
      }
    } finally {
      if (key !== undefined) this.owners.delete(key);
    }
  }

  /** Hands the finished job's place to the first one waiting. */
  private next(): void {
    const first = this.waiting.shift();
    if (first) first.start();
    else this.running--;
  }
}

/** Whole seconds for Retry-After, at least 1. */
function seconds(ms: number): number {
  return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(ms / 1000)));
}
