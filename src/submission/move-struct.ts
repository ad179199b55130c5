import { formatAddress, utf8Encode, type Address, type BcsWriter } from '../bcs/index.js';
import { formatTypeTag, substituteGenerics, type StructTag, type TypeTag } from '../move/index.js';
import type { AbiField, AbiModule } from './abi.js';
import { invalidInput } from './errors.js';
import { isJsonObject } from './json-text.js';
import type { Converter } from './move-value.js';
import { rustDebugString } from './serde-text.js';

// Struct and enum arguments: `0x1::string::String` is a JSON string, `0x1::object::Object<T>` an
// address, `0x1::option::Option<T>` the struct `{vec: vector<T>}`; any other struct or Move 2 enum
// is laid out from its module's ABI (api/types/src/convert.rs `try_into_vm_value_struct` /
// `try_into_vm_value_enum`).

export interface StructContext {
  /** The module ABI that declares a struct. */
  module(address: Address, name: string): AbiModule | undefined;
  /** Converters compiled so far in this compilation, by canonical type string (also breaks cycles). */
  memo: Map<string, Converter>;
}

export interface ValueConverters {
  converterFor(t: TypeTag, ctx: StructContext): Converter;
  address: Converter;
}

const FRAMEWORK = '0x0000000000000000000000000000000000000000000000000000000000000001';

/**
 * The framework structs the conversion builds in, reading no module: `0x1::string::String` (a
 * string), `0x1::object::Object<T>` (an address, whatever T), `0x1::option::Option<T>` (the struct
 * `{vec: vector<T>}`). The one test of them, for the converter, the prefetch and the debug renderer.
 */
export type BuiltInStruct = { kind: 'string' } | { kind: 'object' } | { kind: 'option'; item: TypeTag };

export function builtInStruct(tag: StructTag): BuiltInStruct | undefined {
  if (tag.address !== FRAMEWORK) return undefined;
  if (tag.module === 'string' && tag.name === 'String') return { kind: 'string' };
  if (tag.module === 'object' && tag.name === 'Object') return { kind: 'object' };
  if (tag.module === 'option' && tag.name === 'Option' && tag.typeArgs.length === 1) return { kind: 'option', item: tag.typeArgs[0]! };
  return undefined;
}
/** Struct definitions nested deeper than this are refused (hostile ABIs can declare any depth). */
const MAX_STRUCT_NESTING = 64;

const writeUtf8String: Converter = (w, v) => {
  if (typeof v !== 'string') invalidInput('failed to parse string::String.');
  const b = utf8Encode(v);
  w.length(b.length);
  w.raw(b);
};

function own(o: Record<string, unknown>, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

type CompiledField = { name: string; conv: Converter };

function compileFields(fields: AbiField[], typeArgs: TypeTag[], ctx: StructContext, c: ValueConverters): CompiledField[] {
  return fields.map((f) => ({ name: f.name, conv: c.converterFor(substituteGenerics(f.type, typeArgs), ctx) }));
}

function writeFields(w: BcsWriter, o: Record<string, unknown>, fields: CompiledField[], depth: number, missing: (f: string) => string): void {
  for (const f of fields) {
    if (!own(o, f.name)) invalidInput(missing(f.name));
    f.conv(w, o[f.name], depth + 1);
  }
}

/** The converter for a struct type argument or parameter. */
export function structConverter(tag: StructTag, ctx: StructContext, c: ValueConverters): Converter {
  const builtIn = builtInStruct(tag);
  if (builtIn?.kind === 'string') return writeUtf8String;
  if (builtIn?.kind === 'object') return c.address;
  if (builtIn?.kind === 'option') return plainStruct([{ name: 'vec', conv: c.converterFor({ $kind: 'vector', value: builtIn.item }, ctx) }]);
  const key = formatTypeTag({ $kind: 'struct', value: tag });
  const known = ctx.memo.get(key);
  if (known) return known;
  if (ctx.memo.size > MAX_STRUCT_NESTING * 16) invalidInput(`struct layout of ${key} is too large`);
  // A cycle in hostile ABIs meets this forwarder instead of recursing forever; values are finite.
  let resolved: Converter | undefined;
  ctx.memo.set(key, (w, v, d) => resolved!(w, v, d));
  const mod = ctx.module(tag.address, tag.module);
  if (!mod) invalidInput(`Module ModuleId { address: ${formatAddress(tag.address, 'short')}, name: Identifier(${rustDebugString(tag.module)}) } can't be found`);
  const def = mod.structs.get(tag.name);
  if (!def) invalidInput(`Struct ${key} can't be found in its module's ABI`);
  if (def.typeParamCount !== tag.typeArgs.length) {
    invalidInput(`Struct ${key} expects ${def.typeParamCount} type arguments, got ${tag.typeArgs.length}`);
  }
  resolved = def.variants
    ? enumValue(def.variants.map((v) => ({ name: v.name, fields: compileFields(v.fields, tag.typeArgs, ctx, c) })))
    : plainStruct(compileFields(def.fields!, tag.typeArgs, ctx, c));
  ctx.memo.set(key, resolved);
  return resolved;
}

function plainStruct(fields: CompiledField[]): Converter {
  return (w, v, depth) => {
    if (!isJsonObject(v)) invalidInput('Expecting a JSON Map for struct.');
    if (depth > 256) invalidInput('value nested too deeply');
    writeFields(w, v, fields, depth, (f) => `field ${f} not found.`);
  };
}

function enumValue(variants: { name: string; fields: CompiledField[] }[]): Converter {
  return (w, v, depth) => {
    if (!isJsonObject(v)) invalidInput('Expecting a JSON Map for enum.');
    const keys = Object.keys(v);
    if (keys.length !== 1) invalidInput('Enum value must have exactly one variant specified.');
    const name = keys[0];
    const index = variants.findIndex((x) => x.name === name);
    if (index < 0) invalidInput(`Variant ${name} not found.`);
    const body = v[name];
    if (!isJsonObject(body)) invalidInput('Expecting a JSON Map for variant fields.');
    if (depth > 256) invalidInput('value nested too deeply');
    const { fields } = variants[index];
    const extra = Object.keys(body).filter((k) => !fields.some((f) => f.name === k));
    w.uleb128(index);
    writeFields(w, body, fields, depth, (f) => `field ${f} not found in variant ${name}.`);
    if (extra.length > 0) invalidInput(`Unknown fields [${extra.slice(0, 8).map((k) => rustDebugString(k)).join(', ')}] in variant ${name}.`);
  };
}
