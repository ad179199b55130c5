// State read through from the upstream, by state key: bounded (the oldest entry goes first), and one
// request per key however many readers ask while it is in flight. A failed read is not cached.

interface Entry {
  value: Uint8Array | undefined;
}

/** One char per byte: a Map key for bytes. */
function keyOf(bytes: Uint8Array): string {
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

export class StateCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Uint8Array | undefined>>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: Uint8Array): Entry | undefined {
    return this.entries.get(keyOf(key));
  }

  load(key: Uint8Array, read: () => Promise<Uint8Array | undefined>): Promise<Uint8Array | undefined> {
    const k = keyOf(key);
    const inflight = this.pending.get(k);
    if (inflight !== undefined) return inflight;
    const p = read().then(
      (value) => {
        this.pending.delete(k);
        if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
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
