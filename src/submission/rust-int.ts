// Decimal strings parsed as Rust's `FromStr` for integers parses them (the node's `U64`, `U128`
// and signed wrappers in api/types/src/move_types.rs): an optional `+` (or `-` for signed types),
// then ASCII digits, leading zeros allowed; no whitespace, no `_`, no hex. Errors are
// `ParseIntError`'s texts. `U256` parses through move-core's own U256 (below).

export type WideIntKind = 'u64' | 'u128' | 'u256' | 'i64' | 'i128' | 'i256';

const BITS: Record<WideIntKind, number> = { u64: 64, u128: 128, u256: 256, i64: 64, i128: 128, i256: 256 };

/** The result of a parse: the value, or `ParseIntError`'s message. */
export type IntParse = bigint | number | { error: string };

// 80 digits exceed every range here, so longer inputs are refused before BigInt sees them.
const MAX_DIGITS = 80;

// Up to 15 plain digits fit a double exactly and every range here: no BigInt parse of the text.
// -1 when `s` is anything else.
export function smallDecimal(s: string): number {
  const n = s.length;
  if (n === 0 || n > 15) return -1;
  let v = 0;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(k) - 0x30;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

// A literal, not a shift: bundlers keep a top-level computation in every bundle that imports this module.
const U256_MAX = 0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffn;

/**
 * move-core u256.rs `U256::from_str`: `from_str_radix(s.trim_start_matches('0'), 10)`, which is the
 * uint crate's `from_dec_str` (primitive-types), not Rust's integer parser: no sign, the empty
 * string (or only zeros) is 0, and its own messages (`FromDecStrErr`), byte by byte in order.
 */
function parseMoveU256(s: string): IntParse {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) === 0x30) i++;
  let v = 0n;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i) - 0x30;
    if (c < 0 || c > 9) return { error: 'a character is not in the range 0-9' };
    v = v * 10n + BigInt(c);
    if (v > U256_MAX) return { error: 'the number is too large for the type' };
  }
  return v;
}

export function parseRustInt(s: string, kind: WideIntKind): IntParse {
  const small = smallDecimal(s);
  if (small >= 0) return BigInt(small);
  if (kind === 'u256') return parseMoveU256(s);
  const signed = kind[0] === 'i';
  let i = 0;
  let neg = false;
  if (s.length === 0) return { error: 'cannot parse integer from empty string' };
  if (s[0] === '+' || (signed && s[0] === '-')) {
    neg = s[0] === '-';
    i = 1;
    if (s.length === 1) return { error: 'invalid digit found in string' };
  }
  for (let k = i; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x30 || c > 0x39) return { error: 'invalid digit found in string' };
  }
  const bits = BigInt(BITS[kind]);
  const digits = s.slice(i).replace(/^0+(?=.)/, '');
  if (digits.length > MAX_DIGITS) return { error: neg ? 'number too small to fit in target type' : 'number too large to fit in target type' };
  const v = neg ? -BigInt(digits) : BigInt(digits);
  const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
  const min = signed ? -(1n << (bits - 1n)) : 0n;
  if (v > max) return { error: 'number too large to fit in target type' };
  if (v < min) return { error: 'number too small to fit in target type' };
  return v;
}

/** A u64 as the node reads it (the request's sequence number, gas and expiry; a u64 argument): a number when it is safe, else a bigint. */
export function parseRustU64(s: string): IntParse {
  const small = smallDecimal(s);
  return small >= 0 ? small : parseRustInt(s, 'u64');
}
