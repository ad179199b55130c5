import { BcsError, quote } from './error.js';
import { BcsReader, type DecodeOptions } from './reader.js';
import { BcsWriter } from './writer.js';

/**
 * A BCS schema: a plain value describing how one type is laid out. `T` is what decoding returns;
 * `Input` is what encoding accepts (often wider, e.g. bigint | number for u64).
 */
export interface Schema<T, Input = T> {
  /** Type name used in error messages and depth accounting, e.g. `u64`, `vector<u8>`, `RawTransaction`. */
  readonly name: string;
  /** Encoded size when every value has the same size, else -1. */
  readonly fixedSize: number;
  /** Smallest possible encoded size; bounds sequence lengths before allocation. */
  readonly minSize: number;
  /** Largest possible encoded size when bounded (e.g. 5 for ULEB128), else -1; lets vectors reserve once. */
  readonly maxSize: number;
  /** Appends `value` to `w`, validating it. */
  write(w: BcsWriter, value: Input): void;
  /** Reads one value at the reader's offset. */
  read(r: BcsReader): T;
  /**
   * Optional bulk read of `n` values, for vectors of primitives. Called only after the vector has
   * checked that `n × fixedSize` bytes remain, so it may skip per-element bounds checks.
   */
  readMany?(r: BcsReader, n: number): T[];
  /** Optional bulk write of a whole vector's elements (after its length prefix). */
  writeMany?(w: BcsWriter, values: ArrayLike<Input>): void;
  /** Exact encoded size of `value` (validates no more than needed to measure). */
  serializedSize(value: Input): number;
  /** `value` as a fresh Uint8Array of exactly its encoded size. */
  encode(value: Input): Uint8Array;
  /** Decodes the whole of `bytes`; trailing bytes are an error. */
  decode(bytes: Uint8Array, options?: DecodeOptions): T;
}

export type Infer<S> = S extends Schema<infer T, unknown> ? T : never;
export type InferInput<S> = S extends Schema<unknown, infer I> ? I : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySchema = Schema<any, any>;

export interface SchemaParts<T, Input> {
  name: string;
  fixedSize?: number;
  minSize?: number;
  maxSize?: number;
  write(w: BcsWriter, value: Input): void;
  read(r: BcsReader): T;
  readMany?(r: BcsReader, n: number): T[];
  writeMany?(w: BcsWriter, values: ArrayLike<Input>): void;
  serializedSize?(value: Input): number;
  /** Overrides `encode`, e.g. to allocate the exact size up front when it is cheap to know. */
  encode?(value: Input): Uint8Array;
}

// One scratch writer is reused by `encode` so that only the exact-size result is allocated.
// A nested `encode` (e.g. entry-function arguments encoded while a transaction is encoded) gets
// its own writer. Buffers that grew beyond RETAIN_LIMIT are dropped so memory is not held forever.
// A module-level variable, deliberately (the other is the u64 chunk in primitives.ts): it holds
// memory, never state a caller can observe (taken while in use, reset before each use). A fresh
// writer per encode made small encodes 30–100% slower (a transfer, a type tag).
const RETAIN_LIMIT = 1 << 16;
let scratch: BcsWriter | null = null;

export function encodeWith<Input>(write: (w: BcsWriter, v: Input) => void, value: Input, sizeHint = 0): Uint8Array {
  const w = scratch ?? new BcsWriter(Math.max(256, sizeHint));
  scratch = null;
  w.off = 0;
  w.depth = 0;
  w.recursion = 0;
  if (sizeHint > w.buf.length) w.ensure(sizeHint);
  try {
    write(w, value);
    return w.buf.slice(0, w.off);
  } finally {
    if (w.buf.length <= RETAIN_LIMIT) scratch = w;
  }
}

/**
 * `encodeWith` without its copy: `finish` reads the bytes written (`w.buf[0, w.off)`), may write
 * past them, and returns what the caller keeps (a text of the bytes, say). The writer is lent for the
 * call only: it is the next encode's.
 */
