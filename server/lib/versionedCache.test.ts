import { cancellationSignal, withCancellation } from '../db/cancellation';
import { VersionedCache } from './versionedCache';

/** A read that answers `value` and counts how often it ran. */
const reader = <T>(value: T) => jest.fn(() => Promise.resolve(value));

describe('VersionedCache', () => {
  it('reads once per version, serves an older version from a newer entry, and reads again for a newer one', async () => {
    const cache = new VersionedCache<string>(10);
    const read = reader('v5');
    expect(await cache.get('k', 5n, read)).toBe('v5');
    expect(await cache.get('k', 5n, read)).toBe('v5');
    expect(await cache.get('k', 4n, read)).toBe('v5');
    expect(read).toHaveBeenCalledTimes(1);
    expect(await cache.get('k', 6n, reader('v6'))).toBe('v6');
    expect(await cache.get('k', 6n, read)).toBe('v6');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('shares one read between requests that miss at once', async () => {
    const cache = new VersionedCache<number>(10);
    let resolve: (value: number) => void = () => undefined;
    const read = jest.fn(() => new Promise<number>((r) => (resolve = r)));
    const both = Promise.all([cache.get('k', 1n, read), cache.get('k', 1n, read)]);
    resolve(42);
    expect(await both).toEqual([42, 42]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('keeps no failed read', async () => {
    const cache = new VersionedCache<number>(10);
    await expect(cache.get('k', 1n, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('k', 1n, reader(7))).toBe(7);
  });

  it('drops the entries used least recently once their sizes pass the limit', async () => {
    const cache = new VersionedCache<string>(5, (value) => value.length);
    await cache.get('a', 1n, reader('aa'));
    await cache.get('b', 1n, reader('bb'));
    await cache.get('a', 1n, reader('not read')); // a is now the most recently used
    await cache.get('c', 1n, reader('cc')); // 6 > 5: b goes
    const again = { a: reader('a2'), b: reader('b2'), c: reader('c2') };
    expect(await cache.get('a', 1n, again.a)).toBe('aa');
    expect(await cache.get('c', 1n, again.c)).toBe('cc');
    expect(await cache.get('b', 1n, again.b)).toBe('b2');
  });

  describe('cancellable', () => {
    /** A read that waits until it is told to answer, and notes its own scope's signal. */
    function pendingRead() {
      const seen: { signal?: AbortSignal; answer?: (value: string) => void } = {};
      const read = jest.fn(
        () =>
          new Promise<string>((resolve) => {
            seen.signal = cancellationSignal();
            seen.answer = resolve;
          }),
      );
      return { read, seen };
    }
    const waiter = (cache: VersionedCache<string>, read: () => Promise<string>) => {
      const controller = new AbortController();
      const value = withCancellation(controller.signal, () => cache.get('k', 1n, read));
      return { controller, value };
    };

    it('cancels a read once every request waiting for it has gone, and reads again for the next', async () => {
      const cache = new VersionedCache<string>(10, undefined, { cancellable: true });
      const { read, seen } = pendingRead();
      const first = waiter(cache, read);
      const second = waiter(cache, read);
      expect(read).toHaveBeenCalledTimes(1);
      first.controller.abort();
      expect(seen.signal?.aborted).toBe(false);
      second.controller.abort();
      expect(seen.signal?.aborted).toBe(true);
      const again = pendingRead();
      const third = waiter(cache, again.read);
      expect(again.read).toHaveBeenCalledTimes(1);
      again.seen.answer?.('fresh');
      expect(await third.value).toBe('fresh');
    });

    it('never cancels a read that a request outside any scope waits for, nor one already read', async () => {
      const cache = new VersionedCache<string>(10, undefined, { cancellable: true });
      const { read, seen } = pendingRead();
      const scoped = waiter(cache, read);
      const unscoped = cache.get('k', 1n, read);
      scoped.controller.abort();
      expect(seen.signal?.aborted).toBe(false);
      seen.answer?.('kept');
      expect(await unscoped).toBe('kept');
      const later = waiter(cache, read);
      later.controller.abort();
      expect(await cache.get('k', 1n, reader('not read'))).toBe('kept');
    });
  });
});
