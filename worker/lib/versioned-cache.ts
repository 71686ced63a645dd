/**
 * Values kept per isolate under the versions they were computed at: a caller reads the current
 * versions, and uses a kept value only when they are the ones it was kept under. Least recently
 * used first (a Map keeps insertion order; a hit is moved to the end), so the capacity bounds the
 * isolate's memory whatever the traffic.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { versions: string; value: T }>();

  constructor(private readonly capacity: number) {}

  get(key: string): { versions: string; value: T } | undefined {
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
    }
    return kept;
  }

  /** The value kept under `versions`, or undefined (absent, or kept under other versions). */
  current(key: string, versions: string): T | undefined {
    const kept = this.get(key);
    return kept?.versions === versions ? kept.value : undefined;
  }

  set(key: string, versions: string, value: T) {
    this.entries.delete(key);
    this.entries.set(key, { versions, value: Object.freeze(value) });
    // One entry in, at most one out: the least recently used, first in the Map's order.
    const oldest = this.entries.keys().next().value;
    if (this.entries.size > this.capacity && oldest !== undefined) this.entries.delete(oldest);
  }
}
