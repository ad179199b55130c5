import {
  fromHex,
  writeAddress,
  writeBool,
  writeI128,
  writeI16,
  writeI256,
  writeI32,
  writeI64,
  writeI8,
  writeU128,
  writeU16,
  writeU256,
  writeU32,
  writeU64,
  writeU8,
  type BcsWriter,
  type BigIntInput,
} from '../bcs/index.js';
import { formatTypeTag, type StructTag, type TypeTag } from '../move/index.js';
import { invalidInput } from './errors.js';
import { addressProblem, apiAddressText, hexProblem } from './node-text.js';
import { parseRustInt, parseRustU64, type WideIntKind } from './rust-int.js';
import { isJsonFloat } from './json-text.js';
import { rustDebugString, rustFloat, unexpected, valueDebug } from './serde-text.js';
import { structConverter, type StructContext } from './move-struct.js';

// JSON argument → BCS of a Move value, as the node's `try_into_vm_value_from_layout`
// (api/types/src/convert.rs) converts it. A converter is compiled once per type and writes straight
// into the transaction; errors carry the node's message for the innermost failure.

/** Writes the Move value of JSON `v` at the writer's offset; `depth` bounds nesting of JS object input. */
export type Converter = (w: BcsWriter, v: unknown, depth: number) => void;

/** Nesting a converter follows before giving up (JSON text is bounded at 128 already). */
export const MAX_VALUE_DEPTH = 256;

type SmallIntKind = 'u8' | 'u16' | 'u32' | 'i8' | 'i16' | 'i32';
const SMALL: Record<SmallIntKind, [number, number, (w: BcsWriter, v: number) => void]> = {
  u8: [0, 0xff, writeU8],
  u16: [0, 0xffff, writeU16],
  u32: [0, 0xffffffff, writeU32],
  i8: [-0x80, 0x7f, writeI8],
  i16: [-0x8000, 0x7fff, writeI16],
  i32: [-0x80000000, 0x7fffffff, writeI32],
};

// serde_json::from_value::<u8> and friends: a JSON integer in range. A number is visited as an
// integer or a float, so those errors show the value; any other JSON type is serde's invalid type.
function smallInt(kind: SmallIntKind): Converter {
  const [min, max, write] = SMALL[kind];
  return (w, v) => {
    if (typeof v === 'number' && Number.isInteger(v)) {
      if (v < min || v > max) invalidInput(`invalid value: integer \`${v}\`, expected ${kind}`);
      return write(w, v);
    }
    if (typeof v === 'bigint') invalidInput(`invalid value: integer \`${v}\`, expected ${kind}`);
    if (typeof v === 'number') invalidInput(`invalid type: floating point \`${rustFloat(v)}\`, expected ${kind}`);
    if (isJsonFloat(v)) invalidInput(`invalid type: floating point \`${rustFloat(v.float)}\`, expected ${kind}`);
    invalidInput(`invalid type: ${unexpected(v)}, expected ${kind}`);
  };
}

const WIDE_WRITERS: Record<WideIntKind, (w: BcsWriter, v: BigIntInput) => void> = {
  u64: writeU64,
  u128: writeU128,
  u256: writeU256,
  i64: writeI64,
  i128: writeI128,
  i256: writeI256,
};

// The node's U64/U128/U256 (and signed) wrappers: a JSON string parsed by Rust's `FromStr`.
function wideInt(kind: WideIntKind): Converter {
  const write = WIDE_WRITERS[kind];
  const typeName = kind === 'u256' ? 'move_core_types::u256::U256' : kind;
  // A u64 that fits a double is parsed to a number, which the writers take as they take a bigint: no
  // BigInt made for it (issue 32).
  const parse = kind === 'u64' ? parseRustU64 : (s: string) => parseRustInt(s, kind);
  return (w, v) => {
    if (typeof v !== 'string') invalidInput(`invalid type: ${unexpected(v)}, expected a string`);
    const r = parse(v);
    if (typeof r === 'object') invalidInput(`Parsing ${typeName} string ${rustDebugString(v)} failed, caused by error: ${r.error}`);
    write(w, r);
  };
}

const writeAddressArg: Converter = (w, v) => {
  if (typeof v !== 'string') invalidInput(`invalid type: ${unexpected(v)}, expected a string`);
  try {
    writeAddress(w, apiAddressText(v));
  } catch {
    invalidInput(`Invalid account address: ${addressProblem(v)}`);
  }
};

// HexEncodedBytes::from_str: strip a lowercase `0x`, then `hex::decode`.
const writeHexBytes: Converter = (w, v) => {
  if (typeof v !== 'string') invalidInput(`invalid type: ${unexpected(v)}, expected a string`);
  let bytes: Uint8Array;
  try {
    bytes = fromHex(v);
  } catch {
    invalidInput(`decode hex-encoded string(${rustDebugString(v)}) failed, caused by error: ${hexProblem(v)}`);
  }
  w.length(bytes.length);
  w.raw(bytes);
};

const writeBoolArg: Converter = (w, v) => {
  if (typeof v !== 'boolean') invalidInput(`invalid type: ${unexpected(v)}, expected a boolean`);
  writeBool(w, v);
};

/** `MoveTypeLayout`'s `{:?}` as the node prints it in `expected vector<…>` messages. */
export function layoutDebug(t: TypeTag): string {
  switch (t.$kind) {
    case 'vector':
      return `Vector(${layoutDebug(t.value)})`;
    case 'struct':
      return `Struct(${formatTypeTag(t)})`;
    case 'function':
      return 'Function';
    default:
      return t.$kind[0].toUpperCase() + t.$kind.slice(1);
  }
}

function vectorOf(item: TypeTag, ctx: StructContext): Converter {
  if (item.$kind === 'u8') return writeHexBytes;
  const conv = converterFor(item, ctx);
  const expected = `expected vector<${layoutDebug(item)}>, but got: `;
  return (w, v, depth) => {
    if (!Array.isArray(v)) invalidInput(expected + valueDebug(v));
    if (depth > MAX_VALUE_DEPTH) invalidInput('value nested too deeply');
    w.length(v.length);
    for (let i = 0; i < v.length; i++) conv(w, v[i], depth + 1);
  };
}

function unexpectedLayout(t: TypeTag): Converter {
  return (_w, v) => invalidInput(`unexpected move type ${layoutDebug(t)} for value ${valueDebug(v)}`);
}

/** The converter for a (generic-free) type; struct layouts come from the ABIs through `ctx`. */
export function converterFor(t: TypeTag, ctx: StructContext): Converter {
  switch (t.$kind) {
    case 'bool':
      return writeBoolArg;
    case 'u8':
    case 'u16':
    case 'u32':
    case 'i8':
    case 'i16':
    case 'i32':
      return smallInt(t.$kind);
    case 'u64':
    case 'u128':
    case 'u256':
    case 'i64':
    case 'i128':
    case 'i256':
      return wideInt(t.$kind);
    case 'address':
      return writeAddressArg;
    case 'vector':
      return vectorOf(t.value, ctx);
    case 'struct':
      return structConverter(t.value as StructTag, ctx, { converterFor, address: writeAddressArg });
    default:
      return unexpectedLayout(t);
  }
}
