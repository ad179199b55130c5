import { BcsError } from './error.js';
import { utf8Length, utf8Write } from './utf8.js';

export const MAX_SEQUENCE_LENGTH = 0x7fffffff;
export const MAX_CONTAINER_DEPTH = 500;

/**
 * Appends BCS bytes to a growable buffer (amortised doubling). Integer range checks live in the
 * schemas; the writer only places bytes, so specialised encoders can call it directly.
 */
export class BcsWriter {
  buf: Uint8Array;
  view: DataView;
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

  u16(v: number): void {
    this.ensure(2);
    this.view.setUint16(this.off, v, true);
    this.off += 2;
  }

  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.off, v, true);
    this.off += 4;
  }

  /** u64 from a range-checked bigint or non-negative safe integer (two's complement for negatives). */
  u64(v: bigint | number): void {
    this.ensure(8);
    if (typeof v === 'number') {
      const lo = v >>> 0;
      this.view.setUint32(this.off, lo, true);
      this.view.setUint32(this.off + 4, v < 0 ? (Math.floor(v / 4294967296) >>> 0) : (v - lo) / 4294967296, true);
    } else {
      this.view.setBigUint64(this.off, BigInt.asUintN(64, v), true);
    }
    this.off += 8;
  }

  /** Little-endian fixed-width integer of `bytes` bytes from a range-checked bigint (two's complement). */
  bigUint(v: bigint | number, bytes: number): void {
    this.ensure(bytes);
    let x = BigInt.asUintN(bytes * 8, BigInt(v));
    const end = this.off + bytes;
    for (let o = this.off; o < end; o += 8) {
      this.view.setBigUint64(o, BigInt.asUintN(64, x), true);
      x >>= 64n;
    }
    this.off = end;
  }

  uleb128(v: number): void {
    // One comparison validates type, integrality and range: only a u32 survives `>>> 0` unchanged.
    if (v >>> 0 !== v) {
      throw new BcsError(typeof v === 'number' ? 'out_of_range' : 'invalid_type', `ULEB128 value ${String(v)} is not a u32`);
    }
    if (this.off + 5 > this.buf.length) this.ensure(5);
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
    if (n <= 64) {
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

  /** uleb(utf8 length) ‖ UTF-8; rejects lone surrogates. */
  string(s: string): void {
    const n = utf8Length(s);
    this.length(n);
    this.ensure(n);
    this.off = utf8Write(s, this.buf, this.off, n);
  }

  enter(name: string): void {
    if (++this.depth > this.maxDepth) {
      this.depth = 0;
      throw new BcsError('exceeded_max_depth', `exceeded max container depth while entering: ${name}`);
    }
  }

  leave(): void {
    this.depth--;
  }

  /** A copy of the bytes written so far. */
  toBytes(): Uint8Array {
    return this.buf.slice(0, this.off);
  }
}

/** ULEB128 byte length of a u32. */
export function ulebSize(v: number): number {
  return v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
}
