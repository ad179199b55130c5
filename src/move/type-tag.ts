import {
  address,
  writeAddress,
  BcsError,
  quote,
  schema as makeSchema,
  type Address,
  type AddressInput,
  type BcsReader,
  type BcsWriter,
  type Schema,
} from '../bcs/index.js';
import { ELEMENT_COST } from '../bcs/internal.js';
import { assertAbilitySet } from './ability.js';
import { writeIdentifier } from './identifier.js';

/**
 * Move identifiers, struct tags and type tags as plain data: aptos-core
 * `third_party/move/move-core/types/src/language_storage.rs` `StructTag`, `TypeTag`, `FunctionTag`.
 */
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

/** A function type's parameter or result: the only place a reference may appear in a type tag. */
export type FunctionParamOrReturnTag =
  | { $kind: 'reference'; value: TypeTag }
  | { $kind: 'mutableReference'; value: TypeTag }
  | { $kind: 'value'; value: TypeTag };

export type FunctionParamOrReturnTagInput =
  | { $kind: 'reference'; value: TypeTagInput }
  | { $kind: 'mutableReference'; value: TypeTagInput }
  | { $kind: 'value'; value: TypeTagInput };

export interface FunctionTag {
  args: FunctionParamOrReturnTag[];
  results: FunctionParamOrReturnTag[];
  /** AbilitySet bitmask: copy 0x1, drop 0x2, store 0x4, key 0x8. */
  abilities: number;
}

