import { BcsError } from './error.js';

export const MAX_SEQUENCE_LENGTH = 0x7fffffff;
export const MAX_CONTAINER_DEPTH = 500;

/**
 * Appends BCS bytes to a growable buffer (amortised doubling). Integer range checks live in the
 * schemas; the writer only places bytes, so specialised encoders can call it directly. It keeps to
 * what every encoder needs (bytes, lengths, ULEB128); wider integers, strings and container depth
 * are written by functions next to their schemas (primitives.ts, bytes.ts, combinators.ts), so a
 * bundle carries only the ones it uses.
 */
export class BcsWriter {
  // `declare`: set by the constructor, so no field initialisers are emitted for them.
  declare buf: Uint8Array;
  declare view: DataView;
  off = 0;
  /** Named containers entered; bounded like the reader so a cyclic or absurdly deep value fails cleanly. */
  depth = 0;
  maxDepth = MAX_CONTAINER_DEPTH;
  recursion = 0;

  constructor(initialCapacity = 256) {
    this.buf = new Uint8Array(initialCapacity);
    this.view = new DataView(this.buf.buffer);
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    const need = this.off + n;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.off));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    if (this.off >= this.buf.length) this.ensure(1);
    this.buf[this.off++] = v;
  }

  uleb128(v: number): void {
    // One comparison validates type, integrality and range: only a u32 survives `>>> 0` unchanged.
    if (v >>> 0 !== v) {
      throw new BcsError(typeof v === 'number' ? 'out_of_range' : 'invalid_type', `ULEB128 value ${String(v)} is not a u32`);
    }
    if (this.off + 5 > this.buf.length) this.ensure(5);
    // The 7-bit loop, not `ulebAt`: lengths and single values are mostly one byte, and the transfer
    // bundle (under 8 KB, test/package.test.ts) carries this method but not the unrolled one.
    const b = this.buf;
    let o = this.off;
    while (v >= 0x80) {
      b[o++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    b[o++] = v;
    this.off = o;
  }

  /** A sequence length prefix: ULEB128 bounded by MAX_SEQUENCE_LENGTH, as the Rust serializer does. */
  length(n: number): void {
    if (n > MAX_SEQUENCE_LENGTH) throw new BcsError('exceeded_max_length', `exceeded max sequence length: ${n}`);
    if (n < 0x80) {
      if (this.off >= this.buf.length) this.ensure(1);
      this.buf[this.off++] = n;
    } else this.uleb128(n);
  }

  /** Raw bytes, no prefix. */
  raw(bytes: Uint8Array): void {
    const n = bytes.length;
    this.ensure(n);
    // A loop for the few bytes of a tag or a length, `set` past them: a 32-byte address or prefix by
    // loop cost a server's request ~2.9k instructions more (issue 32, bench/RESULTS.md).
    if (n <= 16) {
      const b = this.buf;
      let o = this.off;
      for (let i = 0; i < n; i++) b[o++] = bytes[i];
    } else this.buf.set(bytes, this.off);
    this.off += n;
  }

  /** uleb(len) ‖ bytes. */
  bytes(bytes: Uint8Array): void {
    this.length(bytes.length);
    this.raw(bytes);
  }

  /** A copy of the bytes written so far. */
  toBytes(): Uint8Array {
    return this.buf.slice(0, this.off);
  }
}

/**
 * Fills in a length written after its content: one byte was reserved at `at` (`w.u8(0)`), the
 * content follows up to `w.off`, and `n` is the length to record. Lengths of 128 or more take more
 * bytes, so the content is moved up in place to make room.
 */
export function patchLength(w: BcsWriter, at: number, n: number): void {
  if (n < 0x80) {
    w.buf[at] = n;
    return;
  }
  const extra = ulebSize(n) - 1;
  const end = w.off;
  w.ensure(extra);
  w.buf.copyWithin(at + 1 + extra, at + 1, end);
  w.off = at;
  w.length(n);
  w.off = end + extra;
}

/**
 * Writes the u32 `v` as ULEB128 at `o` (room for 5 bytes is the caller's) and answers the offset
 * after it. Unrolled by length rather than a loop of 7-bit steps: a value's length is one predictable
 * comparison chain, and uniform u32 values (5 bytes) encode about a quarter faster (bench row
 * uleb128-u32-1e5), mixed lengths as fast as the loop. Used by vector<uleb128>'s bulk writer.
 */
export function ulebAt(b: Uint8Array, o: number, v: number): number {
  if (v < 0x80) {
    b[o] = v;
    return o + 1;
  }
  b[o] = (v & 0x7f) | 0x80;
  if (v < 0x4000) {
    b[o + 1] = v >>> 7;
    return o + 2;
  }
  b[o + 1] = ((v >>> 7) & 0x7f) | 0x80;
  if (v < 0x200000) {
    b[o + 2] = v >>> 14;
    return o + 3;
  }
  b[o + 2] = ((v >>> 14) & 0x7f) | 0x80;
  if (v < 0x10000000) {
    b[o + 3] = v >>> 21;
    return o + 4;
  }
  b[o + 3] = ((v >>> 21) & 0x7f) | 0x80;
  b[o + 4] = v >>> 28;
  return o + 5;
}

/** ULEB128 byte length of a u32. */
export function ulebSize(v: number): number {
  return v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
}
