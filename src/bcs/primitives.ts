import { BcsError, rethrowWithin } from './error.js';
import { schema, typeError, type Schema } from './schema.js';
import { ulebAt, ulebSize, type BcsWriter } from './writer.js';

export type BigIntInput = bigint | number;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// ---------------------------------------------------------------------------------------------
// Validated writers. Each schema below writes with one of these; hand-specialised encoders call
// them directly, which keeps decoders (and the reader) out of a bundle that only encodes.
// ---------------------------------------------------------------------------------------------

// Small integers are validated with one bitwise round trip (only an in-range integer survives it
// unchanged); the slow path only classifies the failure.
function smallError(name: string, v: unknown): never {
  if (typeof v !== 'number') typeError(`${name} as a number`, v);
  throw Number.isInteger(v) ? rangeError(name, v) : integerError(name, v);
}

function rangeError(name: string, v: bigint | number): BcsError {
  return new BcsError('out_of_range', `${v} is out of range for ${name}`);
}

function integerError(name: string, v: number): BcsError {
  return new BcsError('invalid_type', `${name} must be an integer, got ${v}`);
}

export function writeBool(w: BcsWriter, v: boolean): void {
  if (typeof v !== 'boolean') typeError('boolean', v);
  w.u8(v ? 1 : 0);
}

export function writeU8(w: BcsWriter, v: number): void {
  if ((v & 0xff) !== v) smallError('u8', v);
  w.u8(v);
}

// Raw little-endian stores of already-validated values.
function put16(w: BcsWriter, v: number): void {
  w.ensure(2);
  w.view.setUint16(w.off, v, true);
  w.off += 2;
}

function put32(w: BcsWriter, v: number): void {
  w.ensure(4);
  w.view.setUint32(w.off, v, true);
  w.off += 4;
}

/** u64 from a range-checked bigint or safe integer (two's complement for negatives). */
function put64(w: BcsWriter, v: bigint | number): void {
  w.ensure(8);
  if (typeof v === 'number') {
    const lo = v >>> 0;
    w.view.setUint32(w.off, lo, true);
    w.view.setUint32(w.off + 4, v < 0 ? Math.floor(v / 4294967296) >>> 0 : (v - lo) / 4294967296, true);
  } else {
    w.view.setBigUint64(w.off, BigInt.asUintN(64, v), true);
  }
  w.off += 8;
}

/** Little-endian integer of `bytes` bytes (16 or 32) from a range-checked value (two's complement). */
function putWide(w: BcsWriter, v: bigint | number, bytes: number): void {
  w.ensure(bytes);
  let x = BigInt.asUintN(bytes * 8, BigInt(v));
  const end = w.off + bytes;
  for (let o = w.off; o < end; o += 8) {
    w.view.setBigUint64(o, BigInt.asUintN(64, x), true);
    x >>= 64n;
  }
  w.off = end;
}

export function writeU16(w: BcsWriter, v: number): void {
  if ((v & 0xffff) !== v) smallError('u16', v);
  put16(w, v);
}

export function writeU32(w: BcsWriter, v: number): void {
  if (v >>> 0 !== v) smallError('u32', v);
  put32(w, v);
}

export function writeI8(w: BcsWriter, v: number): void {
  if ((v << 24) >> 24 !== v) smallError('i8', v);
  w.u8(v & 0xff);
}

export function writeI16(w: BcsWriter, v: number): void {
  if ((v << 16) >> 16 !== v) smallError('i16', v);
  put16(w, v & 0xffff);
}

export function writeI32(w: BcsWriter, v: number): void {
  if ((v | 0) !== v) smallError('i32', v);
  put32(w, v >>> 0);
}

/** Validates a 64-bit-or-wider integer input: bigint, or a safe-integer number. */
export function checkBig(name: string, v: unknown, min: bigint, max: bigint): bigint | number {
  if (typeof v === 'bigint') {
    if (v < min || v > max) throw rangeError(name, v);
    return v;
  }
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw integerError(name, v);
    if (v > MAX_SAFE || v < -MAX_SAFE) {
      throw new BcsError('out_of_range', `${v} is beyond 2^53-1; pass a bigint for ${name}`);
    }
    if (v < 0 && min === 0n) throw rangeError(name, v);
    return v;
  }
  return typeError(`${name} as a bigint or safe integer`, v);
}

