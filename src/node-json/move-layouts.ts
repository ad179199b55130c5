import { BcsError, normalizeAddress } from '../bcs/index.js';
import { formatTypeTag, substituteGenerics, type PrimitiveTypeTagKind, type StructTag, type TypeTag } from '../move/index.js';
import type { AbiField, AbiRegistry, AbiStruct } from '../submission/index.js';
import { frameworkStruct } from './framework-layouts.js';

// The layout of a Move value: its type with every struct resolved to its fields (generic arguments
// substituted), as the node's resource viewer builds it (third_party/move/tools/move-resource-viewer
// `FatType`) before it annotates bytes. Struct definitions come from the registry's ABIs (given
// modules, lookup, modules resolved earlier, the embedded framework ABIs), then from the layouts
// embedded here for the 0x1/0x3/0x4 resources and events ordinary transactions touch.

interface FieldLayout {
  name: string;
  layout: Layout;
}

/** Fields in declaration order (the BCS order) and, in `order`, their indices in JSON key order. */
export interface StructLayout {
  $kind: 'struct';
  type: string;
  fields: FieldLayout[];
  order: number[];
}

/** A Move 2 enum; `order` of each variant holds -1 where `__variant__` falls among the sorted keys. */
export interface EnumLayout {
  $kind: 'enum';
  type: string;
  variants: { name: string; fields: FieldLayout[]; order: number[] }[];
}

export type Layout =
  | { $kind: PrimitiveTypeTagKind }
  /** `vector<u8>`: hex in JSON. */
  | { $kind: 'bytes' }
  | { $kind: 'vector'; item: Layout }
  /** `0x1::string::String`: a JSON string. */
  | { $kind: 'string' }
  | StructLayout
  | EnumLayout;

/** Struct instantiations one layout may hold; more is a hostile ABI (the node's viewer has a size limiter too). */
const MAX_STRUCTS = 1024;
/** Longest canonical type string of an instantiation; generic expansion past it is hostile. */
const MAX_TYPE_STRING = 4096;
const FRAMEWORK = /* @__PURE__ */ normalizeAddress('0x1');

/** A missing layout: the node has no struct definition to annotate the bytes with. */
function missingLayout(type: string, why: string): BcsError {
  return new BcsError('not_supported', `no layout for ${type}: ${why}`);
}

/** The struct definition of `tag`: the registry's ABIs first, then the layouts embedded here. */
function structDefinition(tag: StructTag, abis: AbiRegistry): AbiStruct | undefined {
  return abis.module(tag.address, tag.module)?.structs.get(tag.name) ?? frameworkStruct(tag.address, tag.module, tag.name);
}

/** Compiled layouts kept in a registry: by address → module → name for structs without type arguments. */
interface LayoutCache {
  plain: Map<string, Map<string, Map<string, Layout>>>;
  other: Map<string, Layout>;
  size: number;
}
/** Layouts a registry keeps before it starts over (hostile input can name any number of types). */
const MAX_CACHED = 4096;

function cacheOf(abis: AbiRegistry, resource: boolean): LayoutCache {
  const key = resource ? 'node-json resource layouts' : 'node-json value layouts';
  let c = abis.calls.get(key) as LayoutCache | undefined;
  if (c === undefined || c.size >= MAX_CACHED) {
    c = { plain: new Map(), other: new Map(), size: 0 };
    abis.calls.set(key, c);
  }
  return c;
}

/** The layout of a value of `type`, cached in the registry. */
export function layoutOf(type: TypeTag, abis: AbiRegistry, resource = false): Layout {
  const cache = cacheOf(abis, resource);
  // Most events and resources are structs without type arguments: looked up without building a key
  // (special addresses are shared strings, so their hash is computed once).
  if (type.$kind === 'struct' && type.value.typeArgs.length === 0) {
    const s = type.value;
    let byModule = cache.plain.get(s.address);
    if (byModule === undefined) cache.plain.set(s.address, (byModule = new Map()));
    let byName = byModule.get(s.module);
    if (byName === undefined) byModule.set(s.module, (byName = new Map()));
    let layout = byName.get(s.name);
    if (layout === undefined) {
      layout = compile(type, abis, new Map(), resource);
      byName.set(s.name, layout);
      cache.size++;
    }
    return layout;
  }
  const key = tagKey(type);
  let layout = cache.other.get(key);
  if (layout === undefined) {
    layout = compile(type, abis, new Map(), resource);
    cache.other.set(key, layout);
    cache.size++;
  }
  return layout;
}

/** A cache key for a type tag: unique per tag, cheaper to build than its formatted string. */
function tagKey(t: TypeTag): string {
  switch (t.$kind) {
    case 'vector':
      return 'v<' + tagKey(t.value) + '>';
    case 'struct': {
      const s = t.value;
      let k = s.address + ':' + s.module + ':' + s.name;
      if (s.typeArgs.length > 0) k += '<' + s.typeArgs.map(tagKey).join(',') + '>';
      return k;
    }
    case 'function':
      return formatTypeTag(t);
    default:
      return t.$kind;
  }
}

function compile(t: TypeTag, abis: AbiRegistry, memo: Map<string, Layout>, resource: boolean): Layout {
  switch (t.$kind) {
    case 'vector':
      return t.value.$kind === 'u8' ? BYTES : { $kind: 'vector', item: compile(t.value, abis, memo, false) };
    case 'struct':
      return compileStruct(t.value, abis, memo, resource);
    case 'function':
      throw new BcsError('not_supported', `function values (${formatTypeTag(t)}) are not rendered`);
    default:
      return PRIMITIVES[t.$kind] ?? badKind(t);
  }
}

function badKind(t: unknown): never {
  throw new BcsError('invalid_type_tag', `unknown type tag kind ${JSON.stringify((t as { $kind?: unknown })?.$kind)}`);
}

