/** A weight bound: the most total weight held, and each value's weight (e.g. its bytes). */
export interface WeightBound<V> {
  max: number;
  of: (value: V) => number;
}

/**
 * A Map that holds at most `capacity` entries and, with a weight bound, at most `weight.max` total
 * weight, forgetting the oldest insertion first; a value heavier than the bound alone is not kept.
 * Lookups are plain Map reads, after a check of the last key found: an LRU's reordering on every hit costs more than the rare
 * recompilation it saves.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  private held = 0;
  // The last key found and its value, compared before the Map: a request's key is often a fresh
  // string equal to the last one (the same function called again), which `===` compares without
  // the hash a Map lookup computes first (issue 32, callgrind).
  private lastKey: K | undefined = undefined;
  private lastValue: V | undefined = undefined;
  constructor(
    readonly capacity: number,
    private readonly weight?: WeightBound<V>,
  ) {}

  get(key: K): V | undefined {
    if (key === this.lastKey && this.lastValue !== undefined) return this.lastValue;
    const v = this.map.get(key);
    if (v !== undefined) {
      this.lastKey = key;
      this.lastValue = v;
    }
    return v;
  }

  set(key: K, value: V): void {
    this.lastKey = this.lastValue = undefined;
    const w = this.weight;
    if (w === undefined) {
      if (!this.map.has(key) && this.map.size >= this.capacity) this.map.delete(this.map.keys().next().value as K);
      this.map.set(key, value);
      return;
    }
    const old = this.map.get(key);
    if (old !== undefined || this.map.has(key)) {
      this.map.delete(key);
      this.held -= w.of(old as V);
    }
    const add = w.of(value);
    if (!(add <= w.max)) return;
    for (const [k, v] of this.map) {
      if (this.map.size < this.capacity && this.held + add <= w.max) break;
      this.map.delete(k);
      this.held -= w.of(v);
    }
    this.map.set(key, value);
    this.held += add;
  }

  get size(): number {
    return this.map.size;
  }

  /** The total weight held (0 without a weight bound). */
  get weightHeld(): number {
    return this.held;
  }
}
