import { cancellationSignal, SharedDemand, withCancellation } from '../db/cancellation';

/**
 * Values kept while the tables they were read from keep their versions (migration 003: every
 * write moves its tables' versions in its own transaction; a request reads them with its session,
 * see findSession). A value's version is the sum of its tables' versions, which only grow, so a
 * larger sum is newer data: an entry serves a request whose version is not newer than its own,
 * and any later write makes the next request read again. Requests that miss at once share one
 * read; a failed read is not kept. In a `cancellable` cache, a read asked for from a
 * cancellation scope (../db/cancellation.ts) runs in a scope of its own, cancelled once every
 * request waiting for it has gone: it is then forgotten, and the next request reads again. The
 * entries used least recently go first once their sizes add up to more than `limit`.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<
    string,
    { version: bigint; size: number; value: Promise<T>; demand?: SharedDemand }
  >();
  private used = 0;

  constructor(
    private readonly limit: number,
    /** An entry's share of the limit (1 each when not given), known once its value is read. */
    private readonly sizeOf: (value: T) => number = () => 1,
    private readonly options: {
      /** Whether a read nobody waits for any more is cancelled (see above). */
      cancellable?: boolean;
    } = {},
  ) {}

  get(key: string, version: bigint, read: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key);
    if (known && known.version >= version) {
      this.entries.delete(key); // the most recently used go last
      this.entries.set(key, known);
      known.demand?.join(cancellationSignal());
      return known.value;
    }
    if (known) this.remove(key);
    // Read outside a cancellation scope, a read could never be cancelled: it takes none.
    const signal = this.options.cancellable ? cancellationSignal() : undefined;
    const demand = signal
      ? new SharedDemand(() => {
          if (this.entries.get(key)?.demand === demand) this.remove(key);
        })
      : undefined;
    demand?.join(signal);
    const value = demand ? withCancellation(demand.signal, read) : read();
    const entry = { version, size: 0, value, demand };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        demand?.settle();
        if (this.entries.get(key) !== entry) return;
        entry.size = this.sizeOf(value);
        this.used += entry.size;
        for (const [oldest] of this.entries) {
          if (this.used <= this.limit) break;
          this.remove(oldest);
        }
      },
      () => {
        demand?.settle();
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return entry.value;
  }

  private remove(key: string) {
    this.used -= this.entries.get(key)?.size ?? 0;
    this.entries.delete(key);
  }
}
