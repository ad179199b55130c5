// The BCS core's public entry (also `ledger-bcs/bcs`). Imports nothing outside this folder. Helpers
// only other layers of this library use (e.g. `hexInto`, `SPECIAL_LONG_ADDRESSES`, `enumeration`, the
// one function behind `bcs.enum`) are declared in internal.ts, not here.
export { BcsError, isBcsError, quote, type BcsErrorCode } from './error.js';
export { UsageError, isUsageError, type UsageErrorCode } from './usage-error.js';
export { BcsWriter, MAX_SEQUENCE_LENGTH, patchLength, ulebSize } from './writer.js';
export { BcsReader, MAX_CONTAINER_DEPTH, MAX_ZERO_SIZED_ELEMENTS, decodeBudget, type DecodeOptions } from './reader.js';
export { schema, encodeWith, decodeWith, typeError, type Schema, type SchemaParts, type Infer, type InferInput, type AnySchema } from './schema.js';
export { toHex, fromHex, compareBytes, equalBytes } from './hex.js';
export { utf8Encode } from './utf8.js';
export {
  address,
  writeAddress,
  addressBytes,
  normalizeAddress,
  formatAddress,
  isAddress,
  isSpecialAddress,
  ADDRESS_LENGTH,
  type Address,
  type AddressInput,
  type AddressFormat,
} from './address.js';
export {
  writeBool,
  writeU8,
  writeU16,
  writeU32,
  writeU64,
  writeU128,
  writeU256,
  writeI8,
  writeI16,
  writeI32,
  writeI64,
  writeI128,
  writeI256,
  type BigIntInput,
} from './primitives.js';
export { writeBytes, writeString } from './bytes.js';
// Every schema is also a named export, so bundlers keep only what is used; `bcs` groups them all.
export { bool, u8, u16, u32, u64, u128, u256, i8, i16, i32, i64, i128, i256, uleb128, unit } from './primitives.js';
export { bytes, fixedBytes, string } from './bytes.js';
export { option, vector, tuple, struct, map, lazy, transform, wrapped } from './combinators.js';
export type { EnumIn, EnumOut } from './combinators.js';

import { address } from './address.js';
import { bytes, fixedBytes, string } from './bytes.js';
import { enumeration, lazy, map, option, struct, transform, tuple, vector, wrapped } from './combinators.js';
import { bool, i128, i16, i256, i32, i64, i8, u128, u16, u256, u32, u64, u8, uleb128, unit } from './primitives.js';

/** Every schema and combinator of the core, as one namespace: `bcs.vector(bcs.u64)`. */
export const bcs = {
  bool,
  u8,
  u16,
  u32,
  u64,
  u128,
  u256,
  i8,
  i16,
  i32,
  i64,
  i128,
  i256,
  uleb128,
  unit,
  bytes,
  fixedBytes,
  string,
  address,
  option,
  vector,
  tuple,
  struct,
  enum: enumeration,
  map,
  lazy,
  transform,
  wrapped,
} as const;
