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
  for (let i = 0; i < 10; i++) t[48 + i] = i;
  for (let i = 0; i < 6; i++) {
    t[97 + i] = 10 + i;
    t[65 + i] = 10 + i;
  }
  return t;
})();

/** Lowercase hex of `bytes` without a prefix. */
export function toHexRaw(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let s = '';
  for (let i = start; i < end; i++) s += BYTE_HEX[bytes[i]];
  return s;
}

// Digit codes of each byte's high and low nibble, for the bulk path below.
const HIGH_DIGIT: Uint8Array = /* @__PURE__ */ Uint8Array.from({ length: 256 }, (_, i) => HEX.charCodeAt(i >> 4));
const LOW_DIGIT: Uint8Array = /* @__PURE__ */ Uint8Array.from({ length: 256 }, (_, i) => HEX.charCodeAt(i & 15));
// Stateless (never called with `stream`), so one instance serves every call.
const ASCII: TextDecoder = /* @__PURE__ */ new TextDecoder();

/** Writes the lowercase hex digits of `bytes` (no prefix) as ASCII into `out` at `offset`; returns the offset after them. */
export function hexInto(bytes: Uint8Array, out: Uint8Array, offset: number): number {
  let j = offset;
  for (let i = 0, n = bytes.length; i < n; i++, j += 2) {
    const b = bytes[i];
    out[j] = HIGH_DIGIT[b];
    out[j + 1] = LOW_DIGIT[b];
  }
  return j;
}

/** `0x`-prefixed lowercase hex. */
export function toHex(bytes: Uint8Array): string {
  const n = bytes.length;
  if (n < 48) return '0x' + toHexRaw(bytes);
  // Longer inputs: the digits written into one buffer and decoded once, about twice as fast as
  // growing a string two characters at a time (and the result is one flat string, not a rope).
  const out = new Uint8Array(2 * n + 2);
  out[0] = 48; // "0x"
  out[1] = 120;
  hexInto(bytes, out, 2);
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
