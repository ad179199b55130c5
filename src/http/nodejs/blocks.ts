import type { ByteStore } from '../../bcs/internal.js';

// Where the node adapter keeps request bodies while they arrive: fixed blocks carved from a few
// slabs of 64 MiB, shared by every connection of a listener, not one buffer per body.
//
// Why (issue 31, measured with bench/http/attack.mjs): glibc's malloc serves a request of 128 KiB
// or more with mmap, but once such a block is freed it raises that threshold to the freed size
// (up to 32 MiB, DEFAULT_MMAP_THRESHOLD_MAX), so the next 8 MiB body buffer came from the heap:
// zero-filled at once (calloc), interleaved with the sockets' 64 KiB chunks, and kept by the
// process after the attack (371 MB resident 20 s after, against 114 MB with the threshold pinned).
// A slab is larger than that maximum, so it is always mapped (pages resident only once written)
// and never moves the threshold; a body is held in blocks of its slabs and joined only when a
// reader needs it whole. Slabs are let go when the listener holds no body for a while (`trim`).

/** Bytes per block: a body's rounding, and what one socket chunk (at most 64 KiB) spans at most five of. */
export const BLOCK_BYTES = 16 * 1024;
/** Bytes per slab: above glibc's largest dynamic mmap threshold (32 MiB on 64-bit hosts). */
const SLAB_BYTES = 64 * 1024 * 1024;
const BLOCKS_PER_SLAB = SLAB_BYTES / BLOCK_BYTES;
/**
 * A first slab written no further than this is kept when the listener goes quiet: between light
 * requests a new 64 MiB slab each time would be that much more for V8 to account and collect.
 */
const KEEP_WRITTEN = 4 * 1024 * 1024;

interface Slab {
  readonly bytes: Uint8Array;
  /** Free block numbers of this slab, a stack (lowest on top, so bodies fill a slab in order). */
  readonly free: Int32Array;
  top: number;
  /** Blocks ever lent: blocks are lent lowest first from a new slab, so its pages written are below this. */
  written: number;
}

/** A block lent to a body: the slab it is in and its number there. */
interface Block {
  readonly slab: Slab;
  readonly n: number;
}

export interface BlockStore {
  /** A body held in this store's blocks. */
  body(): HeldBody;
  /** Blocks lent now. */
  lent(): number;
  /** Slabs held now. */
  slabs(): number;
  /**
   * Lets go of the slabs no block of which is lent (their memory goes back once collected); with
   * `light`, keeps the first if no more than KEEP_WRITTEN bytes of it were ever written.
   */
  trim(light?: boolean): void;
}

/**
 * A body's blocks, as bcs's capped reader stores a body (capped-body.ts `ByteStore`): `heldAfter`
 * counts whole blocks (a multiple of BLOCK_BYTES), `add` takes blocks as needed, and `pieces` are
 * views of the blocks (adjacent blocks in one view), valid until `free`.
 */
export interface HeldBody extends ByteStore {
  /** Bytes held. */
  readonly byteLength: number;
  /** Copies `chunk` in (blocks need no total to size for). */
  add(chunk: Uint8Array): void;
  /** Gives the blocks back (idempotent). */
  free(): void;
}

export function blockStore(): BlockStore {
  const slabs: Slab[] = [];
  let lent = 0;
  const take = (): Block => {
    let slab = slabs.find((s) => s.top > 0);
    if (slab === undefined) {
      const free = new Int32Array(BLOCKS_PER_SLAB);
      for (let i = 0; i < BLOCKS_PER_SLAB; i++) free[i] = BLOCKS_PER_SLAB - 1 - i;
      slab = { bytes: new Uint8Array(SLAB_BYTES), free, top: BLOCKS_PER_SLAB, written: 0 };
      slabs.push(slab);
    }
    lent++;
    const n = slab.free[--slab.top]!;
    if (n >= slab.written) slab.written = n + 1;
    return { slab, n };
  };
  const give = (b: Block): void => {
    lent--;
    b.slab.free[b.slab.top++] = b.n;
  };
  return {
    body: () => heldBody(take, give),
    lent: () => lent,
    slabs: () => slabs.length,
    trim(light = false) {
      for (let i = slabs.length - 1; i >= 0; i--) {
        const slab = slabs[i]!;
        if (slab.top < BLOCKS_PER_SLAB || (light && i === 0 && slab.written * BLOCK_BYTES <= KEEP_WRITTEN)) continue;
        slabs.splice(i, 1);
      }
    },
  };
}

function heldBody(take: () => Block, give: (b: Block) => void): HeldBody {
  let blocks: Block[] = [];
  let size = 0;
  return {
    get byteLength() {
      return size;
    },
    heldAfter: (n) => Math.ceil((size + n) / BLOCK_BYTES) * BLOCK_BYTES,
    add(chunk) {
      let from = 0;
      while (from < chunk.byteLength) {
        const at = size % BLOCK_BYTES;
        if (at === 0) blocks.push(take());
        const b = blocks[blocks.length - 1]!;
        const n = Math.min(BLOCK_BYTES - at, chunk.byteLength - from);
        b.slab.bytes.set(chunk.subarray(from, from + n), b.n * BLOCK_BYTES + at);
        from += n;
        size += n;
      }
    },
    pieces() {
      const out: Uint8Array[] = [];
      let start = -1;
      let end = 0;
      let slab: Slab | undefined;
      for (let i = 0; i < blocks.length; i++) {
        const b = blocks[i]!;
        const from = b.n * BLOCK_BYTES;
        const to = from + Math.min(BLOCK_BYTES, size - i * BLOCK_BYTES);
        if (b.slab === slab && from === end) end = to;
        else {
          if (slab !== undefined) out.push(slab.bytes.subarray(start, end));
          slab = b.slab;
          start = from;
          end = to;
        }
      }
      if (slab !== undefined) out.push(slab.bytes.subarray(start, end));
      return out;
    },
    free() {
      for (const b of blocks) give(b);
      blocks = [];
      size = 0;
    },
  };
}
