import {
  address,
  bool,
  BcsError,
  BcsReader,
  formatAddress,
  i128,
  i16,
  i256,
  i32,
  i64,
  i8,
  toHex,
  u128,
  u16,
  u256,
  u32,
  u64,
  u8,
  type Schema,
} from '../bcs/index.js';
import { readVariant, variantTable } from '../bcs/internal.js';
import { formatTypeTag, substituteGenerics, type StructTag, type TypeTag } from '../move/index.js';
import type { JsonValue } from '../transactions/index.js';
import type { AbiModule } from './abi.js';

// The way back: the BCS of a Move value → the JSON argument encode_submission takes for it, the
// exact inverse of move-value.ts on canonical JSON (addresses in the node's AIP-40 form, hex in
// lowercase, u64 and wider as decimal strings). Struct and enum layouts come from the same ABIs.

/** Reads one Move value's BCS at the reader's offset and returns its JSON argument form. */
export type JsonReader = (r: BcsReader) => JsonValue;

export interface JsonReaderContext {
  module(address: string, name: string): AbiModule | undefined;
  memo: Map<string, JsonReader>;
}

const FRAMEWORK = '0x0000000000000000000000000000000000000000000000000000000000000001';

// Marked free of side effects so that bundles not using the way back drop this table.
const number = /* @__NO_SIDE_EFFECTS__ */ (s: Schema<number>): JsonReader => (r) => s.read(r);
const decimal = /* @__NO_SIDE_EFFECTS__ */ (s: Schema<bigint>): JsonReader => (r) => s.read(r).toString();
const readAddress: JsonReader = (r) => formatAddress(address.read(r), 'aip40');
const readHex: JsonReader = (r) => toHex(r.bytes());

const PRIMITIVES: Partial<Record<TypeTag['$kind'], JsonReader>> = {
  bool: (r) => bool.read(r),
  u8: number(u8),
  u16: number(u16),
  u32: number(u32),
  i8: number(i8),
  i16: number(i16),
  i32: number(i32),
  u64: decimal(u64),
  u128: decimal(u128),
  u256: decimal(u256),
  i64: decimal(i64),
  i128: decimal(i128),
  i256: decimal(i256),
  address: readAddress,
};

/** The JSON reader for a (generic-free) type; fails for types no JSON argument has (signer, functions). */
export function jsonReaderFor(t: TypeTag, ctx: JsonReaderContext): JsonReader {
  const prim = PRIMITIVES[t.$kind];
  if (prim) return prim;
  if (t.$kind === 'vector') {
    if (t.value.$kind === 'u8') return readHex;
    const item = jsonReaderFor(t.value, ctx);
    // Every element but a struct takes at least one byte; a struct may take none, so each one that
    // took none is counted against the decode's zero-sized budget as it is read.
    if (t.value.$kind !== 'struct') {
      return (r) => {
        const n = r.length(1);
        const out: JsonValue[] = [];
        for (let i = 0; i < n; i++) out.push(item(r));
        return out;
      };
    }
    return (r) => {
      const n = r.count();
      const out: JsonValue[] = [];
      for (let i = 0; i < n; i++) {
        const at = r.off;
        r.element(at);
        out.push(item(r));
        if (r.off === at) r.zeroSized(1, at);
      }
      return out;
    };
  }
  if (t.$kind === 'struct') return structReader(t.value, ctx);
  throw new BcsError('not_supported', `a ${t.$kind} value has no JSON argument form`);
}

function structReader(tag: StructTag, ctx: JsonReaderContext): JsonReader {
  if (tag.address === FRAMEWORK) {
    if (tag.module === 'string' && tag.name === 'String') return (r) => r.string();
    if (tag.module === 'object' && tag.name === 'Object') return readAddress;
    if (tag.module === 'option' && tag.name === 'Option' && tag.typeArgs.length === 1) {
      const vec = jsonReaderFor({ $kind: 'vector', value: tag.typeArgs[0] }, ctx);
      return (r) => ({ vec: vec(r) });
    }
  }
  const key = formatTypeTag({ $kind: 'struct', value: tag });
  const known = ctx.memo.get(key);
  if (known) return known;
  let resolved: JsonReader | undefined;
  ctx.memo.set(key, (r) => resolved!(r));
  const def = ctx.module(tag.address, tag.module)?.structs.get(tag.name);
  if (!def || def.typeParamCount !== tag.typeArgs.length) throw new BcsError('not_supported', `no ABI declares the struct ${key}`);
  const fields = (fs: { name: string; type: Parameters<typeof substituteGenerics>[0] }[]) =>
    fs.map((f) => ({ name: f.name, read: jsonReaderFor(substituteGenerics(f.type, tag.typeArgs), ctx) }));
  const readFields = (r: BcsReader, fs: { name: string; read: JsonReader }[]) => {
    const o: { [k: string]: JsonValue } = {};
    r.enter(tag.name);
    for (const f of fs) o[f.name] = f.read(r);
    r.leave();
    return o;
  };
  if (def.variants) {
    const variants = def.variants.map((v) => ({ name: v.name, fields: fields(v.fields) }));
    const table = variantTable(tag.name, def.variants.map((v) => v.name));
    resolved = (r) => {
      const v = variants[readVariant(r, table)];
      return { [v.name]: readFields(r, v.fields) };
    };
  } else {
    const fs = fields(def.fields!);
    resolved = (r) => readFields(r, fs);
  }
  ctx.memo.set(key, resolved);
  return resolved;
}

/** One argument's bytes → its JSON; the whole input must be one value. */
export function argumentToJson(bytes: Uint8Array, read: JsonReader): JsonValue {
  const r = new BcsReader(bytes);
  const v = read(r);
  r.finish();
  return v;
}
