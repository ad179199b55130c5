import {
  address,
  bcs,
  BcsError,
  schema as makeSchema,
  type Address,
  type AddressInput,
  type BcsReader,
  type BcsWriter,
  type Schema,
} from '../bcs/index.js';

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

// ---------------------------------------------------------------------------------------------
// BCS codec. Hand-specialised (not bcs.enum) because type tags sit on every transaction's hot path
// and because the node bounds their nesting: MAX_TYPE_TAG_NESTING = 8, with the decoder one level
// stricter than the encoder ("serialize can handle one more nesting than deserialize").
// ---------------------------------------------------------------------------------------------

export const MAX_TYPE_TAG_NESTING = 8;

const KIND_INDEX: Record<string, number> = Object.fromEntries(TYPE_TAG_VARIANTS.map((k, i) => [k, i]));
const PRIMITIVE_TAGS: TypeTag[] = TYPE_TAG_VARIANTS.map((k) => ({ $kind: k }) as TypeTag);

function nestingError(depth: number): BcsError {
  return new BcsError('exceeded_max_depth', `Exceeded TypeTag nesting limit during serialization: ${depth}`);
}

function writeTypeTag(w: BcsWriter, t: TypeTagInput, depth: number): void {
  if (depth > MAX_TYPE_TAG_NESTING) throw nestingError(depth);
  if (typeof t !== 'object' || t === null) throw new BcsError('invalid_type', `expected a type tag object, got ${t === null ? 'null' : typeof t}`);
  const i = KIND_INDEX[t.$kind];
  if (i === undefined) throw new BcsError('invalid_variant', `unknown type tag kind ${String(t.$kind)}`);
  w.u8(i);
  switch (t.$kind) {
    case 'vector':
      writeTypeTag(w, t.value, depth + 1);
      return;
    case 'struct':
      writeStructTag(w, t.value, depth + 1);
      return;
    case 'function':
      writeFunctionTag(w, t.value, depth + 1);
      return;
  }
}

function writeStructTag(w: BcsWriter, s: StructTagInput, depth: number): void {
  if (typeof s !== 'object' || s === null) throw new BcsError('invalid_type', 'expected a struct tag object');
  address.write(w, s.address);
  w.string(s.module);
  w.string(s.name);
  const args = s.typeArgs;
  w.length(args.length);
  for (let i = 0; i < args.length; i++) writeTypeTag(w, args[i], depth);
}

function writeParam(w: BcsWriter, p: FunctionParamOrReturnTag, depth: number): void {
  const i = p.$kind === 'reference' ? 0 : p.$kind === 'mutableReference' ? 1 : p.$kind === 'value' ? 2 : -1;
  if (i < 0) throw new BcsError('invalid_variant', `unknown function parameter kind ${String(p.$kind)}`);
  w.u8(i);
  writeTypeTag(w, p.value, depth);
}

function writeFunctionTag(w: BcsWriter, f: FunctionTag, depth: number): void {
  w.length(f.args.length);
  for (const a of f.args) writeParam(w, a, depth);
  w.length(f.results.length);
  for (const r of f.results) writeParam(w, r, depth);
  bcs.u8.write(w, f.abilities);
}

function readTypeTag(r: BcsReader, depth: number): TypeTag {
  if (depth >= MAX_TYPE_TAG_NESTING) {
    throw new BcsError('exceeded_max_depth', `Exceeded TypeTag nesting limit during deserialization: ${depth + 1}`, r.off);
  }
  const at = r.off;
  const i = r.uleb128();
  if (i >= TYPE_TAG_VARIANTS.length) throw new BcsError('invalid_variant', `invalid TypeTag variant index ${i}`, at);
  switch (i) {
    case 6:
      return { $kind: 'vector', value: readTypeTag(r, depth + 1) };
    case 7:
      return { $kind: 'struct', value: readStructTag(r, depth + 1) };
    case 11:
      return { $kind: 'function', value: readFunctionTag(r, depth + 1) };
    default:
      return { $kind: TYPE_TAG_VARIANTS[i] } as TypeTag;
  }
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
  const n = r.length(2);
  const out: FunctionParamOrReturnTag[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const at = r.off;
    const k = r.uleb128();
    if (k > 2) throw new BcsError('invalid_variant', `invalid FunctionParamOrReturnTag variant index ${k}`, at);
    out[i] = { $kind: PARAM_KINDS[k], value: readTypeTag(r, depth) };
  }
  return out;
}

function readFunctionTag(r: BcsReader, depth: number): FunctionTag {
  const args = readParams(r, depth);
  const results = readParams(r, depth);
  return { args, results, abilities: r.u8() };
}

/** BCS codec for `TypeTag` with the node's variant indices and nesting limit. */
export const typeTag: Schema<TypeTag, TypeTagInput> = makeSchema({
  name: 'TypeTag',
  minSize: 1,
  write: (w, v) => writeTypeTag(w, v, 1),
  read: (r) => readTypeTag(r, 0),
});

/** BCS codec for `StructTag`. */
export const structTag: Schema<StructTag, StructTagInput> = makeSchema({
  name: 'StructTag',
  minSize: 32 + 1 + 1 + 1,
  write: (w, v) => writeStructTag(w, v, 1),
  read: (r) => readStructTag(r, 0),
});

/** The shared object for a primitive kind (avoids allocating one per decoded tag). */
export function primitiveTypeTag(kind: PrimitiveTypeTagKind): TypeTag {
  return PRIMITIVE_TAGS[KIND_INDEX[kind]];
}
