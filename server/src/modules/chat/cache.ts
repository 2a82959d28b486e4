/**
 * What the send path reads per message (profiles, blacklists, groups with their members and
 * mutes, accounts that exist), kept in memory. Every change the chat makes publishes `chat:inv` on
 * the bus, which clears the entry on every node at once; the TTL is only the safety net for
 * changes made outside the chat (an account's name or résumé photo, a lost Redis message), and the
 * size bound keeps a node's memory flat however many users pass through it.
 */
export class TtlCache<V> {
  private map = new Map<string, { value: Promise<V>; at: number }>();

  constructor(
    private ttlMs: number,
    private max: number,
    private now: () => number = Date.now,
  ) {}

  /**
   * The cached value, or `load()`'s, shared by concurrent callers. A failed load is forgotten,
   * and so is one that an invalidation overtook (it may have read the state before the change).
   */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.map.get(key);
    const t = this.now();
    if (hit && t - hit.at < this.ttlMs) return hit.value;
    if (hit) this.map.delete(key);
    const value = load();
    const entry = { value, at: t };
    this.map.set(key, entry);
    if (this.map.size > this.max) {
      // Map order is insertion order: the oldest entry goes first.
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    value.catch(() => {
      if (this.map.get(key) === entry) this.map.delete(key);
    });
    return value;
  }

  delete(key: string) {
    this.map.delete(key);
  }

  clear() {
    this.map.clear();
  }

  get size() {
    return this.map.size;
  }
}
