import { LRUCache } from 'lru-cache';

export interface BuildCacheOptions<V> {
  /** Entries kept at most. */
  max: number;
  /** Their sizes added up, at most; a single value larger than this is built but not kept. */
  maxBytes: number;
  sizeOf: (value: V) => number;
}

export interface BuildCache<V> {
  /** The value kept under `key`, else `build()`'s, kept; callers missing together share one build. */
  get(key: string, build: () => Promise<V>): Promise<V>;
}

/**
 * Values that cost a lot to make (a serialised listing, a calendar file), kept per process under a
 * key that changes whenever they would (a trip's version), the least recently used dropped first.
 * lru-cache does the bookkeeping: sizes, eviction, and one fetch for concurrent misses.
 */
export function createBuildCache<V extends object>(options: BuildCacheOptions<V>): BuildCache<V> {
  const cache = new LRUCache<string, V, () => Promise<V>>({
    max: options.max,
    maxSize: options.maxBytes,
    sizeCalculation: (value) => Math.max(1, options.sizeOf(value)),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    async get(key, build) {
      const value = await cache.fetch(key, { context: build });
      // Undefined only when the fetch was aborted, which nothing here does: build it afresh.
      return value ?? build();
    },
  };
}
