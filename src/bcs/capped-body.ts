import { concatBytes } from './bytes.js';

// The one capped body reader of the library: the client's responses, the web handler's requests
// and the node:http adapter's requests (src/http/nodejs/request.ts `readIncoming`) all count their
// chunks here as they arrive, so a hostile length is refused at the chunk that passes the limit,
// not after it, and nothing past the limit is ever kept.

/** What `CappedBody.add` answers: the chunk was taken (0), it passed the limit, or its sink refused it. */
export const PAST_LIMIT = 1;
export const REFUSED = 2;

/** Where a capped body's chunks go once counted: kept (`HeldBytes`) or passed on; false refuses one. */
export interface ChunkSink {
  /** Takes `chunk`, the body `total` bytes with it. */
  take(chunk: Uint8Array, total: number): boolean;
}

/** A body's chunks counted against `limit` while they arrive, each under it handed to `sink`. */
export class CappedBody {
  /** Bytes taken so far. */
  size = 0;
  constructor(
    readonly limit: number,
    readonly sink: ChunkSink,
  ) {}
  /** 0 when `chunk` was taken; PAST_LIMIT (nothing of it taken) or REFUSED by the sink, after which the read stops. */
  add(chunk: Uint8Array): number {
    const total = this.size + chunk.byteLength;
    if (total > this.limit) return PAST_LIMIT;
    if (!this.sink.take(chunk, total)) return REFUSED;
    this.size = total;
    return 0;
  }
}

/**
 * Where a held body is copied once it is more than one chunk: one growing array (`growingBytes`), or
 * the node adapter's blocks (src/http/nodejs/blocks.ts).
 */
export interface ByteStore {
  /** What the store holds after `n` more bytes: what a budget is charged before `add` copies them. */
  heldAfter(n: number): number;
  /** Copies `chunk` in; `total` (the body with the chunk being counted) lets a growing store size for it at once. */
  add(chunk: Uint8Array, total: number): void;
  /** The bytes in order, as views of the store. */
  pieces(): Uint8Array[];
}

/**
 * A body kept while it arrives. A lone chunk is kept as it came (a small body is one); from the
 * second on the chunks are copied into a store made then (`makeStore`), each charged (`charge`)
 * before it is copied, so a charge bounds what is allocated. By default the store is one growing
 * array and holding is free; the node adapter's requests override both (its blocks, its budget:
 * src/http/nodejs/exchange.ts), as a subclass so that a request's body is one object, not a closure each.
 */
export class HeldBytes implements ChunkSink {
  private first: Uint8Array | undefined = undefined;
  private store: ByteStore | undefined = undefined;
  constructor(private readonly limit: number) {}
  /** The store a body of more than one chunk is copied into, made at its second chunk. */
  protected makeStore(): ByteStore {
    return growingBytes(this.limit);
  }
  /** Charges `bytes` held in all, before they are copied: false refuses the chunk. Free by default. */
  protected charge(_bytes: number): boolean {
    return true;
  }
  take(chunk: Uint8Array, total: number): boolean {
    const first = this.first;
    if (first === undefined && this.store === undefined) {
      if (!this.charge(chunk.byteLength)) return false;
      this.first = chunk;
      return true;
    }
    const store = (this.store ??= this.makeStore());
    if (!this.charge(store.heldAfter(first === undefined ? chunk.byteLength : first.byteLength + chunk.byteLength))) return false;
    if (first !== undefined) {
      store.add(first, total);
      this.first = undefined;
    }
    store.add(chunk, total);
    return true;
  }
  /** The bytes in order: the lone chunk, or the store's pieces. */
  pieces(): Uint8Array[] {
    if (this.store !== undefined) return this.store.pieces();
    return this.first === undefined ? [] : [this.first];
  }
  /** The bytes in one array (a single piece as it is). */
  bytes(): Uint8Array {
    const pieces = this.pieces();
    let size = 0;
    for (const p of pieces) size += p.byteLength;
    return concatBytes(pieces, size);
  }
}

/**
 * One array, grown by doubling (from 64 KiB, never past `limit`): a body held is a few allocations
 * and no per-chunk objects (a peer sending one byte per packet), with no second copy at the end.
 */
function growingBytes(limit: number): ByteStore {
  let buf = new Uint8Array(0);
  let size = 0;
  const heldAfter = (n: number): number => {
    const total = size + n;
    return total <= buf.byteLength ? buf.byteLength : Math.min(limit, Math.max(total, 2 * buf.byteLength, 65_536));
  };
  return {
    heldAfter,
    add(chunk, total) {
      if (size + chunk.byteLength > buf.byteLength) {
        const next = new Uint8Array(heldAfter(total - size));
        next.set(buf.subarray(0, size));
        buf = next;
      }
      buf.set(chunk, size);
      size += chunk.byteLength;
    },
    pieces: () => [buf.subarray(0, size)],
  };
}

/** A web stream's bytes up to `limit`; past it the stream is cancelled and the answer is undefined. */
export async function readStreamCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | undefined> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const held = new HeldBytes(limit);
  const capped = new CappedBody(limit, held);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return held.bytes();
    if (capped.add(value) !== 0) {
      reader.cancel().catch(() => undefined);
      return undefined;
    }
  }
}
