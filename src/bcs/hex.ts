import { BcsError } from './error.js';

const HEX = '0123456789abcdef';
const BYTE_HEX: string[] = /* @__PURE__ */ (() => {
  const t: string[] = [];
  for (let i = 0; i < 256; i++) t.push(HEX[i >> 4] + HEX[i & 15]);
  return t;
})();

// Nibble value of an ASCII code, or -1.
const NIBBLE = /* @__PURE__ */ (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < 16; i++) t[HEX.charCodeAt(i)] = t[HEX.toUpperCase().charCodeAt(i)] = i;
  return t;
})();

/** Lowercase hex of `bytes` without a prefix. */
export function toHexRaw(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let s = '';
  for (let i = start; i < end; i++) s += BYTE_HEX[bytes[i]];
  return s;
}

// Each byte's two hex digits as one UTF-16 code unit's worth of ASCII (entry 256 is "0x"), so the
// bulk paths store one 16-bit unit per byte. Built through a byte view of the same buffer, so it is
// right in the platform's byte order, which the views that read it share.
const DIGIT_PAIRS: Uint16Array = /* @__PURE__ */ (() => {
  const t = new Uint16Array(257);
  const b = new Uint8Array(t.buffer);
  for (let i = 0; i < 256; i++) {
    b[2 * i] = HEX.charCodeAt(i >> 4);
    b[2 * i + 1] = HEX.charCodeAt(i & 15);
  }
  b[512] = 48;
  b[513] = 120;
  return t;
})();
const DIGIT_PAIR_BYTES: Uint8Array = /* @__PURE__ */ bytesOf(DIGIT_PAIRS);

/* @__NO_SIDE_EFFECTS__ */
function bytesOf(t: Uint16Array): Uint8Array {
  // A call, not `new Uint8Array(t.buffer)` inline: bundlers keep a top-level property read
  // (`.buffer`) even when its result is unused.
  return new Uint8Array(t.buffer);
}
// Stateless (never called with `stream`), so one instance serves every call.
const ASCII: TextDecoder = /* @__PURE__ */ new TextDecoder();

/**
 * Writes the lowercase hex digits of `bytes[0..n)` (no prefix) as ASCII into `out` at `offset`;
 * returns the offset after them. (`n` instead of a `subarray`, which costs more than a short copy.)
 */
export function hexInto(bytes: Uint8Array, out: Uint8Array, offset: number, n = bytes.length): number {
  let j = offset;
  for (let i = 0; i < n; i++, j += 2) {
    const p = bytes[i] << 1;
    out[j] = DIGIT_PAIR_BYTES[p];
    out[j + 1] = DIGIT_PAIR_BYTES[p + 1];
  }
  return j;
}

// Whether the platform stores a Uint16Array little-endian: DIGIT_PAIRS is in its order, and a
// DataView is told the order explicitly.
const PLATFORM_LE: boolean = /* @__PURE__ */ littleEndian();

/* @__NO_SIDE_EFFECTS__ */
function littleEndian(): boolean {
  return bytesOf(Uint16Array.of(1))[0] === 1;
}

/**
 * Memory that `quotedHex` cuts its results from, owned by one caller (an HTTP handler): each result
 * is a piece of the current slab, handed out once and never again, and a full slab is left to the
 * pieces still held (as Node's Buffer pool does, lib/buffer.js `allocPool`). A reply's body then
 * costs one view instead of a buffer of its own (~2.9k instructions a request less; issue 32,
 * callgrind). A slab stays alive while any piece of it does: 16 KiB per owner at most besides them.
 */
export interface HexSlab {
  quads: Uint32Array;
  used: number;
}
const SLAB_BYTES = 16384;
/** An empty slab: the first piece cut takes its memory. */
export function hexSlab(): HexSlab {
  return { quads: new Uint32Array(0), used: 0 };
}

/**
 * `"0x…"`, the JSON string of the `0x` hex of `bytes[0..n)`, as ASCII (the encode_submission
 * reply's body): a piece of `slab` when it is small, else in an array of its own. Its digits start
 * 4-aligned in their buffer, so two digit pairs go in one 32-bit store: a loop per byte cost ~60
 * instructions a byte in V8 (bounds and map checks on each access), this one about a quarter of
 * that (issue 32, callgrind).
 */
