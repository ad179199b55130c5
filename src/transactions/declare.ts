import {
  address as addressSchema,
  bool as boolSchema,
  bytes as bytesSchema,
  i128 as i128Schema,
  i16 as i16Schema,
  i256 as i256Schema,
  i32 as i32Schema,
  i64 as i64Schema,
  i8 as i8Schema,
  map as mapSchema,
  option as optionSchema,
  string as stringSchema,
  struct as structSchema,
  transform,
  u128 as u128Schema,
  u16 as u16Schema,
  u256 as u256Schema,
  u32 as u32Schema,
  u64 as u64Schema,
  u8 as u8Schema,
  vector as vectorSchema,
  type Address,
  type AddressInput,
  type AnySchema,
  type BigIntInput,
  type Infer,
  type InferInput,
  type Schema,
  type EnumIn,
  type EnumOut,
} from '../bcs/index.js';
import { enumeration as enumSchema, type VariantTable } from '../bcs/internal.js';
import { fromJsonSafe, toJsonSafe, type JsonValue, type Shape } from './json.js';

// A wire type is declared once, as a schema and its JSON shape built side by side from the same
// fields, so the bytes and the JSON-safe form cannot drift apart. Transactions and records are both
// declared this way. Field names are the library's camelCase spelling of aptos-core's snake_case.
// Hot paths keep a hand-specialised schema next to their declaration (`specialised`): the
// declaration still gives their types and JSON shape, and the tests check both encode alike.

export interface Decl<S extends AnySchema = AnySchema> {
  readonly schema: S;
  readonly shape: Shape;
}

export type DeclValue<D extends Decl> = Infer<D['schema']>;
export type DeclInput<D extends Decl> = InferInput<D['schema']>;
/** For naming a declaration's schema type (`interface XSchema extends DeclSchema<typeof xDecl> {}`), so declaration files print the name where it is embedded. */
export type DeclSchema<D extends Decl> = D['schema'];

type Fields = Record<string, Decl>;
type SchemaFields<F extends Fields> = { -readonly [K in keyof F]: F[K]['schema'] };
type Variants = Record<string, Decl | null>;
type SchemaVariants<V extends Variants> = { [K in keyof V]: V[K] extends Decl ? V[K]['schema'] : null };

// The schema types of the combinators are named interfaces over their declared parts. Inferred
// instead, a declaration file would print a value type and an input type apart at every level,
// each repeating the levels below it: nested enums doubled per level (dist/index.d.ts reached 1.65
// MB). Named, each level is printed once, by its parts (docs/wire-types.md).
export type StructValue<F extends Fields> = { -readonly [K in keyof F]: DeclValue<F[K]> };
export type StructInput<F extends Fields> = { -readonly [K in keyof F]: DeclInput<F[K]> };
export interface StructSchema<F extends Fields> extends Schema<StructValue<F>, StructInput<F>> {}
export interface EnumSchema<V extends Variants> extends Schema<EnumOut<SchemaVariants<V>>, EnumIn<SchemaVariants<V>>> {}
export interface OptionSchema<D extends Decl> extends Schema<DeclValue<D> | null, DeclInput<D> | null> {}
export interface VectorSchema<D extends Decl> extends Schema<DeclValue<D>[], readonly DeclInput<D>[]> {}
export interface MapSchema<K extends Decl, V extends Decl> extends Schema<Entry<DeclValue<K>, DeclValue<V>>[], readonly Entry<DeclInput<K>, DeclInput<V>>[]> {}

const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U): Record<string, U> => {
  const out: Record<string, U> = {};
  for (const k of Object.keys(o)) out[k] = f(o[k]);
  return out;
};

// Building declarations has no side effects, so bundlers may drop the ones an application does not
// use (hence named schema imports: a top-level `bcs.u8` read would keep the whole core).
/* @__NO_SIDE_EFFECTS__ */
export function leaf<S extends AnySchema>(schema: S, shape: Shape): Decl<S> {
  return { schema, shape };
}

/**
 * A hand-specialised schema for a declared type: same values, an input that may be wider (e.g.
 * optional fields for options), the declaration's shape.
 */
/* @__NO_SIDE_EFFECTS__ */
export function specialised<D extends Decl, I>(decl: D, schema: Schema<DeclValue<D>, I>): Decl<Schema<DeclValue<D>, I>> {
  return { schema, shape: decl.shape };
}

/** A declaration's schema, through a pure call: bundlers keep a top-level property read, but drop an unused pure call. */
/* @__NO_SIDE_EFFECTS__ */
export function schemaOf<S extends AnySchema>(decl: Decl<S>): S {
  return decl.schema;
}

// The leaves' types are named as well: printed by name, a declaration file needs no import of the
// core's types for them (TypeScript would import those through the package entry, which makes the
// declaration bundle circular).
export interface NumberDecl extends Decl<Schema<number>> {}
export interface BigIntDecl extends Decl<Schema<bigint, BigIntInput>> {}
export interface BoolDecl extends Decl<Schema<boolean>> {}
export interface BytesDecl extends Decl<Schema<Uint8Array>> {}
export interface StringDecl extends Decl<Schema<string>> {}
export interface AddressDecl extends Decl<Schema<Address, AddressInput>> {}

