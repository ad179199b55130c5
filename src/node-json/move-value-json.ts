import { BcsError, BcsReader, encodeWith, quote } from '../bcs/index.js';
import { formatStructTag, parseStructTag, type StructTag, type TypeTag } from '../move/index.js';
import { abiRegistry, type AbiRegistry } from '../submission/index.js';
import { layoutOf, type EnumLayout, type Layout, type StructLayout } from './move-layouts.js';
import { readMoveValue } from './move-value-read.js';
import { writeMoveValue } from './move-value-write.js';

// The node's JSON of Move values, both ways, by their layouts (api/types/src/convert.rs: events'
// `data` through `view_value`, write_resource `data` and the resources endpoint through
// `view_resource`, table items' `decoded_table_data` through `try_into_move_value`).
//
// Where the node has no layout it does not invent one: a write-set change whose resource cannot be
// annotated is left out of `changes` (`into_transaction_info` keeps only the changes that convert),
// an event that cannot be annotated fails the whole transaction, and a table item whose table info
// the node does not index has `data: null`. Here a missing layout is a `not_supported` BcsError
// ("no layout for …"), so callers choose which of those to apply.

/** A resource as the node writes it in write_resource `data` and the resources endpoint. */
export interface MoveResourceJson {
  type: string;
  data: unknown;
}

function registry(abis: AbiRegistry | undefined): AbiRegistry {
  return abis ?? abiRegistry();
}

function render(layout: Layout, bytes: Uint8Array): unknown {
  if (!(bytes instanceof Uint8Array)) throw new BcsError('invalid_type', 'Move value bytes must be a Uint8Array');
  const r = new BcsReader(bytes);
  const value = readMoveValue(r, layout, 0);
  if (r.off !== r.end) throw new BcsError('remaining_input', `${r.end - r.off} bytes left after the value`, r.off);
  return value;
}

function parse(type: TypeTag, json: unknown, abis: AbiRegistry, resource: boolean): Uint8Array {
  return write(layoutOf(type, abis, resource), json);
}

/** The value's bytes, written in the shared scratch writer (no writer, buffer or growth per value). */
function write(layout: Layout, json: unknown): Uint8Array {
  return encodeWith((w, v) => writeMoveValue(w, layout, v, 0), json);
}

/**
 * The node's JSON of one Move value of `type` from its BCS bytes (api/types/src/move_types.rs
 * `MoveValue`). Throws a BcsError with the path when the bytes do not fit the layout, or
 * `not_supported` when a struct's layout is not known.
 */
export function moveValueJson(type: TypeTag, bytes: Uint8Array, abis?: AbiRegistry): unknown {
  return render(layoutOf(type, registry(abis)), bytes);
}

/** The inverse of `moveValueJson`: the value's exact BCS bytes. Strict; errors carry the path. */
export function parseMoveValueJson(type: TypeTag, json: unknown, abis?: AbiRegistry): Uint8Array {
  return parse(type, json, registry(abis), false);
}

/** A resource (`MoveResource`: its struct tag as the node prints it, and its fields). */
export function moveResourceJson(tag: StructTag, bytes: Uint8Array, abis?: AbiRegistry): MoveResourceJson {
  const layout = layoutOf({ $kind: 'struct', value: tag }, registry(abis), true);
  // A resource's layout is a struct or an enum, whose `type` is the tag as the node prints it.
  return { type: (layout as StructLayout | EnumLayout).type, data: render(layout, bytes) };
}

/** Reads `{ type, data }` back: the struct tag and the resource's BCS bytes. */
export function parseMoveResourceJson(json: unknown, abis?: AbiRegistry): { tag: StructTag; bytes: Uint8Array } {
  const o = resourceObject(json);
  const tag = canonicalTag(o.type as string);
  return { tag, bytes: resourceData(o, () => layoutOf({ $kind: 'struct', value: tag }, registry(abis), true)) };
}

/**
 * A resource type string the node wrote, read once per registry: its tag (parsed and checked to be
 * written as the node writes it; frozen, as readers share it) and, once a read needs them, its
 * layout and its access path's bytes (bcs(Path::Resource(tag)), for the state key).
 */
export interface ResourceType {
  readonly tag: StructTag;
  layout?: Layout;
  path?: Uint8Array;
}

const RESOURCE_TYPES = 'node-json resource types';
/** Type strings a registry keeps before it starts over (hostile input can name any number of types). */
const MAX_RESOURCE_TYPES = 4096;

/** As parseMoveResourceJson, the type read through the registry's cache (a block's readers). */
export function readMoveResourceJson(json: unknown, abis: AbiRegistry): { type: ResourceType; bytes: Uint8Array } {
  const o = resourceObject(json);
  let cache = abis.calls.get(RESOURCE_TYPES) as Map<string, ResourceType> | undefined;
  if (cache === undefined || cache.size >= MAX_RESOURCE_TYPES) abis.calls.set(RESOURCE_TYPES, (cache = new Map()));
  const text = o.type as string;
  let type = cache.get(text);
  if (type === undefined) cache.set(text, (type = { tag: deepFreeze(canonicalTag(text)) }));
  const t = type;
  return { type: t, bytes: resourceData(o, () => (t.layout ??= layoutOf({ $kind: 'struct', value: t.tag }, abis, true))) };
}

/** `json` as `{ type: string, data }` and nothing else. */
function resourceObject(json: unknown): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new BcsError('invalid_type', 'a Move resource must be an object with type and data');
  const o = json as Record<string, unknown>;
  let n = 0;
  for (const k in o) if (Object.prototype.hasOwnProperty.call(o, k)) n++;
  const hasType = Object.prototype.hasOwnProperty.call(o, 'type');
  const hasData = Object.prototype.hasOwnProperty.call(o, 'data');
  if (n > Number(hasType) + Number(hasData)) {
    const extra = Object.keys(o).filter((k) => k !== 'type' && k !== 'data');
    throw new BcsError('invalid_json', `a Move resource has only type and data, got ${quote(extra[0])}`);
  }
  if (typeof o.type !== 'string') throw new BcsError('invalid_type', `expected the resource's struct tag string, got ${quote(o.type)}`).within('type');
  return o;
}

/** The struct tag of `type`, which must be written as the node writes it. */
function canonicalTag(type: string): StructTag {
  let tag: StructTag;
  try {
    tag = parseStructTag(type);
  } catch (e) {
    throw e instanceof BcsError ? e.within('type') : e;
  }
  if (formatStructTag(tag) !== type) {
    throw new BcsError('invalid_type_tag', `${quote(type)} is not written as the node writes it (${formatStructTag(tag)})`).within('type');
  }
  return tag;
}

function resourceData(o: Record<string, unknown>, layout: () => Layout): Uint8Array {
  if (!Object.prototype.hasOwnProperty.call(o, 'data')) throw new BcsError('missing_field', 'a Move resource needs data');
  try {
    return write(layout(), o.data);
  } catch (e) {
    throw e instanceof BcsError ? e.within('data') : e;
  }
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