export function quotedHex(bytes: Uint8Array, n: number, slab?: HexSlab): Uint8Array {
  // The piece: a byte, the quote and "0x" to reach the 4-aligned digits, then digits and quote.
  const size = (2 * n + 11) & ~3;
  let quads: Uint32Array;
  let at = 0;
  if (slab !== undefined && size <= SLAB_BYTES >> 3) {
    if (slab.used + size > slab.quads.byteLength) {
      slab.quads = new Uint32Array(SLAB_BYTES >> 2);
      slab.used = 0;
    }
    quads = slab.quads;
    at = slab.used;
    slab.used = at + size;
  } else quads = new Uint32Array(new ArrayBuffer(size));
  const out = new Uint8Array(quads.buffer, at + 1, 2 * n + 4);
  const pairs = DIGIT_PAIRS;
  out[0] = 0x22;
  out[1] = 0x30;
  out[2] = 0x78;
  let i = 0;
  let k = (at + 4) >> 2;
  if (PLATFORM_LE && (bytes.byteOffset & 3) === 0 && n >= 16) {
    // Four message bytes a 32-bit load (an encoder's buffer starts aligned): a third fewer typed-array
    // accesses, each a bounds and map check in V8 (~1.4k instructions less for a transfer's 197 bytes).
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, n >>> 2);
    for (let w = 0; w < words.length; w++, k += 2) {
      const x = words[w]!;
      quads[k] = pairs[x & 255]! | (pairs[(x >>> 8) & 255]! << 16);
      quads[k + 1] = pairs[(x >>> 16) & 255]! | (pairs[x >>> 24]! << 16);
    }
    i = words.length << 2;
  }
  if (PLATFORM_LE) for (; i + 1 < n; i += 2, k++) quads[k] = pairs[bytes[i]!]! | (pairs[bytes[i + 1]!]! << 16);
  else for (; i + 1 < n; i += 2, k++) quads[k] = (pairs[bytes[i]!]! << 16) | pairs[bytes[i + 1]!]!;
  if (i < n) {
    const p = bytes[i]! << 1;
    out[2 * n + 1] = DIGIT_PAIR_BYTES[p]!;
    out[2 * n + 2] = DIGIT_PAIR_BYTES[p + 1]!;
  }
  out[2 * n + 3] = 0x22;
  return out;
}

/** `0x`-prefixed lowercase hex. */
export function toHex(bytes: Uint8Array): string {
  // The digits stored a pair at a time into one buffer and decoded once: faster than growing a
  // string two characters at a time from about 40 bytes up, and the result is one flat string.
  const n = bytes.length;
  const out = new Uint16Array(n + 1);
  out[0] = DIGIT_PAIRS[256];
  for (let i = 0; i < n; i++) out[i + 1] = DIGIT_PAIRS[bytes[i]];
  return ASCII.decode(out);
}

/** Nibble value of the character at `i`, or -1 when it is not a hex digit. */
export function nibbleAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c < 128 ? NIBBLE[c] : -1;
}

/**
 * The one hex-digit decoder: the digits `s[start..end)` (either case) into `out[from..to)`,
 * right-aligned and zero-padded on the left (an odd count leaves a leading half byte); the digits
 * must fit. False when some character is not a hex digit (the bytes are then garbage). Addresses,
 * type-tag strings and plain hex all decode through it.
 */
export function hexDigitsInto(s: string, start: number, end: number, out: Uint8Array, from: number, to: number): boolean {
  // Bad digits are collected in one OR (a negative nibble) instead of a branch per digit.
  let bad = 0;
  let k = to - 1;
  let j = end - 1;
  for (; j > start; j -= 2) {
    const lo = nibbleAt(s, j);
    const hi = nibbleAt(s, j - 1);
    bad |= lo | hi;
    out[k--] = (hi << 4) | (lo & 15);
  }
  if (j === start) {
    const lo = nibbleAt(s, j);
    bad |= lo;
    out[k--] = lo & 15;
  }
  if (k >= from) out.fill(0, from, k + 1);
  return bad >= 0;
}

/** End of the run of hex digits that starts at `i` (`i` itself when there is none). */
export function hexRunEnd(s: string, i: number): number {
  while (nibbleAt(s, i) >= 0) i++;
  return i;
}

/**
 * Strict hex parsing: optional `0x` prefix (lowercase x only), an even number of digits, upper or
 * lower case. `""` and `"0x"` are empty.
 */
export function fromHex(hex: string): Uint8Array {
  if (typeof hex !== 'string') throw new BcsError('invalid_hex', `expected a hex string, got ${typeof hex}`);
  const start = hex.startsWith('0x') ? 2 : 0;
  const digits = hex.length - start;
  if (digits % 2 !== 0) throw new BcsError('invalid_hex', `hex string has an odd number of digits (${digits})`);
  const out = new Uint8Array(digits / 2);
  if (!hexDigitsInto(hex, start, hex.length, out, 0, out.length)) {
    const at = hexRunEnd(hex, start);
    throw new BcsError('invalid_hex', `invalid hex character ${JSON.stringify(hex[at])} at position ${at}`);
  }
  return out;
}

/** Lexicographic byte order (shorter prefix first), as BCS map keys are ordered. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
