import { BcsError, type BcsErrorCode } from '../bcs/index.js';

/**
 * A bounds-checked cursor over a window `[pos, end)` of Move bytecode. Every read checks the window
 * first, so hostile lengths fail with `unexpected_end` instead of allocating or reading past it.
 * Reads mirror the helpers of the node's `move-binary-format` (`file_format_common.rs`
 * `read_uleb128_as_u64`, `deserializer.rs` `read_uleb_internal`).
 */
export interface BinaryReader {
  readonly bytes: Uint8Array;
  pos: number;
  end: number;
  /** The bytecode version, for version-gated encodings. */
  readonly version: number;
}

export function binaryReader(bytes: Uint8Array, pos: number, end: number, version: number): BinaryReader {
  return { bytes, pos, end, version };
}

export function fail(r: BinaryReader, code: BcsErrorCode, detail: string, at = r.pos): never {
  throw new BcsError(code, `invalid script bytecode: ${detail}`, at);
}

export function need(r: BinaryReader, n: number, what: string): void {
  if (n > r.end - r.pos) fail(r, 'unexpected_end', `unexpected end of ${what} (need ${n} bytes, ${r.end - r.pos} left)`);
}

export function u8(r: BinaryReader, what: string): number {
  need(r, 1, what);
  return r.bytes[r.pos++];
}

export function skip(r: BinaryReader, n: number, what: string): void {
  need(r, n, what);
  r.pos += n;
}

/** u32 little-endian. */
export function u32(r: BinaryReader, what: string): number {
  need(r, 4, what);
  const b = r.bytes;
  const p = r.pos;
  r.pos += 4;
  return (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16)) + b[p + 3] * 0x1000000;
}

/**
 * A ULEB128 of at most `max` (≤ 2^32 here). As the node's reader: a trailing zero byte is
 * non-canonical, and a value above `max` is refused ("Uleb greater than max requested").
 */
export function uleb(r: BinaryReader, max: number, what: string): number {
  const start = r.pos;
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = u8(r, what);
    const digit = byte & 0x7f;
    value += digit * scale;
    if (value > max) fail(r, 'out_of_range', `${what} exceeds ${max}`, start);
    if ((byte & 0x80) === 0) {
      if (scale > 1 && digit === 0) fail(r, 'non_canonical_uleb128', `non-canonical ULEB128 for ${what}`, start);
      return value;
    }
    scale *= 128;
    // Zero digits with the continuation bit keep `value` small; a u64 has at most 10 groups.
    if (scale > 2 ** 63) fail(r, 'uleb128_overflow', `${what} overflows u64`, start);
  }
}

/** A ULEB128 u64 whose value is not needed (closure masks): canonical, at most 64 bits. */
export function skipUleb64(r: BinaryReader, what: string): void {
  const start = r.pos;
  for (let shift = 0; ; shift += 7) {
    const byte = u8(r, what);
    const digit = byte & 0x7f;
    if (shift === 63 && digit > 1) fail(r, 'uleb128_overflow', `${what} overflows u64`, start);
    if ((byte & 0x80) === 0) {
      if (shift > 0 && digit === 0) fail(r, 'non_canonical_uleb128', `non-canonical ULEB128 for ${what}`, start);
      return;
    }
    if (shift >= 63) fail(r, 'uleb128_overflow', `${what} overflows u64`, start);
  }
}

/** `SerializedOption` / `SerializedBool`: 0x1 none/false, 0x2 some/true. */
export function flag(r: BinaryReader, what: string): boolean {
  const b = u8(r, what);
  if (b !== 1 && b !== 2) fail(r, 'invalid_variant', `malformed ${what} byte 0x${b.toString(16)}`, r.pos - 1);
  return b === 2;
}
