import { BcsError, MAX_CONTAINER_DEPTH, fromHex, isBcsError, normalizeAddress, quote, toHex } from '../bcs/index.js';

// JSON-safe values, for logging, fixtures and the CLI: u64 and wider as decimal strings, bytes as
// `0x` hex, addresses in the long form, small integers as numbers, enums as `{ $kind, value }`.
// The way back needs to know which string is a number, which is bytes and which is text, so it is
// driven by a Shape: a small plain-data description of a type's JSON form (see shapes.ts).

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

const BIG_BITS: Record<BigIntShape, readonly [number, boolean]> = {
  u64: [64, false],
  u128: [128, false],
  u256: [256, false],
  i64: [64, true],
  i128: [128, true],
  i256: [256, true],
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
 * overflowing the stack. Every level of nesting goes through `wrap`, which counts it.
 */
let depth = 0;

function wrap<T>(segment: string | number, f: () => T): T {
  if (depth >= MAX_CONTAINER_DEPTH) throw new BcsError('exceeded_max_depth', `JSON value nested deeper than ${MAX_CONTAINER_DEPTH} levels`);
  depth++;
  try {
    return f();
  } catch (e) {
    if (isBcsError(e)) throw e.within(segment);
    throw e;
  } finally {
    depth--;
  }
}

/**
 * `value` as JSON-safe data. With a shape, the value may be any encodable input (short addresses,
 * numbers for u64, …) and comes out normalised; without one, bigints become decimal strings and
 * Uint8Arrays hex, which is exact for decoded values (addresses already long, small ints numbers).
 */
export function toJsonSafe(value: unknown, shape?: Shape): JsonValue {
  return shape === undefined ? generic(value) : shaped(shape, value);
}

function generic(v: unknown): JsonValue {
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
      if (Array.isArray(v)) return v.map((x, i) => wrap(i, () => generic(x)));
      {
        const out: Record<string, JsonValue> = {};
        for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = wrap(k, () => generic(x));
        return out;
      }
  }
  throw new BcsError('invalid_json', `${typeof v} has no JSON form`);
}

function shaped(shape: Shape, v: unknown): JsonValue {
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
        return checkBig(shape as BigIntShape, BigInt(v)).toString();
    }
  }
  if ('lazy' in shape) return shaped(shape.lazy(), v);
  if ('vector' in shape) {
    if (!Array.isArray(v)) throw jsonError('an array', v);
    return v.map((x, i) => wrap(i, () => shaped(shape.vector, x)));
  }
  if ('option' in shape) return v === null || v === undefined ? null : shaped(shape.option, v);
  if ('struct' in shape) {
    if (!isPlainObject(v)) throw jsonError('an object', v);
    const out: Record<string, JsonValue> = {};
    for (const k of Object.keys(shape.struct)) out[k] = wrap(k, () => shaped(shape.struct[k], v[k]));
    return out;
  }
  if (!isPlainObject(v)) throw jsonError('an object with $kind', v);
  const kind = v.$kind;
  if (typeof kind !== 'string' || !Object.hasOwn(shape.enum, kind)) throw new BcsError('invalid_variant', `unknown variant ${quote(kind)}`);
  const payload = shape.enum[kind];
  return payload === null ? { $kind: kind } : { $kind: kind, value: wrap(kind, () => shaped(payload, v.value)) };
}

function checkSmall(shape: SmallIntShape, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw jsonError(`${shape} as an integer number`, v);
  const [min, max] = SMALL[shape];
  if (v < min || v > max) throw new BcsError('out_of_range', `${v} is out of range for ${shape}`);
  return v;
}

function checkBig(shape: BigIntShape, v: bigint): bigint {
  const [bits, signed] = BIG_BITS[shape];
  const b = BigInt(bits);
  const min = signed ? -(1n << (b - 1n)) : 0n;
  const max = signed ? (1n << (b - 1n)) - 1n : (1n << b) - 1n;
  if (v < min || v > max) throw new BcsError('out_of_range', `${v} is out of range for ${shape}`);
  return v;
}

// Plain ASCII digits only: no sign for unsigned, no '+', no whitespace, no hex, no exponent.
const UNSIGNED = /^[0-9]+$/;
const SIGNED = /^-?[0-9]+$/;

/** Strict decimal string → bigint for `shape` (e.g. 'u64'): rejects hex, whitespace, signs where not allowed, out-of-range values. */
export function parseDecimal(s: unknown, shape: BigIntShape): bigint {
  if (typeof s !== 'string') throw jsonError(`${shape} as a decimal string`, s);
  const signed = BIG_BITS[shape][1];
  if (s.length > 80 || !(signed ? SIGNED : UNSIGNED).test(s)) {
    throw new BcsError('invalid_json', `expected ${shape} as a decimal string${signed ? '' : ' without sign'}, got ${quote(s)}`);
  }
  return checkBig(shape, BigInt(s));
}

/** Plain data from its JSON-safe form, exactly inverting `toJsonSafe`; strict about every value. */
export function fromJsonSafe(shape: Shape, json: unknown): unknown {
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
  if ('lazy' in shape) return fromJsonSafe(shape.lazy(), json);
  if ('vector' in shape) {
    if (!Array.isArray(json)) throw jsonError('an array', json);
    return json.map((x, i) => wrap(i, () => fromJsonSafe(shape.vector, x)));
  }
  if ('option' in shape) return json === null ? null : fromJsonSafe(shape.option, json);
  if ('struct' in shape) {
    if (!isPlainObject(json)) throw jsonError('an object', json);
    const fields = shape.struct;
    for (const k of Object.keys(json)) {
      if (!Object.hasOwn(fields, k)) throw new BcsError('invalid_json', `unknown field ${quote(k)}`);
    }
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(fields)) {
      if (!Object.hasOwn(json, k)) throw new BcsError('missing_field', `missing field ${k}`).within(k);
      out[k] = wrap(k, () => fromJsonSafe(fields[k], json[k]));
    }
    return out;
  }
  if (!isPlainObject(json)) throw jsonError('an object with $kind', json);
  const kind = json.$kind;
  if (typeof kind !== 'string' || !Object.hasOwn(shape.enum, kind)) throw new BcsError('invalid_variant', `unknown variant ${quote(kind)}`);
  const payload = shape.enum[kind];
  for (const k of Object.keys(json)) {
    if (k !== '$kind' && !(k === 'value' && payload !== null)) throw new BcsError('invalid_json', `unexpected field ${quote(k)} in variant ${kind}`);
  }
  if (payload === null) return { $kind: kind };
  if (!Object.hasOwn(json, 'value')) throw new BcsError('missing_field', `missing field value of variant ${kind}`).within(kind);
  return { $kind: kind, value: wrap(kind, () => fromJsonSafe(payload, json.value)) };
}