export const u8: NumberDecl = /* @__PURE__ */ leaf(u8Schema, 'u8');
export const u16: NumberDecl = /* @__PURE__ */ leaf(u16Schema, 'u16');
export const u32: NumberDecl = /* @__PURE__ */ leaf(u32Schema, 'u32');
export const u64: BigIntDecl = /* @__PURE__ */ leaf(u64Schema, 'u64');
export const u128: BigIntDecl = /* @__PURE__ */ leaf(u128Schema, 'u128');
export const u256: BigIntDecl = /* @__PURE__ */ leaf(u256Schema, 'u256');
export const i8: NumberDecl = /* @__PURE__ */ leaf(i8Schema, 'i8');
export const i16: NumberDecl = /* @__PURE__ */ leaf(i16Schema, 'i16');
export const i32: NumberDecl = /* @__PURE__ */ leaf(i32Schema, 'i32');
export const i64: BigIntDecl = /* @__PURE__ */ leaf(i64Schema, 'i64');
export const i128: BigIntDecl = /* @__PURE__ */ leaf(i128Schema, 'i128');
export const i256: BigIntDecl = /* @__PURE__ */ leaf(i256Schema, 'i256');
export const bool: BoolDecl = /* @__PURE__ */ leaf(boolSchema, 'bool');
export const bytes: BytesDecl = /* @__PURE__ */ leaf(bytesSchema, 'bytes');
export const string: StringDecl = /* @__PURE__ */ leaf(stringSchema, 'string');
export const address: AddressDecl = /* @__PURE__ */ leaf(addressSchema, 'address');

/* @__NO_SIDE_EFFECTS__ */
export function struct<const F extends Fields>(name: string, fields: F): Decl<StructSchema<F>> {
  return {
    schema: structSchema(name, mapValues(fields, (f) => f.schema) as SchemaFields<F>) as StructSchema<F>,
    shape: { struct: mapValues(fields, (f) => f.shape) },
  };
}

/**
 * An enum over declared variants. Given the type's variant table (the one its hand-specialised
 * codec reads and writes with), the name and the wire order come from the table.
 */
/* @__NO_SIDE_EFFECTS__ */
export function enumeration<const V extends Variants>(
  name: string | VariantTable<keyof V & string>,
  variants: V,
): Decl<EnumSchema<V>> {
  let ordered: Variants = variants;
  if (typeof name !== 'string') {
    ordered = {};
    for (const k of name.kinds) ordered[k] = variants[k];
    name = name.name;
  }
  return {
    schema: enumSchema(name, mapValues(ordered, (v) => (v ? v.schema : null)) as SchemaVariants<V>),
    shape: { enum: mapValues(ordered, (v) => (v ? v.shape : null)) },
  };
}

/* @__NO_SIDE_EFFECTS__ */
export function option<D extends Decl>(d: D): Decl<OptionSchema<D>> {
  return leaf(optionSchema(d.schema), { option: d.shape });
}
/* @__NO_SIDE_EFFECTS__ */
export function vector<D extends Decl>(d: D): Decl<VectorSchema<D>> {
  return leaf(vectorSchema(d.schema), { vector: d.shape });
}

export interface Entry<K, V> {
  key: K;
  value: V;
}

/**
 * A BCS map (`BTreeMap`: entries sorted by encoded key, strictly increasing when read) seen as an
 * array of `{ key, value }` in canonical order, so it has a plain JSON form.
 */
/* @__NO_SIDE_EFFECTS__ */
export function map<K extends Decl, V extends Decl>(key: K, value: V): Decl<MapSchema<K, V>> {
  const inner = mapSchema(key.schema as Schema<DeclValue<K>, DeclInput<K>>, value.schema as Schema<DeclValue<V>, DeclInput<V>>);
  return {
    schema: transform(inner, {
      input: (v: readonly Entry<DeclInput<K>, DeclInput<V>>[]) => {
        if (!Array.isArray(v)) return v as never;
        return v.map((e) => [e?.key, e?.value] as const);
      },
      output: (m) => Array.from(m, ([k, val]) => ({ key: k, value: val })),
    }),
    shape: { vector: { struct: { key: key.shape, value: value.shape } } },
  };
}

/** A schema with its JSON shape: bytes ⇄ plain data ⇄ JSON-safe data. */
export interface Codec<T, I = T> {
  schema: Schema<T, I>;
  shape: Shape;
  toJson(value: I): JsonValue;
  fromJson(json: unknown): T;
}

/** The codec of a declaration, by name: annotations written with it keep emitted `.d.ts` files small. */
export type CodecOf<D> = D extends Decl<infer S> ? Codec<Infer<S>, InferInput<S>> : never;
/** One codec per declaration of a name → declaration table. */
export type CodecsOf<T extends Record<string, Decl>> = { readonly [K in keyof T]: CodecOf<T[K]> };

/** The codecs of a table of declarations (`transactionCodecs()`, `recordCodecs()`). */
export function codecsOf<T extends Record<string, Decl>>(decls: T): CodecsOf<T> {
  const out: Record<string, Codec<unknown, unknown>> = {};
  for (const k of Object.keys(decls)) out[k] = codec(decls[k]!.schema, decls[k]!.shape);
  return out as CodecsOf<T>;
}

/* @__NO_SIDE_EFFECTS__ */
export function codec<T, I>(schema: Schema<T, I>, shape: Shape): Codec<T, I> {
  return {
    schema,
    shape,
    toJson: (value) => toJsonSafe(value, shape),
    fromJson: (json) => fromJsonSafe(shape, json) as T,
  };
}

