/**
 * A small least-recently-used cache with an optional time limit per entry. Map keeps insertion order,
 * so re-inserting on read makes the first key the least recently used one.
 */
export class LruCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {
    if (maxEntries < 1) throw new Error('LruCache needs room for at least one entry');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: Key, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.maxAgeMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: Key): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
