import { BcsError, quote, type Address } from '../bcs/index.js';
import type { PrimitiveTypeTagKind, TypeTag } from './type-tag.js';

/**
 * A Move type as ABIs write it (`MoveType` of the node's interface): a type tag that may also hold
 * generic parameters `T0…` and, at the top level, a reference `&T` / `&mut T`. Every `TypeTag` is a
 * `MoveValueType`, so functions taking a Move type accept a type tag as is.
 */
export type MoveValueType =
  | { $kind: PrimitiveTypeTagKind }
  | { $kind: 'vector'; value: MoveValueType }
  | { $kind: 'struct'; value: MoveStructType }
  | { $kind: 'function'; value: MoveFunctionType }
  | { $kind: 'generic'; value: number };

export type MoveType =
  | MoveValueType
  | { $kind: 'reference'; value: MoveValueType }
  | { $kind: 'mutableReference'; value: MoveValueType };

export interface MoveStructType {
  address: Address;
  module: string;
  name: string;
  typeArgs: MoveValueType[];
}

export type MoveFunctionParam =
  | { $kind: 'reference'; value: MoveValueType }
  | { $kind: 'mutableReference'; value: MoveValueType }
  | { $kind: 'value'; value: MoveValueType };

export interface MoveFunctionType {
  args: MoveFunctionParam[];
  results: MoveFunctionParam[];
  abilities: number;
}

/** Generic parameter indices are u16 in the node (`GenericTypeParam { index: u16 }`). */
export const MAX_GENERIC_INDEX = 0xffff;

function substitute(t: MoveValueType, typeArgs: readonly TypeTag[]): TypeTag {
  switch (t.$kind) {
    case 'generic': {
      const i = t.value;
      if (!Number.isInteger(i) || i < 0 || i >= typeArgs.length) {
        throw new BcsError('out_of_range', `Generic type parameter index ${i} out of bounds (have ${typeArgs.length} type args)`);
      }
      return typeArgs[i];
    }
    case 'vector': {
      const inner = substitute(t.value, typeArgs);
      return inner === t.value ? (t as TypeTag) : { $kind: 'vector', value: inner };
    }
    case 'struct': {
      const s = t.value;
      return { $kind: 'struct', value: { address: s.address, module: s.module, name: s.name, typeArgs: s.typeArgs.map((a) => substitute(a, typeArgs)) } };
    }
    case 'function': {
      const f = t.value;
      const params = (ps: MoveFunctionParam[]) => ps.map((p) => ({ $kind: p.$kind, value: substitute(p.value, typeArgs) }));
      return { $kind: 'function', value: { args: params(f.args), results: params(f.results), abilities: f.abilities } };
    }
    default:
      if ((t.$kind as string) === 'reference' || (t.$kind as string) === 'mutableReference') throw referenceError();
      return t as TypeTag;
  }
}

function referenceError(): BcsError {
  return new BcsError('invalid_type', 'Invalid move type for converting into `TypeTag`: a reference is only allowed as a function type\'s parameter or result');
}

/**
 * Replaces every generic parameter `Ti` by `typeArgs[i]`, giving a type tag that can be encoded.
 * A top-level reference cannot become a type tag (the node's `TypeTag::try_from(&MoveType)` refuses
 * it too); strip it first with `dereference` where that is what is meant.
 */
export function substituteGenerics(t: MoveType, typeArgs: readonly TypeTag[] = []): TypeTag {
  if (t.$kind === 'reference' || t.$kind === 'mutableReference') throw referenceError();
  return substitute(t, typeArgs);
}

/** The referenced type of `&T` / `&mut T`; any other type unchanged. */
export function dereference(t: MoveType): MoveValueType {
  return t.$kind === 'reference' || t.$kind === 'mutableReference' ? t.value : t;
}

/** The node's `MoveType::is_signer`: `signer`, `&signer` or `&mut signer`. */
export function isSignerType(t: MoveType): boolean {
  return dereference(t).$kind === 'signer';
}

/** True if a generic parameter occurs anywhere in `t`. */
export function hasGenerics(t: MoveType): boolean {
  switch (t.$kind) {
    case 'generic':
      return true;
    case 'vector':
    case 'reference':
    case 'mutableReference':
      return hasGenerics(t.value);
    case 'struct':
      return t.value.typeArgs.some(hasGenerics);
    case 'function':
      return t.value.args.some((p) => hasGenerics(p.value)) || t.value.results.some((p) => hasGenerics(p.value));
    default:
      return false;
  }
}

/**
 * The node's `MoveType::json_type_name` (api/types/src/move_types.rs): how a JSON argument of this
 * type must be written, used in argument error messages. The version of that file followed here
 * predates signed integers; their names follow the JSON forms the node's `api/types/src/convert.rs`
 * accepts (i8–i32 numbers, i64–i256 strings).
 */
export function jsonTypeName(t: MoveType): string {
  switch (t.$kind) {
    case 'u8':
    case 'u16':
    case 'u32':
    case 'i8':
    case 'i16':
    case 'i32':
      return `integer<${t.$kind}>`;
    case 'u64':
    case 'u128':
    case 'u256':
    case 'i64':
    case 'i128':
    case 'i256':
      return `string<${t.$kind}>`;
    case 'address':
    case 'signer':
      return 'string<address>';
    case 'bool':
      return 'boolean';
    case 'vector':
      return t.value.$kind === 'u8' ? 'string<hex>' : `array<${jsonTypeName(t.value)}>`;
    case 'struct':
    case 'generic':
      return 'string<move_struct_tag_id>';
    case 'function':
      return 'string<move_function_id>';
    case 'reference':
    case 'mutableReference':
      return jsonTypeName(t.value);
    default:
      throw new BcsError('invalid_variant', `unknown Move type kind ${quote((t as { $kind: unknown }).$kind)}`);
  }
}
