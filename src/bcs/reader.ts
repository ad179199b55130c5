import { BcsError } from './error.js';
import { utf8Read } from './utf8.js';
import { MAX_CONTAINER_DEPTH, MAX_SEQUENCE_LENGTH } from './writer.js';

export { MAX_CONTAINER_DEPTH };
/**
 * Zero-sized elements (unit, empty tuples and structs) consume no input, so input length cannot
 * bound them: one decode may produce at most this many, counted across all of its sequences.
 */
export const MAX_ZERO_SIZED_ELEMENTS = 4096;

/**
 * What one decode may allocate by default, in estimated bytes, for `n` bytes of input: 16 per
 * input byte up to 4 MiB of input, then 8 per byte plus 32 MiB (a 64 MiB response: 544 MiB), plus
 * 256 KiB (the zero-sized budget's 4,096 elements fit in it). Small JavaScript values cost far more
 * than their BCS bytes (an empty `vector<u8>` is 1 byte in, ~200 B out), so input length alone does
 * not bound memory; the node's own records estimate at 2–8 per input byte.
 */
export function decodeBudget(n: number): number {
  return 262144 + Math.min(16 * n, 8 * n + 32 * 1024 * 1024);
}

// Estimated heap costs (V8, 64-bit) charged against the budget. A sequence element is charged a
// slot plus a small object (or bigint, or short string); byte arrays, strings and maps their own
// overhead on top. Values within ~4x of their input (a bigint, an address string) are not charged
// separately: the input length bounds them already.
export const ELEMENT_COST = 48;
/** An array slot alone: an element that allocates nothing (null, a boolean, a small integer). */
export const SLOT_COST = 8;
/** An empty array. */
export const ARRAY_COST = 32;
export const TYPED_ARRAY_COST = 184;
export const STRING_COST = 16;
/** The deadline is checked each time this much more of the budget has been spent. */
const DEADLINE_STRIDE = 1_048_576; // 1 MiB, a literal: bundlers keep top-level arithmetic

export interface DecodeOptions {
  /** Longest sequence accepted (default and maximum 2^31−1, the Rust crate's limit). */
  maxLength?: number;
  /** Named containers (structs, enums) that may nest (default and maximum 500). */
  maxDepth?: number;
  /**
   * Zero-sized elements accepted in the whole decode, counted across every sequence in it
   * (default and maximum 4096).
   */
  maxZeroSizedElements?: number;
  /**
   * Estimated bytes this decode may allocate, counted across all of it (default
   * `decodeBudget(input length)`; any non-negative integer, or Infinity). Exceeding it fails with
   * `exceeded_max_length` before the allocation.
   */
  maxAllocation?: number;
  /**
   * A `Date.now()` time after which the decode fails (`exceeded_max_length`), checked as the
   * budget is spent: lets a caller's timeout bound a large decode.
   */
  deadline?: number;
  /**
   * Decoded byte arrays become views into the input instead of copies (default false). Faster for
   * large payloads, but the decoded value then changes if the input buffer does.
   */
  zeroCopy?: boolean;
}

/**
 * Reads BCS from a Uint8Array with an offset. Every read is bounds-checked and fails with
 * `unexpected_end`; lengths are validated against the remaining input before any allocation.
 */
export class BcsReader {
  readonly buf: Uint8Array;
  readonly view: DataView;
  off: number;
  readonly end: number;
  depth = 0;
  recursion = 0;
  readonly maxDepth: number;
  readonly maxLength: number;
  readonly maxZeroSized: number;
  /** Zero-sized elements this decode may still produce: one budget per decode, not per sequence. */
  zeroSizedLeft: number;
  readonly zeroCopy: boolean;
  readonly maxAllocation: number;
  /** Estimated bytes this decode may still allocate: one budget per decode, like zeroSizedLeft. */
  budgetLeft: number;
  readonly deadline: number;
  /** Budget to spend before the deadline is checked again. */
  private untilCheck: number;

