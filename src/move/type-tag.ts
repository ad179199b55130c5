import { address, bcs, type Address, type AddressInput, type Schema } from '../bcs/index.js';

/** Move identifiers, struct tags and type tags as plain data (wire-format.md §2.2–2.3). */
export interface StructTag {
  address: Address;
  module: string;
  name: string;
  typeArgs: TypeTag[];
}

export interface StructTagInput {
  address: AddressInput;
  module: string;
  name: string;
  typeArgs: readonly TypeTagInput[];
}

export type FunctionParamOrReturnTag =
  | { $kind: 'reference'; value: TypeTag }
  | { $kind: 'mutableReference'; value: TypeTag }
  | { $kind: 'value'; value: TypeTag };

export interface FunctionTag {
  args: FunctionParamOrReturnTag[];
  results: FunctionParamOrReturnTag[];
  /** AbilitySet bitmask: copy 0x1, drop 0x2, store 0x4, key 0x8. */
  abilities: number;
}

export type PrimitiveTypeTagKind =
  | 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256'
  | 'i8' | 'i16' | 'i32' | 'i64' | 'i128' | 'i256'
  | 'address' | 'signer';

export type TypeTag =
  | { $kind: PrimitiveTypeTagKind }
  | { $kind: 'vector'; value: TypeTag }
  | { $kind: 'struct'; value: StructTag }
  | { $kind: 'function'; value: FunctionTag };

export type TypeTagInput =
  | { $kind: PrimitiveTypeTagKind }
  | { $kind: 'vector'; value: TypeTagInput }
  | { $kind: 'struct'; value: StructTagInput }
  | { $kind: 'function'; value: FunctionTag };

/** Variant indices of the node's `TypeTag` enum, in declaration order (I8 = 12 … I256 = 17). */
export const TYPE_TAG_VARIANTS = [
  'bool', 'u8', 'u64', 'u128', 'address', 'signer', 'vector', 'struct',
  'u16', 'u32', 'u256', 'function', 'i8', 'i16', 'i32', 'i64', 'i128', 'i256',
] as const;
