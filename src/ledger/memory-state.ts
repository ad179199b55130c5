// Versioned state for the memory ledger: per state key, the versions it was written at and the value
// written (null: deleted). Values are views into the ingested blocks' bytes. History older than the
// pruning floor is dropped as keys are written again, keeping the one value still visible at the floor.

interface History {
  v: number[];
  d: (Uint8Array | null)[];
}

/** A state key's bytes as a string map key (one char per byte). */
export function keyString(b: Uint8Array): string {
  // Sixteen bytes a call: `fromCharCode.apply` over the typed array takes V8's generic argument
  // path and costs twice as much for the 90–140-byte keys of resources (measured, Node 20).
  let s = '';
  const n = b.length;
  let i = 0;
  for (; i + 16 <= n; i += 16) {
    s += String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!, b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!, b[i + 8]!, b[i + 9]!, b[i + 10]!, b[i + 11]!, b[i + 12]!, b[i + 13]!, b[i + 14]!, b[i + 15]!);
  }
  for (; i < n; i++) s += String.fromCharCode(b[i]!);
  return s;
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
