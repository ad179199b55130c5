import { BcsError } from './error.js';
import { schema, typeError, type Schema } from './schema.js';
import { ulebSize } from './writer.js';

// Small integers are validated with one bitwise round trip (only an in-range integer survives it
// unchanged); the slow path only classifies the failure.
function smallError(name: string, v: unknown, min: number, max: number): never {
  if (typeof v !== 'number') typeError(`${name} as a number`, v);
  if (!Number.isInteger(v)) throw new BcsError('invalid_type', `${name} must be an integer, got ${v}`);
  throw new BcsError('out_of_range', `${v} is out of range for ${name}`);
}

function checkSmall(name: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) smallError(name, v, min, max);
  return v;
}

export const bool: Schema<boolean> = schema({
  name: 'bool',
  fixedSize: 1,
  write(w, v) {
    if (typeof v !== 'boolean') typeError('boolean', v);
    w.u8(v ? 1 : 0);
  },
  read(r) {
    const at = r.off;
    const b = r.u8();
    if (b > 1) throw new BcsError('expected_boolean', `expected boolean, got byte 0x${b.toString(16).padStart(2, '0')}`, at);
    return b === 1;
  },
});

export const u8: Schema<number> = schema({
  name: 'u8',
  fixedSize: 1,
  write(w, v) {
    if ((v & 0xff) !== v) smallError('u8', v, 0, 0xff);
    w.u8(v);
  },
  read: (r) => r.u8(),
});

export const u16: Schema<number> = schema({
  name: 'u16',
  fixedSize: 2,
  write(w, v) {
    if ((v & 0xffff) !== v) smallError('u16', v, 0, 0xffff);
    w.u16(v);
  },
  read: (r) => r.u16(),
});

export const u32: Schema<number> = schema({
  name: 'u32',
  fixedSize: 4,
  write(w, v) {
    if (v >>> 0 !== v) smallError('u32', v, 0, 0xffffffff);
    w.u32(v);
  },
  read: (r) => r.u32(),
});

export const i8: Schema<number> = schema({
  name: 'i8',
  fixedSize: 1,
  write: (w, v) => w.u8(checkSmall('i8', v, -0x80, 0x7f) & 0xff),
  read: (r) => (r.u8() << 24) >> 24,
});

export const i16: Schema<number> = schema({
  name: 'i16',
  fixedSize: 2,
  write: (w, v) => w.u16(checkSmall('i16', v, -0x8000, 0x7fff) & 0xffff),
  read: (r) => (r.u16() << 16) >> 16,
});

export const i32: Schema<number> = schema({
  name: 'i32',
  fixedSize: 4,
  write: (w, v) => w.u32(checkSmall('i32', v, -0x80000000, 0x7fffffff) >>> 0),
  read: (r) => r.u32() | 0,
});

/** ULEB128-encoded u32 as a value (not a length): canonical, ≤ u32::MAX. */
export const uleb128: Schema<number> = schema({
  name: 'uleb128',
  minSize: 1,
  maxSize: 5,
  write: (w, v) => w.uleb128(v),
  read: (r) => r.uleb128(),
  serializedSize: (v) => ulebSize(checkSmall('uleb128', v, 0, 0xffffffff)),
});

export type BigIntInput = bigint | number;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Validates a 64-bit-or-wider integer input: bigint, or a safe-integer number. */
export function checkBig(name: string, v: unknown, min: bigint, max: bigint): bigint | number {
  if (typeof v === 'bigint') {
    if (v < min || v > max) throw new BcsError('out_of_range', `${v} is out of range for ${name}`);
    return v;
  }
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new BcsError('invalid_type', `${name} must be an integer, got ${v}`);
    if (v > MAX_SAFE || v < -MAX_SAFE) {
      throw new BcsError('out_of_range', `${v} is beyond 2^53-1; pass a bigint for ${name}`);
    }
    if (v < 0 && min === 0n) throw new BcsError('out_of_range', `${v} is out of range for ${name}`);
    return v;
  }
  return typeError(`${name} as a bigint or safe integer`, v);
}

const U64_MAX = (1n << 64n) - 1n;

export const u64: Schema<bigint, BigIntInput> = schema({
  name: 'u64',
  fixedSize: 8,
  write(w, v) {
    // Fast path for the common case: a small non-negative safe integer.
    if (typeof v === 'number' && v >= 0 && v <= MAX_SAFE && Number.isInteger(v)) w.u64(v);
    else w.u64(checkBig('u64', v, 0n, U64_MAX));
  },
  read: (r) => r.u64(),
});

function bigIntSchema(name: string, bytes: number, signed: boolean): Schema<bigint, BigIntInput> {
  const bits = BigInt(bytes * 8);
  const min = signed ? -(1n << (bits - 1n)) : 0n;
  const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
  if (bytes === 8) {
    return schema({
      name,
      fixedSize: 8,
      write: (w, v) => w.u64(checkBig(name, v, min, max)),
      read: (r) => BigInt.asIntN(64, r.u64()),
    });
  }
  return schema({
    name,
    fixedSize: bytes,
    write: (w, v) => w.bigUint(checkBig(name, v, min, max), bytes),
    read: signed ? (r) => BigInt.asIntN(bytes * 8, r.bigUint(bytes)) : (r) => r.bigUint(bytes),
  });
}

export const u128 = bigIntSchema('u128', 16, false);
export const u256 = bigIntSchema('u256', 32, false);
export const i64 = bigIntSchema('i64', 8, true);
export const i128 = bigIntSchema('i128', 16, true);
export const i256 = bigIntSchema('i256', 32, true);

/** Zero bytes; the unit type `()`. */
export const unit: Schema<null, null | undefined> = schema({
  name: 'unit',
  fixedSize: 0,
  write() {},
  read: () => null,
});