  constructor(bytes: Uint8Array, options?: DecodeOptions, start = 0) {
    if (!(bytes instanceof Uint8Array)) throw new BcsError('invalid_type', 'input must be a Uint8Array');
    this.buf = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.off = start;
    this.end = bytes.length;
    // Each limit may only be lowered, and must be an integer: NaN or a string would switch it off.
    const maxDepth = options?.maxDepth ?? MAX_CONTAINER_DEPTH;
    if (!isLimit(maxDepth, MAX_CONTAINER_DEPTH)) {
      throw new BcsError('not_supported', `not supported: limit exceeds the max allowed depth ${MAX_CONTAINER_DEPTH}`);
    }
    const maxLength = options?.maxLength ?? MAX_SEQUENCE_LENGTH;
    if (!isLimit(maxLength, MAX_SEQUENCE_LENGTH)) {
      throw new BcsError('not_supported', `not supported: max length must be an integer in 0..${MAX_SEQUENCE_LENGTH}`);
    }
    const maxZeroSized = options?.maxZeroSizedElements ?? MAX_ZERO_SIZED_ELEMENTS;
    if (!isLimit(maxZeroSized, MAX_ZERO_SIZED_ELEMENTS)) {
      throw new BcsError('not_supported', `not supported: max zero-sized elements must be an integer in 0..${MAX_ZERO_SIZED_ELEMENTS}`);
    }
    this.maxDepth = maxDepth;
    this.maxLength = maxLength;
    this.maxZeroSized = maxZeroSized;
    this.zeroSizedLeft = maxZeroSized;
    this.zeroCopy = options?.zeroCopy === true;
    const maxAllocation = options?.maxAllocation ?? decodeBudget(bytes.length - start);
    if (!(maxAllocation === Infinity || isLimit(maxAllocation, Number.MAX_SAFE_INTEGER))) {
      throw new BcsError('not_supported', 'not supported: max allocation must be a non-negative integer or Infinity');
    }
    this.maxAllocation = maxAllocation;
    this.budgetLeft = maxAllocation;
    const deadline = options?.deadline;
    if (deadline !== undefined && typeof deadline !== 'number') throw new BcsError('not_supported', 'not supported: deadline must be a number');
    this.deadline = deadline ?? Infinity;
    this.untilCheck = deadline === undefined ? Infinity : DEADLINE_STRIDE;
  }

  /** Counts `cost` estimated bytes about to be allocated (at offset `at`) against the decode's budget. */
  charge(cost: number, at: number): void {
    const left = this.budgetLeft - cost;
    if (left < 0) {
      throw new BcsError('exceeded_max_length', `decode budget exceeded: ${cost} more estimated bytes, ${this.budgetLeft} of ${this.maxAllocation} left (DecodeOptions.maxAllocation)`, at);
    }
    this.budgetLeft = left;
    if ((this.untilCheck -= cost) < 0) {
      this.untilCheck = DEADLINE_STRIDE;
      if (Date.now() > this.deadline) throw new BcsError('exceeded_max_length', 'decode deadline passed (DecodeOptions.deadline)', at);
    }
  }

  get remaining(): number {
    return this.end - this.off;
  }

  eof(n: number): BcsError {
    return new BcsError('unexpected_end', `unexpected end of input: need ${n} byte${n === 1 ? '' : 's'}, have ${this.end - this.off}`, this.off);
  }

  u8(): number {
    if (this.off >= this.end) throw this.eof(1);
    return this.buf[this.off++];
  }

  u16(): number {
    if (this.off + 2 > this.end) throw this.eof(2);
    const v = this.view.getUint16(this.off, true);
    this.off += 2;
    return v;
  }

  u32(): number {
    if (this.off + 4 > this.end) throw this.eof(4);
    const v = this.view.getUint32(this.off, true);
    this.off += 4;
    return v;
  }

  u64(): bigint {
    if (this.off + 8 > this.end) throw this.eof(8);
    const v = this.view.getBigUint64(this.off, true);
    this.off += 8;
    return v;
  }

  /** Unsigned little-endian integer of `bytes` (a multiple of 8) bytes. */
  bigUint(bytes: number): bigint {
    if (this.off + bytes > this.end) throw this.eof(bytes);
    let v = 0n;
    for (let o = this.off + bytes - 8; o >= this.off; o -= 8) v = (v << 64n) | this.view.getBigUint64(o, true);
    this.off += bytes;
    return v;
  }

  /** Canonical ULEB128 u32: minimal, at most 5 bytes, value ≤ u32::MAX (Rust bcs `parse_u32_from_uleb128`). */
  uleb128(): number {
    const buf = this.buf;
    const end = this.end;
    const start = this.off;
    let off = start;
    let value = 0;
    for (let shift = 0; shift <= 28; shift += 7) {
      if (off >= end) {
        this.off = off;
        throw this.eof(1);
      }
      const byte = buf[off++];
      if ((byte & 0x80) === 0) {
        if (shift > 0 && byte === 0) {
          throw new BcsError('non_canonical_uleb128', 'ULEB128 encoding was not minimal in size', start);
        }
        if (shift === 28 && byte > 0x0f) break;
        this.off = off;
        return (value | (byte << shift)) >>> 0;
      }
      value |= (byte & 0x7f) << shift;
    }
    throw new BcsError('uleb128_overflow', 'ULEB128-encoded integer did not fit in the target size', start);
  }

