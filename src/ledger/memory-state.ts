// Versioned state for the memory ledger: per state key, the versions it was written at and the value
// written (null: deleted). Values are views into the ingested blocks' bytes. History older than the
// pruning floor is dropped as keys are written again, keeping the one value still visible at the floor.

interface History {
  v: number[];
  d: (Uint8Array | null)[];
}

/** A state key's bytes as a string map key (one char per byte). */
export function keyString(bytes: Uint8Array): string {
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

/** The bytes of a `keyString` key. */
export function keyBytes(key: string): Uint8Array {
  const out = new Uint8Array(key.length);
  for (let i = 0; i < key.length; i++) out[i] = key.charCodeAt(i);
  return out;
}

/** Index of the last element ≤ x in ascending `a` (from `lo`), or lo − 1. */
export function lastAtMost(a: readonly number[], x: number, lo = 0): number {
  let l = lo;
  let h = a.length - 1;
  while (l <= h) {
    const m = (l + h) >>> 1;
    if (a[m]! <= x) l = m + 1;
    else h = m - 1;
  }
  return h;
}

export class VersionedState {
  private readonly keys = new Map<string, History>();
  /** Versions at or below the floor need only their latest value. */
  floor = -1;

  get size(): number {
    return this.keys.size;
  }

  put(key: string, version: number, value: Uint8Array | null): void {
    const h = this.keys.get(key);
    if (h === undefined) {
      this.keys.set(key, { v: [version], d: [value] });
      return;
    }
    const v = h.v;
    // Drop history no version at or above the floor can see.
    if (v.length > 1 && v[1]! <= this.floor) {
      const keep = lastAtMost(v, this.floor);
      v.splice(0, keep);
      h.d.splice(0, keep);
    }
    // A second write at the same version (a block's own rewrite) replaces the first.
    if (v[v.length - 1] === version) h.d[h.d.length - 1] = value;
    else {
      v.push(version);
      h.d.push(value);
    }
  }

  get(key: string, version: number): Uint8Array | undefined {
    const h = this.keys.get(key);
    if (h === undefined) return undefined;
    const i = lastAtMost(h.v, version);
    return i < 0 ? undefined : (h.d[i] ?? undefined);
  }

  /** Whether `key` was written at or before `version` (a deletion counts), as far as history is kept. */
  has(key: string, version: number): boolean {
    const h = this.keys.get(key);
    return h !== undefined && lastAtMost(h.v, version) >= 0;
  }

  /** Every key's value as of `version` (deleted and absent keys left out). */
  *entriesAt(version: number): Generator<[string, Uint8Array]> {
    for (const [k, h] of this.keys) {
      const i = lastAtMost(h.v, version);
      const d = i < 0 ? null : h.d[i]!;
      if (d !== null) yield [k, d];
    }
  }
}