/** The validated writer of a fixed-width integer of `bytes` bytes (8, 16 or 32). */
/* @__NO_SIDE_EFFECTS__ */
function bigIntWriter(name: string, bytes: number, signed: boolean): (w: BcsWriter, v: BigIntInput) => void {
  const bits = BigInt(bytes * 8);
  const min = signed ? -(1n << (bits - 1n)) : 0n;
  const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
  if (bytes === 8) return (w, v) => put64(w, checkBig(name, v, min, max));
  return (w, v) => putWide(w, checkBig(name, v, min, max), bytes);
}

const U64_MAX = 0xffffffffffffffffn;

/** u64: the writer on every transaction's path, so on its own (a bundle of u64s carries no wider code). */
export function writeU64(w: BcsWriter, v: BigIntInput): void {
  if (w.off + 8 > w.buf.length) w.ensure(8);
  if (typeof v === 'bigint' && v >= 0n && v <= U64_MAX) {
    // In range already, so no BigInt.asUintN (which may allocate) on the way to the view.
    w.view.setBigUint64(w.off, v, true);
  } else if (typeof v === 'number' && v >= 0 && v <= MAX_SAFE && Number.isInteger(v)) {
    const lo = v >>> 0;
    w.view.setUint32(w.off, lo, true);
    w.view.setUint32(w.off + 4, (v - lo) / 4294967296, true);
  } else {
    checkBig('u64', v, 0n, U64_MAX); // throws the typed error
  }
  w.off += 8;
}

export const writeU128 = /* @__PURE__ */ bigIntWriter('u128', 16, false);
export const writeU256 = /* @__PURE__ */ bigIntWriter('u256', 32, false);
export const writeI64 = /* @__PURE__ */ bigIntWriter('i64', 8, true);
export const writeI128 = /* @__PURE__ */ bigIntWriter('i128', 16, true);
export const writeI256 = /* @__PURE__ */ bigIntWriter('i256', 32, true);

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

export const bool: Schema<boolean> = /* @__PURE__ */ schema({
  name: 'bool',
  fixedSize: 1,
  write: writeBool,
  read(r) {
    const at = r.off;
    const b = r.u8();
    if (b > 1) throw new BcsError('expected_boolean', `expected boolean, got byte 0x${b.toString(16).padStart(2, '0')}`, at);
    return b === 1;
  },
  readMany(r, n) {
    const out = new Array<boolean>(n);
    const b = r.buf;
    for (let i = 0, o = r.off; i < n; i++, o++) {
      if (b[o] > 1) throw new BcsError('expected_boolean', `expected boolean, got byte 0x${b[o].toString(16).padStart(2, '0')}`, o).within(i);
      out[i] = b[o] === 1;
    }
    r.off += n;
    return out;
  },
});

export const u8: Schema<number> = /* @__PURE__ */ schema({
  name: 'u8',
  fixedSize: 1,
  write: writeU8,
  read: (r) => r.u8(),
  readMany(r, n) {
    const out = Array.from(r.buf.subarray(r.off, r.off + n));
    r.off += n;
    return out;
  },
});
export const u16: Schema<number> = /* @__PURE__ */ schema({ name: 'u16', fixedSize: 2, write: writeU16, read: (r) => r.u16() });
export const u32: Schema<number> = /* @__PURE__ */ schema({ name: 'u32', fixedSize: 4, write: writeU32, read: (r) => r.u32() });
export const i8: Schema<number> = /* @__PURE__ */ schema({ name: 'i8', fixedSize: 1, write: writeI8, read: (r) => (r.u8() << 24) >> 24 });
export const i16: Schema<number> = /* @__PURE__ */ schema({ name: 'i16', fixedSize: 2, write: writeI16, read: (r) => (r.u16() << 16) >> 16 });
export const i32: Schema<number> = /* @__PURE__ */ schema({ name: 'i32', fixedSize: 4, write: writeI32, read: (r) => r.u32() | 0 });

// Bulk u64 writes go through an aligned BigUint64Array: V8 stores a bigint into one of its
// elements without allocating and checks the range with BigInt.asUintN(64, v) === v cheaply, several
// times faster than DataView.setBigUint64 at the output's unaligned offset. Each chunk is then
// copied with one memcpy. The array holds host-order words, so only little-endian hosts (every
// platform engines ship on) take this path; `null` marks a big-endian host. The chunk is made once
// and reused: it holds memory, never state a caller can observe (filled and copied out within one
// call, which calls no user code). A chunk per call costs about 1 µs, a quarter of a 1,000-element
// vector's encode.
const U64_CHUNK = 1024;
let u64Chunk: BigUint64Array | null | undefined;
let u64ChunkBytes: Uint8Array;

