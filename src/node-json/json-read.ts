import { BcsError, equalBytes, fromHex, isBcsError, normalizeAddress, quote, type Address } from '../bcs/index.js';
import { jsonField as field } from '../records/internal.js';

// Checking readers of the node's JSON: each names what it expected and, through `at`, the path of
// the field that failed (`changes[3].data.type`). Every failure is a BcsError.

export type Obj = Record<string, unknown>;

export function invalid(what: string, got: unknown): BcsError {
  return new BcsError('invalid_json', `expected ${what}, got ${quote(got)}`);
}

/** Runs `f` with `segment` added to the path of whatever it throws. */
export function at<T>(segment: string | number, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isBcsError(e)) throw e.within(segment);
    throw e;
  }
}

export function obj(v: unknown, what: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(`${what} as an object`, v);
  return v as Obj;
}

/** Field `key` of `o`, which must be present (null counts as present): records' reader of a JSON field. */
export { field };

/** `f` of field `key`, its errors under `key`. */
export function fieldAt<T>(o: Obj, key: string, f: (v: unknown) => T): T {
  const v = field(o, key);
  return at(key, () => f(v));
}

export function str(o: Obj, key: string): string {
  const v = field(o, key);
  if (typeof v !== 'string') throw invalid('a string', v).within(key);
  return v;
}

export function bool(o: Obj, key: string): boolean {
  const v = field(o, key);
  if (typeof v !== 'boolean') throw invalid('a boolean', v).within(key);
  return v;
}

export function arr(o: Obj, key: string): unknown[] {
  const v = field(o, key);
  if (!Array.isArray(v)) throw invalid('an array', v).within(key);
  return v;
}

/** Maps the array at `o[key]`, each element's errors carrying its index. */
export function each<T>(o: Obj, key: string, f: (v: unknown, i: number) => T): T[] {
  const a = arr(o, key);
  return at(key, () => a.map((v, i) => at(i, () => f(v, i))));
}

/** A u64 written as a decimal string (the node's `U64`): records' reader, which the block header's uses. */
export { jsonU64 as u64 } from '../records/internal.js';

/** A JSON number of at most `max` (u8, u16, u32, or a u64 the node writes as a number). */
export function int(v: unknown, max: number | bigint, what: string): number | bigint {
  if (typeof v === 'bigint') {
    if (v < 0n || v > BigInt(max)) throw new BcsError('out_of_range', `${what} out of range: ${v}`);
    return v;
  }
  if (typeof v !== 'number' || !Number.isInteger(v)) throw invalid(`${what} as an integer`, v);
  if (!Number.isSafeInteger(v)) throw new BcsError('out_of_range', `${what} too large to read exactly from a JSON number: ${v}`);
  if (v < 0 || v > Number(max)) throw new BcsError('out_of_range', `${what} out of range: ${v}`);
  return v;
}

export function smallInt(o: Obj, key: string, max: number, what: string): number {
  const v = field(o, key);
  return at(key, () => int(v, max, what) as number);
}

/** `0x` hex (HexEncodedBytes). */
export function hexValue(v: unknown): Uint8Array {
  if (typeof v !== 'string' || !v.startsWith('0x')) throw invalid('0x hex', v);
  return fromHex(v);
}

export function hex(o: Obj, key: string): Uint8Array {
  const v = field(o, key);
  return at(key, () => hexValue(v));
}

/** A HashValue: 32 bytes of `0x` hex. */
export function hashValue(v: unknown): Uint8Array {
  const b = hexValue(v);
  if (b.length !== 32) throw new BcsError('invalid_length', `a hash is 32 bytes, got ${b.length}`);
  return b;
}

/** A hash field; with `blankOk` the empty string (a hash blanked by the node's test writer) reads as zeros. */
export function hash(o: Obj, key: string, blankOk = false): Uint8Array {
  const v = field(o, key);
  if (blankOk && v === '') return new Uint8Array(32);
  return at(key, () => hashValue(v));
}

const hexDigit = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : (c | 32) >= 97 && (c | 32) <= 102 ? (c | 32) - 87 : -1);

/**
 * Whether hash field `key` holds `want`: compared digit by digit in the text (no bytes made), and
 * read in full only when it differs, so a malformed field fails as `hash` would.
 */
export function hashIs(o: Obj, key: string, want: Uint8Array): boolean {
  const v = o[key];
  if (typeof v === 'string' && v.length === 66 && v.charCodeAt(0) === 48 && v.charCodeAt(1) === 120) {
    let i = 0;
    while (i < 32 && hexDigit(v.charCodeAt(2 + 2 * i)) === want[i]! >> 4 && hexDigit(v.charCodeAt(3 + 2 * i)) === (want[i]! & 15)) i++;
    if (i === 32) return true;
  }
  return equalBytes(hash(o, key), want);
}

function addressValue(v: unknown): Address {
  if (typeof v !== 'string' || !v.startsWith('0x')) throw invalid('an address as 0x hex', v);
  return normalizeAddress(v);
}

export function address(o: Obj, key: string): Address {
  const v = field(o, key);
  return at(key, () => addressValue(v));
}

/** The discriminator `type` of a node union. */
export function kind(o: Obj, key = 'type'): string {
  return str(o, key);
}

export function unknownKind(k: string, what: string, key = 'type'): BcsError {
  return new BcsError('invalid_variant', `unknown ${what} type ${quote(k)}`).within(key);
}
