import { BcsError, MAX_CONTAINER_DEPTH, fromHex, normalizeAddress, quote, toHex } from '../bcs/index.js';
import { rethrowWithin, checkBig, unknownVariant } from '../bcs/internal.js';

// JSON-safe values, for logging, fixtures and the CLI: u64 and wider as decimal strings, bytes as
// `0x` hex, addresses in the long form, small integers as numbers, enums as `{ $kind, value }`.
// The way back needs to know which string is a number, which is bytes and which is text, so it is
// driven by a Shape: a small plain-data description of a type's JSON form, derived from each
// type's declaration (declare.ts).

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type SmallIntShape = 'u8' | 'u16' | 'u32' | 'i8' | 'i16' | 'i32';
export type BigIntShape = 'u64' | 'u128' | 'u256' | 'i64' | 'i128' | 'i256';
export type Shape =
  | 'bool'
  | SmallIntShape
  | BigIntShape
  | 'bytes'
  | 'address'
  | 'string'
  | { readonly struct: { readonly [field: string]: Shape } }
  | { readonly vector: Shape }
  | { readonly option: Shape }
  /** An option that a struct may also leave out (read as None): `BcsBlock.transactions`. */
  | { readonly optional: Shape }
  | { readonly enum: { readonly [variant: string]: Shape | null } }
  | { readonly lazy: () => Shape };

const SMALL: Record<SmallIntShape, readonly [number, number]> = {
  u8: [0, 0xff],
  u16: [0, 0xffff],
  u32: [0, 0xffffffff],
  i8: [-0x80, 0x7f],
  i16: [-0x8000, 0x7fff],
  i32: [-0x80000000, 0x7fffffff],
};

// Literals, not shifts: a bundle that skips JSON then drops the table.
const BIG: Record<BigIntShape, readonly [min: bigint, max: bigint]> = {
  u64: [0n, 0xffff_ffff_ffff_ffffn],
  u128: [0n, 0xffff_ffff_ffff_ffff_ffff_ffff_ffff_ffffn],
  u256: [0n, 0xffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffffn],
  i64: [-0x8000_0000_0000_0000n, 0x7fff_ffff_ffff_ffffn],
  i128: [-0x8000_0000_0000_0000_0000_0000_0000_0000n, 0x7fff_ffff_ffff_ffff_ffff_ffff_ffff_ffffn],
  i256: [
    -0x8000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000n,
    0x7fff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffffn,
  ],
};

