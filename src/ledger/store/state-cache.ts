import { keyString } from '../memory-state.js';

// A bounded cache of state reads beside LMDB. Every seek (the newest entry of a key at or below v,
// found at version u) proves the key was not written in (u, v], so the answer holds for every read
// of the key in [u, v]: the cache keeps such spans per key and widens a span when a later seek lands
// on the same write. Committed history never changes, so nothing is invalidated by ingest; the
// store only asks for versions inside its window, where pruning leaves every answer as it was.
// A seek at the ledger's latest version opens its span (hi = Infinity): the store reports each
// commit's writes (`written`) before its versions become readable, which closes the span of every
// key written, so reads at the head stay in memory from block to block (the part of a read at the
// head that AptosDB's state cache and the `latest` table this store had answered with one get).
// A hit costs what the memory ledger's read does (a map lookup and a binary search), against one
// LMDB seek for a miss; and it answers the same array each time, which the HTTP handler's render
// caches key on (weakly, by the array).

/** One answer: the key's value (undefined when deleted or absent) for every version in [lo, hi]. */
interface Span {
  lo: number;
  hi: number;
  value: Uint8Array | undefined;
  /** Whether the key had an entry (a value or a deletion) at lo; false: none at or below hi. */
  has: boolean;
}

/** Bytes charged for a span beside its value (objects, array slots). */
const SPAN_OVERHEAD = 160;

export class StateCache {
  private readonly spans = new Map<string, Span[]>();
  private bytes = 0;
  private open = 0;

  constructor(private readonly budget: number) {}

  /** The span of `key` that holds `version`, or undefined (a miss). */
  find(key: string, version: number): Span | undefined {
    const list = this.spans.get(key);
    if (list === undefined) return undefined;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const m = (lo + hi) >>> 1;
      if (list[m]!.lo <= version) lo = m + 1;
      else hi = m - 1;
    }
    const s = hi >= 0 ? list[hi] : undefined;
    return s !== undefined && version <= s.hi ? s : undefined;
  }

  /** Notes a seek's answer: the entry at `lo` (or none, lo = 0) is the newest at or below `hi`. */
  note(key: string, lo: number, hi: number, value: Uint8Array | undefined, has: boolean): Span {
    if (this.bytes > this.budget) this.evict();
    let list = this.spans.get(key);
    if (list === undefined) {
      this.spans.set(key, (list = []));
      this.bytes += key.length;
    }
    let at = list.length;
    while (at > 0 && list[at - 1]!.lo > lo) at--;
    const prev = list[at - 1];
    if (prev !== undefined && prev.lo === lo) {
      if (hi > prev.hi) {
        if (hi === Infinity) this.open++;
        prev.hi = hi;
      }
      return prev;
    }
    const span = { lo, hi, value, has };
    if (hi === Infinity) this.open++;
    list.splice(at, 0, span);
    this.bytes += SPAN_OVERHEAD + (value?.length ?? 0);
    return span;
  }

  /**
   * A commit wrote `form` at `version` (each key in version order): its open span now ends just
   * before. Called before the commit's versions are readable. Cheap when no span is open.
   */
  written(form: Uint8Array, version: number): void {
    if (this.open === 0) return;
    const list = this.spans.get(keyString(form));
    const last = list?.[list.length - 1];
    if (last !== undefined && last.hi === Infinity) {
      last.hi = version - 1;
      this.open--;
    }
  }

  /** Drops the keys noted first until a quarter of the budget is free. */
  private evict(): void {
    for (const [key, list] of this.spans) {
      if (this.bytes <= this.budget * 0.75) return;
      this.spans.delete(key);
      this.bytes -= key.length;
      for (const s of list) {
        this.bytes -= SPAN_OVERHEAD + (s.value?.length ?? 0);
        if (s.hi === Infinity) this.open--;
      }
    }
  }

  static keyOf(form: Uint8Array): string {
    return keyString(form);
  }
}