function writeU64Many(w: BcsWriter, values: ArrayLike<BigIntInput>): void {
  const n = values.length;
  let i = 0;
  if (u64Chunk === undefined) {
    const probe = new Uint16Array([1]);
    u64Chunk = new Uint8Array(probe.buffer)[0] === 1 ? new BigUint64Array(U64_CHUNK) : null;
    if (u64Chunk) u64ChunkBytes = new Uint8Array(u64Chunk.buffer);
  }
  const chunk = u64Chunk;
  if (chunk !== null && n >= 8) {
    w.ensure(n * 8);
    while (i < n) {
      const start = i;
      const stop = Math.min(n, start + U64_CHUNK);
      for (; i < stop; i++) {
        const v = values[i];
        if (typeof v !== 'bigint' || BigInt.asUintN(64, v) !== v) break;
        chunk[i - start] = v;
      }
      const k = i - start;
      w.buf.set(k === U64_CHUNK ? u64ChunkBytes : u64ChunkBytes.subarray(0, k * 8), w.off);
      w.off += k * 8;
      if (i < stop) break; // a number, or an invalid value: the checked path below takes over
    }
  }
  try {
    for (; i < n; i++) writeU64(w, values[i]);
  } catch (e) {
    rethrowWithin(e, i);
  }
}

export const u64: Schema<bigint, BigIntInput> = /* @__PURE__ */ schema({
  name: 'u64',
  fixedSize: 8,
  write: writeU64,
  writeMany: writeU64Many,
  read: (r) => r.u64(),
  readMany(r, n) {
    const out = new Array<bigint>(n);
    const view = r.view;
    let o = r.off;
    for (let i = 0; i < n; i++, o += 8) out[i] = view.getBigUint64(o, true);
    r.off = o;
    return out;
  },
});
export const u128: Schema<bigint, BigIntInput> = /* @__PURE__ */ schema({ name: 'u128', fixedSize: 16, write: writeU128, read: (r) => r.bigUint(16) });
export const u256: Schema<bigint, BigIntInput> = /* @__PURE__ */ schema({ name: 'u256', fixedSize: 32, write: writeU256, read: (r) => r.bigUint(32) });
export const i64: Schema<bigint, BigIntInput> = /* @__PURE__ */ schema({ name: 'i64', fixedSize: 8, write: writeI64, read: (r) => BigInt.asIntN(64, r.u64()) });
export const i128: Schema<bigint, BigIntInput> = /* @__PURE__ */ schema({ name: 'i128', fixedSize: 16, write: writeI128, read: (r) => BigInt.asIntN(128, r.bigUint(16)) });
export const i256: Schema<bigint, BigIntInput> = /* @__PURE__ */ schema({ name: 'i256', fixedSize: 32, write: writeI256, read: (r) => BigInt.asIntN(256, r.bigUint(32)) });

/** ULEB128-encoded u32 as a value (not a length): canonical, ≤ u32::MAX. */
export const uleb128: Schema<number> = /* @__PURE__ */ schema({
  name: 'uleb128',
  minSize: 1,
  maxSize: 5,
  write: (w, v) => w.uleb128(v),
  read: (r) => r.uleb128(),
  writeMany(w, values) {
    const n = values.length;
    w.ensure(n * 5);
    const b = w.buf;
    let o = w.off;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v >>> 0 !== v) {
        w.off = o;
        try {
          w.uleb128(v); // throws the typed error
        } catch (e) {
          rethrowWithin(e, i);
        }
      }
      o = ulebAt(b, o, v);
    }
    w.off = o;
  },
  readMany(r, n) {
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = r.uleb128();
    return out;
  },
  serializedSize(v) {
    if (v >>> 0 !== v) smallError('uleb128', v);
    return ulebSize(v);
  },
});

/** Zero bytes; the unit type `()`. */
export const unit: Schema<null, null | undefined> = /* @__PURE__ */ schema({
  name: 'unit',
  fixedSize: 0,
  write() {},
  read: () => null,
});