const BYTES: Layout = { $kind: 'bytes' };
const STRING: Layout = { $kind: 'string' };
const PRIMITIVES = /* @__PURE__ */ (() => {
  const kinds: PrimitiveTypeTagKind[] = ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'i8', 'i16', 'i32', 'i64', 'i128', 'i256', 'address', 'signer'];
  const out: Partial<Record<string, Layout>> = {};
  for (const k of kinds) out[k] = { $kind: k };
  return out;
})();

function compileStruct(s: StructTag, abis: AbiRegistry, memo: Map<string, Layout>, resource: boolean): Layout {
  const type = formatTypeTag({ $kind: 'struct', value: s });
  // The API writes `0x1::string::String` as a string wherever it is a value (api/types/src/move_types.rs
  // `MoveValue::is_utf8_string`), but not as a resource's top level (`MoveStructValue` of the struct).
  if (!resource && s.address === FRAMEWORK && s.module === 'string' && s.name === 'String' && s.typeArgs.length === 0) return STRING;
  const known = memo.get(type);
  if (known) return known;
  if (memo.size >= MAX_STRUCTS) throw new BcsError('exceeded_max_depth', `layout of ${type.slice(0, 200)} needs more than ${MAX_STRUCTS} struct types`);
  if (type.length > MAX_TYPE_STRING) throw new BcsError('exceeded_max_depth', `type ${type.slice(0, 200)}… is longer than ${MAX_TYPE_STRING} characters`);
  const def = builtIn(s) ?? structDefinition(s, abis);
  if (!def) {
    const found = abis.module(s.address, s.module);
    throw missingLayout(type, found ? `its module's ABI has no struct ${s.name}` : 'its module is not known');
  }
  if (def.typeParamCount !== s.typeArgs.length) {
    throw new BcsError('invalid_type_tag', `${type} has ${s.typeArgs.length} type arguments; its definition takes ${def.typeParamCount}`);
  }
  // Registered before the fields compile, so a (hostile) recursive definition meets this object.
  if (def.variants) {
    const layout: EnumLayout = { $kind: 'enum', type, variants: [] };
    memo.set(type, layout);
    for (const v of def.variants) {
      const fields = compileFields(v.fields, s.typeArgs, abis, memo);
      layout.variants.push({ name: v.name, fields, order: keyOrder(fields, true, type) });
    }
    return layout;
  }
  const layout: StructLayout = { $kind: 'struct', type, fields: [], order: [] };
  memo.set(type, layout);
  layout.fields = compileFields(def.fields!, s.typeArgs, abis, memo);
  layout.order = keyOrder(layout.fields, false, type);
  return layout;
}

function compileFields(fields: AbiField[], typeArgs: TypeTag[], abis: AbiRegistry, memo: Map<string, Layout>): FieldLayout[] {
  return fields.map((f) => {
    try {
      return { name: f.name, layout: compile(substituteGenerics(f.type, typeArgs), abis, memo, false) };
    } catch (e) {
      throw e instanceof BcsError ? e.within(f.name) : e;
    }
  });
}

/**
 * JSON key order: `MoveStructValue` is a `BTreeMap<IdentifierWrapper, _>`, so keys come out sorted
 * by their bytes, `__variant__` among them (api/types/src/move_types.rs).
 */
function keyOrder(fields: FieldLayout[], variant: boolean, type: string): number[] {
  const keys = fields.map((f, i) => ({ name: f.name, i }));
  if (variant) keys.push({ name: '__variant__', i: -1 });
  keys.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (let k = 1; k < keys.length; k++) {
    if (keys[k].name === keys[k - 1].name) throw new BcsError('invalid_json', `${type} declares the field ${keys[k].name} twice`);
  }
  return keys.map((k) => k.i);
}

/** `0x1::option::Option<T>` and `0x1::object::Object<T>` by their fixed framework layouts (option.move, object.move). */
function builtIn(s: StructTag): AbiStruct | undefined {
  if (s.address !== FRAMEWORK) return undefined;
  if (s.module === 'option' && s.name === 'Option') {
    return { name: 'Option', typeParamCount: 1, fields: [{ name: 'vec', type: { $kind: 'vector', value: { $kind: 'generic', value: 0 } } }], variants: null };
  }
  if (s.module === 'object' && s.name === 'Object') return { name: 'Object', typeParamCount: 1, fields: [{ name: 'inner', type: { $kind: 'address' } }], variants: null };
  return undefined;
}

/** Every struct type a value of `types` may hold, resolved once through the registry's async resolver. */
export async function prefetchLayouts(types: readonly TypeTag[], abis: AbiRegistry): Promise<void> {
  const seen = new Set<string>();
  const visit = async (t: TypeTag): Promise<void> => {
    if (t.$kind === 'vector') return visit(t.value);
    if (t.$kind !== 'struct') return;
    const s = t.value;
    const key = formatTypeTag(t);
    if (seen.has(key) || seen.size >= MAX_STRUCTS || key.length > MAX_TYPE_STRING) return;
    seen.add(key);
    for (const a of s.typeArgs) await visit(a);
    let def = builtIn(s);
    if (!def) {
      const mod = await abis.resolveModule(s.address, s.module);
      def = mod?.structs.get(s.name) ?? frameworkStruct(s.address, s.module, s.name);
    }
    if (!def || def.typeParamCount !== s.typeArgs.length) return; // the renderer reports it
    const fields = def.fields ?? (def.variants ?? []).flatMap((v) => v.fields);
    for (const f of fields) {
      let tag: TypeTag;
      try {
        tag = substituteGenerics(f.type, s.typeArgs);
      } catch {
        continue;
      }
      await visit(tag);
    }
  };
  for (const t of types) await visit(t);
}