  /**
   * A sequence length, checked before the caller loops or allocates: at most maxLength, and
   * `length × minElementSize` must fit in the remaining input. A `minElementSize` of 0 means the
   * elements are zero-sized: all `length` of them are counted against the decode's budget at once.
   * An array of `length` slots is charged to the budget, `elementCost` bytes each (default a slot:
   * callers whose elements are objects say so; byte strings read by length cost their slots only).
   */
  length(minElementSize: number, elementCost = SLOT_COST): number {
    const start = this.off;
    const n = this.byteLength(minElementSize);
    this.charge(ARRAY_COST + n * elementCost, start);
    return n;
  }

  /** `length` for a sequence that is not decoded to an array (a byte string's): nothing charged. */
  private byteLength(minElementSize: number): number {
    const start = this.off;
    const n = this.uleb128();
    if (n > this.maxLength) throw new BcsError('exceeded_max_length', `exceeded max sequence length: ${n}`, start);
    if (minElementSize === 0) this.zeroSized(n, start);
    else if (n * minElementSize > this.end - this.off) {
      throw new BcsError('unexpected_end', `sequence length ${n} needs at least ${n * minElementSize} bytes, have ${this.end - this.off}`, start);
    }
    return n;
  }

  /**
   * A sequence length checked against maxLength only, for elements that may or may not take input
   * (e.g. a recursive type): the caller counts each element that took none with `zeroSized(1, …)`.
   */
  count(): number {
    const start = this.off;
    const n = this.uleb128();
    if (n > this.maxLength) throw new BcsError('exceeded_max_length', `exceeded max sequence length: ${n}`, start);
    this.charge(ARRAY_COST, start);
    return n;
  }

  /** Counts one element of a `count()`ed sequence against the budget (before reading it). */
  element(at: number, cost = ELEMENT_COST): void {
    this.charge(cost, at);
  }

  /** Counts `n` zero-sized elements, starting at offset `at`, against the budget of this decode. */
  zeroSized(n: number, at: number): void {
    if (n > this.zeroSizedLeft) {
      throw new BcsError('exceeded_max_length', `${n} more zero-sized elements exceed the limit of ${this.maxZeroSized} per decode (${this.zeroSizedLeft} left)`, at);
    }
    this.zeroSizedLeft -= n;
  }

  /** `n` raw bytes: a copy, or with `zeroCopy` a view into the input. */
  raw(n: number): Uint8Array {
    if (this.off + n > this.end) throw this.eof(n);
    this.charge(this.zeroCopy ? TYPED_ARRAY_COST : TYPED_ARRAY_COST + n, this.off);
    const out = this.zeroCopy ? this.buf.subarray(this.off, this.off + n) : this.buf.slice(this.off, this.off + n);
    this.off += n;
    return out;
  }

  bytes(): Uint8Array {
    // An empty byte string (one 0x00) skips the length checks: many of them in a row are the
    // cheapest input that still allocates (a vector of half a million empty arguments).
    const at = this.off;
    if (at < this.end && this.buf[at] === 0) {
      this.charge(TYPED_ARRAY_COST, at);
      this.off = at + 1;
      return new Uint8Array(0);
    }
    return this.raw(this.byteLength(1));
  }

  string(): string {
    const n = this.byteLength(1);
    const start = this.off;
    if (start + n > this.end) throw this.eof(n);
    this.charge(STRING_COST + n, start);
    this.off += n;
    return utf8Read(this.buf, start, start + n, start);
  }

  /** Enters a named container (struct or enum); pair with `leave()`. */
  enter(name: string): void {
    if (++this.depth > this.maxDepth) {
      this.depth--;
      throw new BcsError('exceeded_max_depth', `exceeded max container depth while entering: ${name}`, this.off);
    }
  }

  leave(): void {
    this.depth--;
  }

  /** Fails unless all input was consumed (the Rust crate's `from_bytes` contract). */
  finish(): void {
    if (this.off !== this.end) {
      throw new BcsError('remaining_input', `remaining input: ${this.end - this.off} trailing byte${this.end - this.off === 1 ? '' : 's'}`, this.off);
    }
  }
}

function isLimit(v: unknown, max: number): v is number {
  return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;
}