export function encodeInto<Input, R>(write: (w: BcsWriter, v: Input) => void, value: Input, finish: (w: BcsWriter) => R): R {
  const w = scratch ?? new BcsWriter(256);
  scratch = null;
  w.off = 0;
  w.depth = 0;
  w.recursion = 0;
  try {
    write(w, value);
    return finish(w);
  } finally {
    if (w.buf.length <= RETAIN_LIMIT) scratch = w;
  }
}

/**
 * Writes into one buffer of exactly `size` bytes and returns it: no copy. The scratch writer, when
 * free, is lent with the result as its buffer (its own put back after), rather than a writer made
 * per call: one writer then stays alive between encodes, and with it the writer's hidden class. V8
 * holds a class's field transitions weakly, so a full GC with no writer alive drops them and
 * deoptimises every function compiled against them (`node --trace-deopt`: "weak objects"), and large
 * results (external memory to V8) start a full GC every few dozen encodes: vector<u64> of 1e5 lost
 * its compiled bulk writer at each one. (No scratch writer yet, or one dropped past RETAIN_LIMIT:
 * a writer of its own, as inside another encode.)
 */
export function encodeExact<Input>(write: (w: BcsWriter, v: Input) => void, value: Input, size: number): Uint8Array {
  // V8 keeps typed arrays of up to 64 bytes on its heap, and giving one a DataView moves it off:
  // small results are cheaper as a slice of the reused scratch writer.
  if (size <= 64) return encodeWith(write, value, size);
  const w = scratch;
  // Inside another encode (an argument's bytes while its call is encoded) the outer writer is alive:
  // a writer of its own with the exact buffer, no scratch buffer beside it (heavy/encode 15 % slower).
  if (w === null) return encodeOwn(write, value, size);
  scratch = null;
  const { buf, view } = w;
  const out = new Uint8Array(size);
  w.buf = out;
  w.view = new DataView(out.buffer);
  w.off = 0;
  w.depth = 0;
  w.recursion = 0;
  try {
    write(w, value);
    // A size promise that was wrong (garbage, or a grown buffer): never let it out.
    if (w.off !== size || w.buf !== out) throw new BcsError('invalid_length', `encoded ${w.off} bytes, expected ${size}`);
    return out;
  } finally {
    w.buf = buf;
    w.view = view;
    scratch = w;
  }
}

function encodeOwn<Input>(write: (w: BcsWriter, v: Input) => void, value: Input, size: number): Uint8Array {
  const w = new BcsWriter(size);
  write(w, value);
  // A schema whose size promise was wrong would return garbage or a short buffer; never let it.
  if (w.off !== size || w.buf.length !== size) throw new BcsError('invalid_length', `encoded ${w.off} bytes, expected ${size}`);
  return w.buf;
}

export function decodeWith<T>(read: (r: BcsReader) => T, bytes: Uint8Array, options?: DecodeOptions): T {
  const r = new BcsReader(bytes, options);
  const v = read(r);
  r.finish();
  return v;
}

/** Builds a schema from its parts. Used by every combinator and by hand-specialised encoders. */
/* @__NO_SIDE_EFFECTS__ */
export function schema<T, Input = T>(parts: SchemaParts<T, Input>): Schema<T, Input> {
  const fixedSize = parts.fixedSize ?? -1;
  const minSize = parts.minSize ?? (fixedSize >= 0 ? fixedSize : 0);
  const maxSize = parts.maxSize ?? fixedSize;
  const write = parts.write;
  const read = parts.read;
  const serializedSize =
    parts.serializedSize ?? (fixedSize >= 0 ? () => fixedSize : (v: Input) => encodeWith(write, v).length);
  return {
    name: parts.name,
    fixedSize,
    minSize,
    maxSize,
    write,
    read,
    readMany: parts.readMany,
    writeMany: parts.writeMany,
    serializedSize,
    encode:
      parts.encode ??
      (fixedSize >= 0 ? (value: Input) => encodeExact(write, value, fixedSize) : (value: Input) => encodeWith(write, value)),
    decode: (bytes: Uint8Array, options?: DecodeOptions) => decodeWith(read, bytes, options),
  };
}

/** Throws the library's error for a value of the wrong JavaScript type. */
export function typeError(expected: string, got: unknown): never {
  throw new BcsError('invalid_type', `expected ${expected}, got ${quote(got)}`);
}
