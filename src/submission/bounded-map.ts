/**
 * A Map that holds at most `capacity` entries, forgetting the oldest insertion first. Lookups are
 * plain Map reads: an LRU's reordering on every hit costs more than the rare recompilation it saves.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    if (!this.map.has(key) && this.map.size >= this.capacity) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, value);
  }

  get size(): number {
    return this.map.size;
  }
}
