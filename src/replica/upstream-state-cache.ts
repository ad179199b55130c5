import { keyString } from '../ledger/internal.js';
import { BoundedMap } from '../submission/internal.js';

// State read through from the upstream, by state key: bounded (the oldest entry goes first), and one
// request per key however many readers ask while it is in flight. A failed read is not cached.
// Not the durable store's StateCache (ledger/store/state-cache.ts), which keeps version spans of its
// own reads beside LMDB: the two shared a name until 2026-11-27 (issue 28).

interface Entry {
  value: Uint8Array | undefined;
}

export class UpstreamStateCache {
  private readonly entries: BoundedMap<string, Entry>;
  private readonly pending = new Map<string, Promise<Uint8Array | undefined>>();

  constructor(capacity: number) {
    this.entries = new BoundedMap(capacity);
  }

  get(key: Uint8Array): Entry | undefined {
    return this.entries.get(keyString(key));
  }

  load(key: Uint8Array, read: () => Promise<Uint8Array | undefined>): Promise<Uint8Array | undefined> {
    const k = keyString(key);
    const inflight = this.pending.get(k);
    if (inflight !== undefined) return inflight;
    const p = read().then(
      (value) => {
        this.pending.delete(k);
        this.entries.set(k, { value });
        return value;
      },
      (e: unknown) => {
        this.pending.delete(k);
        throw e;
      },
    );
    this.pending.set(k, p);
    return p;
  }
}