export interface FunctionTagInput {
  args: readonly FunctionParamOrReturnTagInput[];
  results: readonly FunctionParamOrReturnTagInput[];
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
  | { $kind: 'function'; value: FunctionTagInput };

/** Variant indices of the node's `TypeTag` enum, in declaration order (I8 = 12 … I256 = 17). */
export const TYPE_TAG_VARIANTS = [
  'bool', 'u8', 'u64', 'u128', 'address', 'signer', 'vector', 'struct',
  'u16', 'u32', 'u256', 'function', 'i8', 'i16', 'i32', 'i64', 'i128', 'i256',
] as const;

export const PRIMITIVE_TYPE_TAG_KINDS: readonly PrimitiveTypeTagKind[] = /* @__PURE__ */ TYPE_TAG_VARIANTS.filter(
  (k): k is PrimitiveTypeTagKind => k !== 'vector' && k !== 'struct' && k !== 'function',
);

// ---------------------------------------------------------------------------------------------
// Nesting limits, as in aptos-core (third_party/move/move-core/types/src/safe_serialize.rs, and the
// tests `test_nested_type_tag_{struct,vector}_serde` in language_storage.rs):
// * The counter is bumped only when entering the payload of Vector, Struct or Function, so it counts
//   composite tags on a path; primitive leaves are free. Deserializing fails when a composite is
//   entered while the counter is already MAX_TYPE_TAG_NESTING (8): at most 8 nested composites.
// * Serializing uses `MAX_TYPE_TAG_NESTING + if cfg!(test) { 1 } else { 0 }`, and an older node had
//   MAX = 9 with the deserializer at MAX - 1: either way "serialize can handle one more nesting than
//   deserialize" (language_storage.rs tests). We follow that rule: encoding allows 9 nested
//   composites, decoding 8. A tag with exactly 9 encodes
//   but no node decodes it; the newest production node refuses to serialize it as well (its
//   non-test build uses 8 both ways). The parser, whose depth counts leaves, can build one: nine
//   nested structs whose innermost has no type arguments.
// * A standalone StructTag is not wrapped: its type arguments start at depth 0.
// * The string parser has its own, different rule (depth of any tag ≤ 8, leaves included); see
//   parse.ts.
// * The node's derived deserializers validate neither identifiers (any UTF-8 string decodes) nor
//   ability bits (any u8), so neither do ours; the encoder does validate both.
// ---------------------------------------------------------------------------------------------

export const MAX_TYPE_TAG_NESTING = 8;
export const MAX_TYPE_TAG_NESTING_WHEN_SERIALIZING = 9; // MAX_TYPE_TAG_NESTING + 1

// The variant index is the position in TYPE_TAG_VARIANTS. `$kind` strings are internalized, so
// indexOf compares pointers; a `$kind` such as 'toString' finds nothing.
function kindIndex(kind: unknown): number {
  return TYPE_TAG_VARIANTS.indexOf(kind as (typeof TYPE_TAG_VARIANTS)[number]);
}

/** The BCS variant index of a primitive kind (the caller knows it is one). */
export function typeTagKindIndex(kind: PrimitiveTypeTagKind): number {
  return kindIndex(kind);
}

const PRIMITIVE_TAGS: TypeTag[] = /* @__PURE__ */ TYPE_TAG_VARIANTS.map((k) => Object.freeze({ $kind: k }) as TypeTag);
// The shared primitive tag for each first byte that is one (a one-byte index), else undefined: a
// vector of half a million `bool` tags reads as that many slots, one table load each.
const PRIMITIVE_BY_BYTE: (TypeTag | undefined)[] = /* @__PURE__ */ Array.from({ length: 256 }, (_, b) =>
  b < TYPE_TAG_VARIANTS.length && b !== 6 && b !== 7 && b !== 11 ? PRIMITIVE_TAGS[b] : undefined,
);

function kindError(kind: unknown): BcsError {
  if (kind === 'generic' || kind === 'reference' || kind === 'mutableReference') {
    return new BcsError(
      'invalid_type',
      kind === 'generic'
        ? 'a generic type parameter cannot be BCS-encoded; substitute the type arguments first (substituteGenerics)'
        : 'a reference type cannot be BCS-encoded outside a function type\'s parameters or results',
    );
  }
  return new BcsError('invalid_variant', `unknown type tag kind ${quote(kind)}`);
}

function writeTypeTagAt(w: BcsWriter, t: TypeTagInput, depth: number): void {
  if (typeof t !== 'object' || t === null) throw new BcsError('invalid_type', `expected a type tag object, got ${t === null ? 'null' : typeof t}`);
  const i = kindIndex(t.$kind);
  if (i < 0) throw kindError(t.$kind);
  w.u8(i);
  if (i !== 6 && i !== 7 && i !== 11) return;
  if (depth >= MAX_TYPE_TAG_NESTING_WHEN_SERIALIZING) {
    throw new BcsError('exceeded_max_depth', `type tag nesting exceeded during serialization: more than ${MAX_TYPE_TAG_NESTING_WHEN_SERIALIZING} nested vector/struct/function tags`);
  }
  const v = (t as { value: unknown }).value;
  if (i === 6) writeTypeTagAt(w, v as TypeTagInput, depth + 1);
  else if (i === 7) writeStructTag(w, v as StructTagInput, depth + 1);
  else writeFunctionTag(w, v as FunctionTagInput, depth + 1);
}

function writeStructTag(w: BcsWriter, s: StructTagInput, depth: number): void {
  if (typeof s !== 'object' || s === null) throw new BcsError('invalid_type', 'expected a struct tag object');
  writeAddress(w, s.address);
  writeIdentifier(w, s.module, 'module name');
  writeIdentifier(w, s.name, 'struct name');
  const args = s.typeArgs;
  if (!Array.isArray(args)) throw new BcsError('invalid_type', 'struct tag typeArgs must be an array');
  w.length(args.length);
  for (let i = 0; i < args.length; i++) writeTypeTagAt(w, args[i], depth);
}


function writeParams(w: BcsWriter, ps: readonly FunctionParamOrReturnTagInput[], depth: number): void {
  if (!Array.isArray(ps)) throw new BcsError('invalid_type', 'function tag args and results must be arrays');
  w.length(ps.length);
  for (const p of ps) {
    const k = p?.$kind;
    const i = k === 'reference' ? 0 : k === 'mutableReference' ? 1 : k === 'value' ? 2 : -1;
    if (i < 0) throw new BcsError('invalid_variant', `unknown function parameter kind ${quote(k)}`);
    w.u8(i);
    writeTypeTagAt(w, p.value, depth);
  }
}

function writeFunctionTag(w: BcsWriter, f: FunctionTagInput, depth: number): void {
  if (typeof f !== 'object' || f === null) throw new BcsError('invalid_type', 'expected a function tag object');
  assertAbilitySet(f.abilities);
  writeParams(w, f.args, depth);
  writeParams(w, f.results, depth);
  w.u8(f.abilities);
}

function readTypeTag(r: BcsReader, depth: number): TypeTag {
  const at = r.off;
  if (at < r.end) {
    const t = PRIMITIVE_BY_BYTE[r.buf[at]];
    if (t !== undefined) {
      r.off = at + 1;
      return t;
    }
  }
  const i = r.uleb128();
  if (i >= TYPE_TAG_VARIANTS.length) {
    throw new BcsError('invalid_variant', `invalid value: integer \`${i}\`, expected variant index 0 <= i < ${TYPE_TAG_VARIANTS.length} (TypeTag)`, at);
  }
  if (i !== 6 && i !== 7 && i !== 11) return PRIMITIVE_TAGS[i];
  if (depth >= MAX_TYPE_TAG_NESTING) {
    throw new BcsError('exceeded_max_depth', `type tag nesting exceeded during deserialization: more than ${MAX_TYPE_TAG_NESTING} nested vector/struct/function tags`, at);
  }
  if (i === 6) return { $kind: 'vector', value: readTypeTag(r, depth + 1) };
  if (i === 7) return { $kind: 'struct', value: readStructTag(r, depth + 1) };
  return { $kind: 'function', value: readFunctionTag(r, depth + 1) };
}

function readStructTag(r: BcsReader, depth: number): StructTag {
  const addr = address.read(r);
  const module = r.string();
  const name = r.string();
  const n = r.length(1);
  const typeArgs: TypeTag[] = new Array(n);
  for (let i = 0; i < n; i++) typeArgs[i] = readTypeTag(r, depth);
  return { address: addr, module, name, typeArgs };
}

const PARAM_KINDS = ['reference', 'mutableReference', 'value'] as const;

function readParams(r: BcsReader, depth: number): FunctionParamOrReturnTag[] {
  const n = r.length(2, ELEMENT_COST);
  const out: FunctionParamOrReturnTag[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const at = r.off;
    const k = r.uleb128();
    if (k > 2) throw new BcsError('invalid_variant', `invalid value: integer \`${k}\`, expected variant index 0 <= i < 3 (FunctionParamOrReturnTag)`, at);
    out[i] = { $kind: PARAM_KINDS[k], value: readTypeTag(r, depth) };
  }
  return out;
}

function readFunctionTag(r: BcsReader, depth: number): FunctionTag {
  const args = readParams(r, depth);
  const results = readParams(r, depth);
  return { args, results, abilities: r.u8() };
}

/** Writes one type tag (validated, nesting-limited); usable without the schema object. */
export function writeTypeTag(w: BcsWriter, t: TypeTagInput): void {
  writeTypeTagAt(w, t, 0);
}

/**
 * A type argument together with the writer that encodes it: what the encode-only transaction
 * functions take, so a bundle carries only the type-tag writer its caller names. Build one with
 * `typeArgFromTag(tag)` or `typeArgFromString(s)` (parse.ts); both writers write exactly one TypeTag.
 */
export interface TypeArg {
  write(w: BcsWriter, value: unknown): void;
  readonly value: unknown;
}

/** A type argument from a type-tag object, written by `writeTypeTag` (validated when written). */
export function typeArgFromTag(tag: TypeTagInput): TypeArg {
  return { write: writeTypeTag, value: tag };
}

/** BCS codec for `TypeTag` with the node's variant indices and nesting limit. */
export const typeTag: Schema<TypeTag, TypeTagInput> = /* @__PURE__ */ makeSchema({
  name: 'TypeTag',
  minSize: 1,
  write: writeTypeTag,
  read: (r) => readTypeTag(r, 0),
});

/** BCS codec for `StructTag` (a standalone struct tag: its type arguments start at depth 0). */
export const structTag: Schema<StructTag, StructTagInput> = /* @__PURE__ */ makeSchema({
  name: 'StructTag',
  minSize: 32 + 1 + 1 + 1,
  write: (w, v) => writeStructTag(w, v, 0),
  read: (r) => readStructTag(r, 0),
});

/** The shared, frozen object for a primitive kind (avoids allocating one per decoded tag). */
export function primitiveTypeTag(kind: PrimitiveTypeTagKind): TypeTag {
  const i = kindIndex(kind);
  if (i < 0 || i === 6 || i === 7 || i === 11) throw new BcsError('invalid_variant', `not a primitive type tag kind: ${quote(kind)}`);
  return PRIMITIVE_TAGS[i];
}

/** True if `kind` names a primitive (payload-free) type tag. */
export function isPrimitiveKind(kind: unknown): kind is PrimitiveTypeTagKind {
  const i = kindIndex(kind);
  return i >= 0 && i !== 6 && i !== 7 && i !== 11;
}