function jsonError(expected: string, got: unknown): BcsError {
  return new BcsError('invalid_json', `expected ${expected}, got ${quote(got)}`);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

/**
 * JSON nesting both ways is bounded like BCS containers (MAX_CONTAINER_DEPTH): a hostile document
 * of thousands of nested arrays, or a cyclic object, fails with `exceeded_max_depth` instead of
 * overflowing the stack. Every level of nesting goes through `nest`, which passes the depth down.
 */
function nest<T>(depth: number, segment: string | number, f: (depth: number) => T): T {
  if (depth >= MAX_CONTAINER_DEPTH) throw new BcsError('exceeded_max_depth', `JSON value nested deeper than ${MAX_CONTAINER_DEPTH} levels`);
  try {
    return f(depth + 1);
  } catch (e) {
    return rethrowWithin(e, segment);
  }
}

/**
 * `value` as JSON-safe data. With a shape, the value may be any encodable input (short addresses,
 * numbers for u64, …) and comes out normalised; without one, bigints become decimal strings and
 * Uint8Arrays hex, which is exact for decoded values (addresses already long, small ints numbers).
 */
export function toJsonSafe(value: unknown, shape?: Shape): JsonValue {
  return shape === undefined ? generic(value, 0) : shaped(shape, value, 0);
}

function generic(v: unknown, depth: number): JsonValue {
  switch (typeof v) {
    case 'bigint':
      return v.toString();
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      if (!Number.isFinite(v)) throw new BcsError('invalid_json', `${v} has no JSON form`);
      return v;
    case 'object':
      if (v === null) return null;
      if (v instanceof Uint8Array) return toHex(v);
      if (Array.isArray(v)) return v.map((x, i) => nest(depth, i, (n) => generic(x, n)));
      {
        const out: Record<string, JsonValue> = {};
        for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = nest(depth, k, (n) => generic(x, n));
        return out;
      }
  }
  throw new BcsError('invalid_json', `${typeof v} has no JSON form`);
}

function shaped(shape: Shape, v: unknown, depth: number): JsonValue {
  if (typeof shape === 'string') {
    switch (shape) {
      case 'bool':
        if (typeof v !== 'boolean') throw jsonError('a boolean', v);
        return v;
      case 'string':
        if (typeof v !== 'string') throw jsonError('a string', v);
        return v;
      case 'bytes':
        if (!(v instanceof Uint8Array)) throw jsonError('a Uint8Array', v);
        return toHex(v);
      case 'address':
        if (typeof v !== 'string' && !(v instanceof Uint8Array)) throw jsonError('an address', v);
        return normalizeAddress(v);
      default:
        if (shape in SMALL) return checkSmall(shape as SmallIntShape, v);
        if (typeof v !== 'bigint' && !(typeof v === 'number' && Number.isSafeInteger(v))) throw jsonError(`${shape} as a bigint or safe integer`, v);
        return bigInRange(shape as BigIntShape, BigInt(v)).toString();
    }
  }
  if ('lazy' in shape) return shaped(shape.lazy(), v, depth);
  if ('vector' in shape) {
    if (!Array.isArray(v)) throw jsonError('an array', v);
    return v.map((x, i) => nest(depth, i, (n) => shaped(shape.vector, x, n)));
  }
  if ('option' in shape) return v === null || v === undefined ? null : shaped(shape.option, v, depth);
  if ('optional' in shape) return v === null || v === undefined ? null : shaped(shape.optional, v, depth);
  if ('struct' in shape) {
    if (!isPlainObject(v)) throw jsonError('an object', v);
    const out: Record<string, JsonValue> = {};
    for (const k of Object.keys(shape.struct)) out[k] = nest(depth, k, (n) => shaped(shape.struct[k], v[k], n));
    return out;
  }
  if (!isPlainObject(v)) throw jsonError('an object with $kind', v);
  const kind = enumKind(shape.enum, v.$kind);
  const payload = shape.enum[kind];
  return payload === null ? { $kind: kind } : { $kind: kind, value: nest(depth, kind, (n) => shaped(payload, v.value, n)) };
}

function enumKind(variants: { readonly [variant: string]: Shape | null }, kind: unknown): string {
  if (typeof kind !== 'string' || !Object.hasOwn(variants, kind)) throw unknownVariant(kind);
  return kind;
}

function checkSmall(shape: SmallIntShape, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw jsonError(`${shape} as an integer number`, v);
  const [min, max] = SMALL[shape];
  if (v < min || v > max) throw new BcsError('out_of_range', `${v} is out of range for ${shape}`);
  return v;
}

function bigInRange(shape: BigIntShape, v: bigint): bigint {
  const [min, max] = BIG[shape];
  return checkBig(shape, v, min, max) as bigint;
}

// Plain ASCII digits only: no sign for unsigned, no '+', no whitespace, no hex, no exponent.
const UNSIGNED = /^[0-9]+$/;
const SIGNED = /^-?[0-9]+$/;

/** Strict decimal string → bigint for `shape` (e.g. 'u64'): rejects hex, whitespace, signs where not allowed, out-of-range values. */
export function parseDecimal(s: unknown, shape: BigIntShape): bigint {
  if (typeof s !== 'string') throw jsonError(`${shape} as a decimal string`, s);
  const signed = BIG[shape][0] < 0n;
  if (s.length > 80 || !(signed ? SIGNED : UNSIGNED).test(s)) {
    throw new BcsError('invalid_json', `expected ${shape} as a decimal string${signed ? '' : ' without sign'}, got ${quote(s)}`);
  }
  return bigInRange(shape, BigInt(s));
}

/** Plain data from its JSON-safe form, exactly inverting `toJsonSafe`; strict about every value. */
export function fromJsonSafe(shape: Shape, json: unknown): unknown {
  return fromJson(shape, json, 0);
}

function fromJson(shape: Shape, json: unknown, depth: number): unknown {
  if (typeof shape === 'string') {
    switch (shape) {
      case 'bool':
        if (typeof json !== 'boolean') throw jsonError('a boolean', json);
        return json;
      case 'string':
        if (typeof json !== 'string') throw jsonError('a string', json);
        return json;
      case 'bytes':
        if (typeof json !== 'string' || !json.startsWith('0x')) throw jsonError('0x-prefixed hex', json);
        return fromHex(json);
      case 'address':
        if (typeof json !== 'string') throw jsonError('an address string', json);
        return normalizeAddress(json);
      default:
        if (shape in SMALL) return checkSmall(shape as SmallIntShape, json);
        return parseDecimal(json, shape as BigIntShape);
    }
  }
  if ('lazy' in shape) return fromJson(shape.lazy(), json, depth);
  if ('vector' in shape) {
    if (!Array.isArray(json)) throw jsonError('an array', json);
    return json.map((x, i) => nest(depth, i, (n) => fromJson(shape.vector, x, n)));
  }
  if ('option' in shape) return json === null ? null : fromJson(shape.option, json, depth);
  if ('optional' in shape) return json === null ? null : fromJson(shape.optional, json, depth);
  if ('struct' in shape) {
    if (!isPlainObject(json)) throw jsonError('an object', json);
    const fields = shape.struct;
    for (const k of Object.keys(json)) {
      if (!Object.hasOwn(fields, k)) throw new BcsError('invalid_json', `unknown field ${quote(k)}`);
    }
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(fields)) {
      if (!Object.hasOwn(json, k)) {
        if (typeof fields[k] === 'object' && 'optional' in fields[k]) {
          out[k] = null;
          continue;
        }
        throw new BcsError('missing_field', `missing field ${k}`).within(k);
      }
      out[k] = nest(depth, k, (n) => fromJson(fields[k], json[k], n));
    }
    return out;
  }
  if (!isPlainObject(json)) throw jsonError('an object with $kind', json);
  const kind = enumKind(shape.enum, json.$kind);
  const payload = shape.enum[kind];
  for (const k of Object.keys(json)) {
    if (k !== '$kind' && !(k === 'value' && payload !== null)) throw new BcsError('invalid_json', `unexpected field ${quote(k)} in variant ${kind}`);
  }
  if (payload === null) return { $kind: kind };
  if (!Object.hasOwn(json, 'value')) throw new BcsError('missing_field', `missing field value of variant ${kind}`).within(kind);
  return { $kind: kind, value: nest(depth, kind, (n) => fromJson(payload, json.value, n)) };
}
