import { BcsError, fromHex, i128, i16, i256, i32, i64, i8, quote, u128, u16, u256, u32, u64, u8, utf8Encode, writeAddress, type BcsWriter } from '../bcs/index.js';
import { utf8Read } from '../bcs/internal.js';
import type { Layout } from './move-layouts.js';
import { MAX_VALUE_DEPTH, UNPARSABLE_UTF8 } from './move-value-read.js';

// The node's JSON of a Move value → its BCS bytes: the inverse of move-value-read.ts, strict. Each
// value must have exactly the JSON type the node writes for its Move type (numbers for u8…u32 and
// i8…i32, canonical decimal strings for the wider integers, `0x` hex for bytes and addresses), a
// struct exactly its fields, an enum its `__variant__` and that variant's fields. Errors carry the
// path of the value (`coin.value`, `vec[0]`).

function fail(code: ConstructorParameters<typeof BcsError>[0], detail: string): never {
  throw new BcsError(code, detail);
}

function expected(what: string, got: unknown): never {
  fail('invalid_type', `expected ${what}, got ${describe(got)}`);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${quote(v)}`;
}

type SmallKind = 'u8' | 'u16' | 'u32' | 'i8' | 'i16' | 'i32';
// The core's schemas, by Move integer kind (their writers validate the range once more).
const SMALL = { u8, u16, u32, i8, i16, i32 } as const;

type WideKind = 'u64' | 'u128' | 'u256' | 'i64' | 'i128' | 'i256';
const WIDE_BITS: Record<WideKind, number> = { u64: 64, u128: 128, u256: 256, i64: 64, i128: 128, i256: 256 };
const WIDE = { u64, u128, u256, i64, i128, i256 } as const;

const UNSIGNED = /^(0|[1-9][0-9]*)$/;
const SIGNED = /^(0|-?[1-9][0-9]*)$/;

// Each kind's range, looked up per value rather than derived from its name.
const SMALL_MIN: Record<SmallKind, number> = { u8: 0, u16: 0, u32: 0, i8: -(2 ** 7), i16: -(2 ** 15), i32: -(2 ** 31) };
const SMALL_MAX: Record<SmallKind, number> = { u8: 2 ** 8 - 1, u16: 2 ** 16 - 1, u32: 2 ** 32 - 1, i8: 2 ** 7 - 1, i16: 2 ** 15 - 1, i32: 2 ** 31 - 1 };

function small(w: BcsWriter, kind: SmallKind, v: unknown): void {
  const min = SMALL_MIN[kind];
  const max = SMALL_MAX[kind];
  if (typeof v !== 'number') expected(`a JSON number (${kind})`, v);
  if (!Number.isInteger(v) || v < min || v > max) fail('out_of_range', `${quote(v)} is not a ${kind} (${min}..${max})`);
  SMALL[kind].write(w, v);
}

function wide(w: BcsWriter, kind: WideKind, v: unknown): void {
  const bits = WIDE_BITS[kind];
  const schema = WIDE[kind];
  if (typeof v !== 'string') expected(`a decimal string (${kind})`, v);
  const signed = kind[0] === 'i';
  // Length first: a megabyte of digits never reaches BigInt.
  if (v.length > 80 || !(signed ? SIGNED : UNSIGNED).test(v)) fail('out_of_range', `${quote(v)} is not a canonical decimal ${kind}`);
  // Up to 15 digits fits a double exactly and in every kind's range: no BigInt needed.
  if (v.length <= 15 && (!signed || v[0] !== '-')) return schema.write(w, Number(v));
  const n = BigInt(v);
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
  if (n < min || n > max) fail('out_of_range', `${v} is out of range for ${kind}`);
  schema.write(w, n);
}

function hexBytes(v: unknown): Uint8Array {
  if (typeof v !== 'string') expected('a 0x-prefixed hex string', v);
  if (!v.startsWith('0x')) fail('invalid_hex', `hex bytes must start with 0x, got ${quote(v)}`);
  return fromHex(v);
}

function stringBytes(v: unknown): Uint8Array {
  if (typeof v !== 'string') expected('a string', v);
  // The node writes a String whose bytes are not UTF-8 as "Unparsable utf-8 0x…": read back as those bytes.
  if (v.startsWith(UNPARSABLE_UTF8 + '0x')) {
    let b: Uint8Array | undefined;
    try {
      b = fromHex(v.slice(UNPARSABLE_UTF8.length));
      utf8Read(b, 0, b.length, 0);
      b = undefined; // valid UTF-8: the node would have written it as text, so the text is the value
    } catch {
      // not hex (so it is text), or hex of invalid UTF-8 (so it is those bytes)
    }
    if (b) return b;
  }
  return utf8Encode(v);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function own(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

function writeFields(w: BcsWriter, o: Record<string, unknown>, fields: { name: string; layout: Layout }[], depth: number, extra: number, type: string): void {
  for (const f of fields) {
    if (!own(o, f.name)) fail('missing_field', `${type} needs the field ${f.name}`);
    try {
      writeMoveValue(w, f.layout, o[f.name], depth + 1);
    } catch (e) {
      throw e instanceof BcsError ? e.within(f.name) : e;
    }
  }
  // Counted without allocating: a value with exactly the fields (all present, checked above) has no other key.
  let n = 0;
  for (const k in o) if (own(o, k)) n++;
  if (n !== fields.length + extra) {
    const unknown = Object.keys(o).filter((k) => k !== '__variant__' && !fields.some((f) => f.name === k));
    fail('invalid_json', `${type} has no field ${unknown.slice(0, 4).map((k) => quote(k)).join(', ')}`);
  }
}

export function writeMoveValue(w: BcsWriter, l: Layout, v: unknown, depth: number): void {
  switch (l.$kind) {
    case 'bool':
      if (typeof v !== 'boolean') expected('a boolean', v);
      w.u8(v ? 1 : 0);
      return;
    case 'u8': case 'u16': case 'u32': case 'i8': case 'i16': case 'i32':
      return small(w, l.$kind, v);
    case 'u64': case 'u128': case 'u256': case 'i64': case 'i128': case 'i256':
      return wide(w, l.$kind, v);
    case 'address':
    case 'signer':
      if (typeof v !== 'string') expected('an address string', v);
      // writeAddress checks the digits; the node's JSON always has the 0x prefix.
      if (v.charCodeAt(0) !== 48 || v.charCodeAt(1) !== 120) fail('invalid_address', `${quote(v)} is not 0x and 1 to 64 hex digits`);
      return writeAddress(w, v);
    case 'bytes': {
      const b = hexBytes(v);
      w.length(b.length);
      w.raw(b);
      return;
    }
    case 'string': {
      const b = stringBytes(v);
      w.length(b.length);
      w.raw(b);
      return;
    }
    case 'vector': {
      if (!Array.isArray(v)) expected('an array', v);
      if (depth >= MAX_VALUE_DEPTH) fail('exceeded_max_depth', `value nested deeper than ${MAX_VALUE_DEPTH}`);
      w.length(v.length);
      for (let i = 0; i < v.length; i++) {
        try {
          writeMoveValue(w, l.item, v[i], depth + 1);
        } catch (e) {
          throw e instanceof BcsError ? e.within(i) : e;
        }
      }
      return;
    }
    case 'struct':
      if (!isObject(v)) expected(`an object (${l.type})`, v);
      if (depth >= MAX_VALUE_DEPTH) fail('exceeded_max_depth', `value nested deeper than ${MAX_VALUE_DEPTH}`);
      return writeFields(w, v, l.fields, depth, 0, l.type);
    case 'enum': {
      if (!isObject(v)) expected(`an object (${l.type})`, v);
      if (depth >= MAX_VALUE_DEPTH) fail('exceeded_max_depth', `value nested deeper than ${MAX_VALUE_DEPTH}`);
      const name = v.__variant__;
      if (typeof name !== 'string' || !own(v, '__variant__')) fail('missing_field', `${l.type} is an enum: __variant__ must name its variant`);
      const index = l.variants.findIndex((x) => x.name === name);
      if (index < 0) fail('invalid_variant', `${l.type} has no variant ${quote(name)}`);
      w.uleb128(index);
      return writeFields(w, v, l.variants[index].fields, depth, 1, l.type);
    }
  }
}
