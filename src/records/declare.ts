import { bcs, type AnySchema, type Infer, type InferInput, type Schema } from '../bcs/index.js';
import { codec, type Codec, type Shape } from '../transactions/index.js';

// Every record is declared once, as a schema and its JSON shape built side by side, so the bytes
// and the JSON-safe form cannot drift apart. Field names are the library's camelCase spelling of
// aptos-core's snake_case fields (as in the transaction layer).

export interface Decl<S extends AnySchema = AnySchema> {
  readonly schema: S;
  readonly shape: Shape;
}

export type DeclValue<D extends Decl> = Infer<D['schema']>;
export type DeclInput<D extends Decl> = InferInput<D['schema']>;

type Fields = Record<string, Decl>;
type SchemaFields<F extends Fields> = { [K in keyof F]: F[K]['schema'] };
type Variants = Record<string, Decl | null>;
type SchemaVariants<V extends Variants> = { [K in keyof V]: V[K] extends Decl ? V[K]['schema'] : null };

const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U): Record<string, U> => {
  const out: Record<string, U> = {};
  for (const k of Object.keys(o)) out[k] = f(o[k]);
  return out;
};

// Building declarations has no side effects, so bundlers may drop the records an application does not use.
/* @__NO_SIDE_EFFECTS__ */
export function leaf<S extends AnySchema>(schema: S, shape: Shape): Decl<S> {
  return { schema, shape };
}

export const u8 = /* @__PURE__ */ leaf(bcs.u8, 'u8');
export const u16 = /* @__PURE__ */ leaf(bcs.u16, 'u16');
export const u32 = /* @__PURE__ */ leaf(bcs.u32, 'u32');
export const u64 = /* @__PURE__ */ leaf(bcs.u64, 'u64');
export const bool = /* @__PURE__ */ leaf(bcs.bool, 'bool');
export const bytes = /* @__PURE__ */ leaf(bcs.bytes, 'bytes');
export const string = /* @__PURE__ */ leaf(bcs.string, 'string');
export const address = /* @__PURE__ */ leaf(bcs.address, 'address');
/** `aptos_crypto::HashValue`: 32 raw bytes, no length prefix. */
export const hashValue = /* @__PURE__ */ leaf(bcs.fixedBytes(32), 'bytes');

/* @__NO_SIDE_EFFECTS__ */
export function struct<const F extends Fields>(name: string, fields: F): Decl<ReturnType<typeof bcs.struct<SchemaFields<F>>>> {
  return {
    schema: bcs.struct(name, mapValues(fields, (f) => f.schema) as SchemaFields<F>),
    shape: { struct: mapValues(fields, (f) => f.shape) },
  };
}

/* @__NO_SIDE_EFFECTS__ */
export function enumeration<const V extends Variants>(name: string, variants: V): Decl<ReturnType<typeof bcs.enum<SchemaVariants<V>>>> {
  return {
    schema: bcs.enum(name, mapValues(variants, (v) => (v ? v.schema : null)) as SchemaVariants<V>),
    shape: { enum: mapValues(variants, (v) => (v ? v.shape : null)) },
  };
}

/* @__NO_SIDE_EFFECTS__ */
export function option<S extends AnySchema>(d: Decl<S>) {
  return leaf(bcs.option(d.schema), { option: d.shape });
}
/* @__NO_SIDE_EFFECTS__ */
export function vector<S extends AnySchema>(d: Decl<S>) {
  return leaf(bcs.vector(d.schema), { vector: d.shape });
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
export function map<K extends AnySchema, V extends AnySchema>(
  key: Decl<K>,
  value: Decl<V>,
): Decl<Schema<Entry<Infer<K>, Infer<V>>[], readonly Entry<InferInput<K>, InferInput<V>>[]>> {
  const inner = bcs.map(key.schema, value.schema);
  return {
    schema: bcs.transform(inner, {
      input: (v: readonly Entry<InferInput<K>, InferInput<V>>[]) => {
        if (!Array.isArray(v)) return v as never;
        return v.map((e) => [e?.key, e?.value] as const);
      },
      output: (m) => Array.from(m, ([k, val]) => ({ key: k, value: val })),
    }),
    shape: { vector: { struct: { key: key.shape, value: value.shape } } },
  };
}

/* @__NO_SIDE_EFFECTS__ */
export function toCodec<S extends AnySchema>(d: Decl<S>): Codec<Infer<S>, InferInput<S>> {
  return codec(d.schema, d.shape);
}
