import { BcsError, bytes as bytesSchema, compareBytes, formatAddress, isBcsError, map, toHex, type Address, type Infer } from '../bcs/index.js';
import { formatModuleId, formatStructTag, parseStructTag, structTag, type ModuleId, type StructTag, type TypeTag } from '../move/index.js';
import type { StateKey, WriteOp, WriteSet } from '../records/index.js';
import { accessPath } from '../records/internal.js';
import type { AbiRegistry } from '../submission/index.js';
import type { Hashes } from './hashes.js';
import { address, at, field, hashIs, hexValue, kind, obj, str, unknownKind, type Obj, fieldAt } from './json-read.js';
import { moduleBytecodeJson } from './move-bytecode-json.js';
import { tableItemDataJson } from './move-table-json.js';
import { moveResourceJson, readMoveResourceJson, type ResourceType } from './move-value-json.js';
import { EMPTY_BYTES, isMissingLayout, type Notes } from './read-report.js';

// Write-set `changes` as api/types/src/convert.rs `try_into_write_set_changes` writes them: one
// entry per state key in the write set's BTreeMap order (StateKeyInner's derived Ord, which is not
// the BCS byte order of the map), a resource group expanded into one write_resource per member (in
// StructTag order), `state_key_hash` the key's hash. Decoded table data needs the node's table-info
// indexer, which the records do not carry: given a `TableInfoLookup` it is written, else as the
// node writes it without one.

type Path = Infer<typeof accessPath.schema>;

const decodePath = (b: Uint8Array): Path => accessPath.schema.decode(b);
export const encodePath = (p: Path): Uint8Array => accessPath.schema.encode(p);

const resourceGroup = /* @__PURE__ */ map(structTag, bytesSchema);

/** StateKeyInner's derived Ord: variant, then address or handle, then the path or key bytes. */
function compareKeys(a: StateKey, b: StateKey): number {
  const va = a.$kind === 'AccessPath' ? 0 : a.$kind === 'TableItem' ? 1 : 2;
  const vb = b.$kind === 'AccessPath' ? 0 : b.$kind === 'TableItem' ? 1 : 2;
  if (va !== vb) return va - vb;
  if (a.$kind === 'Raw') return compareBytes(a.value, (b as typeof a).value);
  const [aa, ab] = a.$kind === 'AccessPath' ? [a.value.address, a.value.path] : [a.value.handle, a.value.key];
  const [ba, bb] = b.$kind === 'AccessPath' ? [b.value.address, b.value.path] : [(b as typeof a & { $kind: 'TableItem' }).value.handle, (b as typeof a & { $kind: 'TableItem' }).value.key];
  return aa < ba ? -1 : aa > ba ? 1 : compareBytes(ab, bb);
}

/** StructTag's derived Ord (address, module, name; type arguments by their bytes). */
function compareTags(a: StructTag, b: StructTag): number {
  if (a.address !== b.address) return a.address < b.address ? -1 : 1;
  if (a.module !== b.module) return a.module < b.module ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return compareBytes(structTag.encode(a), structTag.encode(b));
}

function opBytes(op: WriteOp): Uint8Array | null {
  switch (op.$kind) {
    case 'Creation':
    case 'Modification':
      return op.value;
    case 'CreationWithMetadata':
    case 'ModificationWithMetadata':
      return op.value.data;
    default:
      return null;
  }
}


/** The changes of one state key (several for a resource group). Throws where the node's conversion fails. */
/** A table's key and value types by its handle (the node's table-info indexer), where known. */
export type TableInfoLookup = (handle: string) => { keyType: TypeTag; valueType: TypeTag } | undefined;

function changeJson(key: StateKey, op: WriteOp, abis: AbiRegistry, h: Hashes, tableInfo?: TableInfoLookup): Obj[] {
  const state_key_hash = toHex(h.stateKey(key));
  const bytes = opBytes(op);
  if (key.$kind === 'TableItem') {
    const info = tableInfo?.(formatAddress(key.value.handle, 'long'));
    const EMPTY_TABLE_DATA = info ? tableItemDataJson(info.keyType, info.valueType, key.value.key, bytes ?? undefined, abis) : null;
    const base = { state_key_hash, handle: toHex(addressBytes(key.value.handle)), key: toHex(key.value.key) };
    return bytes === null ? [{ ...base, data: EMPTY_TABLE_DATA, type: 'delete_table_item' }] : [{ ...base, value: toHex(bytes), data: EMPTY_TABLE_DATA, type: 'write_table_item' }];
  }
  if (key.$kind === 'Raw') throw new BcsError('not_supported', "can't convert a raw state key to a write-set change");
  const addr = formatAddress(key.value.address, 'short');
  const path = decodePath(key.value.path);
  if (bytes === null) {
    if (path.$kind === 'Code') return [{ address: addr, state_key_hash, module: formatModuleId(path.value), type: 'delete_module' }];
    return [{ address: addr, state_key_hash, resource: formatStructTag(path.value), type: 'delete_resource' }];
  }
  if (path.$kind === 'Code') return [{ address: addr, state_key_hash, data: moduleBytecodeJson(bytes), type: 'write_module' }];
  if (path.$kind === 'Resource') return [{ address: addr, state_key_hash, data: moveResourceJson(path.value, bytes, abis), type: 'write_resource' }];
  const members = [...resourceGroup.decode(bytes)].sort((x, y) => compareTags(x[0], y[0]));
  return members.map(([tag, b]) => ({ address: addr, state_key_hash, data: moveResourceJson(tag, b, abis), type: 'write_resource' }));
}

function addressBytes(a: Address): Uint8Array {
  return hexValue(a);
}

/**
 * All changes of a write set. `lenient` drops the changes the node cannot convert, as
 * `into_transaction_info` does (a genesis payload's changes fail instead).
 */
export function changesJson(ws: WriteSet, abis: AbiRegistry, h: Hashes, lenient: boolean, tableInfo?: TableInfoLookup): Obj[] {
  const entries = [...ws.value].sort((a, b) => compareKeys(a.key, b.key));
  const out: Obj[] = [];
  for (const { key: k, value: op } of entries) {
    try {
      out.push(...changeJson(k, op, abis, h, tableInfo));
    } catch (e) {
      if (!lenient || !isBcsError(e)) throw e;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading back. A write is read as `Modification` (or `Creation`, by `write`) and a delete as
// `Deletion`: the JSON does not say which WriteOp variant, nor its state-value metadata.

interface ChangesReadOptions {
  write: 'Modification' | 'Creation';
  /** Check each `state_key_hash` (and find resource groups by it). */
  verify: boolean;
  /** Where checked hashes and (lenient) values without a layout are noted; `path` is the list's JSON path. */
  notes?: Notes;
  path?: string;
}

/**
 * A resource's tag and bytes (and its type's cached reading, whose access path bytes a lone resource's
 * key takes); read leniently, a value without a layout keeps its JSON (at `base[i].data.data`) and empty bytes.
 */
function readResource(v: unknown, abis: AbiRegistry, notes: Notes | undefined, base: string, i: number): { tag: StructTag; bytes: Uint8Array; type?: ResourceType } {
  try {
    const r = readMoveResourceJson(v, abis);
    return { tag: r.type.tag, bytes: r.bytes, type: r.type };
  } catch (e) {
    if (!notes?.lenient || !isMissingLayout(e) || typeof v !== 'object' || v === null) throw e;
    const tag = at('type', () => parseStructTag(str(v as Obj, 'type')));
    notes.opaque(`${base}[${i}].data.data`, (v as Obj).data);
    return { tag, bytes: EMPTY_BYTES };
  }
}

/** The key of a lone resource: its access path's bytes encoded once per type string (copied: results own their bytes). */
function resourceKey(addr: Address, r: { tag: StructTag; type?: ResourceType }): StateKey {
  const t = r.type;
  if (t === undefined) return accessPathKey(addr, { $kind: 'Resource', value: r.tag });
  t.path ??= encodePath({ $kind: 'Resource', value: t.tag });
  return { $kind: 'AccessPath', value: { address: addr, path: t.path.slice() } };
}

/** Resource groups a member's module belongs to, tried in order (its metadata says which; the JSON does not). */
function groupCandidates(member: StructTag): StructTag[] {
  const tag = (address: string, module: string, name: string): StructTag => ({ address: formatAddress(address, 'long'), module, name, typeArgs: [] }) as unknown as StructTag;
  const object = tag('0x1', 'object', 'ObjectGroup');
  if (formatAddress(member.address, 'short') === '0x4') return [tag('0x4', 'token', 'TokenGroup'), tag('0x4', 'collection', 'CollectionGroup'), object];
  return [object, tag('0x4', 'token', 'TokenGroup'), tag('0x4', 'collection', 'CollectionGroup')];
}

/** Resources that live in the framework's resource groups (object and token groups). */
function likelyGroupMember(t: StructTag): boolean {
  const a = formatAddress(t.address, 'short');
  return a === '0x4' || (a === '0x1' && ['object', 'fungible_asset', 'primary_fungible_store', 'dispatchable_fungible_asset'].includes(t.module));
}

function accessPathKey(addr: Address, p: Path): StateKey {
  return { $kind: 'AccessPath', value: { address: addr, path: encodePath(p) } };
}

export function parseChangesJson(list: unknown[], abis: AbiRegistry, h: Hashes, o: ChangesReadOptions): WriteSet {
  const m: { key: StateKey; value: WriteOp }[] = [];
  const set = (key: StateKey, value: WriteOp) => m.push({ key, value });
  const write = (b: Uint8Array): WriteOp => ({ $kind: o.write, value: b }) as WriteOp;
  const base = o.path ?? 'changes';
  const checked = (from: number, to: number) => {
    if (o.verify && o.notes) for (let k = from; k <= to; k++) o.notes.checked(`${base}[${k}].state_key_hash`);
  };
  let i = 0;
  while (i < list.length) {
    const start = i;
    const c = at(i, () => obj(list[i], 'a write-set change'));
    const t = at(i, () => kind(c));
    const checkHash = (key: StateKey) => {
      if (!o.verify) return;
      if (!hashIs(c, 'state_key_hash', h.stateKey(key))) throw new BcsError('invalid_json', `state_key_hash does not match the state key`).within('state_key_hash');
      checked(i, i);
    };
    at(i, () => {
      switch (t) {
        case 'write_resource': {
          const addr = address(c, 'address');
          const skh = str(c, 'state_key_hash');
          const first = fieldAt(c, 'data', (v) => readResource(v, abis, o.notes, base, i));
          // Members of one resource group follow each other with the same address and key hash
          // (without verification the hashes may be blanked: then only known group members join).
          const members = [first];
          while (i + 1 < list.length) {
            const n = list[i + 1] as Obj;
            if (typeof n !== 'object' || n === null || n.type !== 'write_resource' || n.state_key_hash !== skh || n.address !== c.address) break;
            const next = at(i + 1 - start, () => fieldAt(n, 'data', (v) => readResource(v, abis, o.notes, base, i + 1)));
            if (!o.verify && !(likelyGroupMember(first.tag) && likelyGroupMember(next.tag))) break;
            i++;
            members.push(next);
          }
          const single = resourceKey(addr, first);
          const isSingle = members.length === 1 && (!o.verify || hashIs(c, 'state_key_hash', h.stateKey(single)));
          if (isSingle) {
            checked(start, i);
            set(single, write(first.bytes));
            break;
          }
          const groupBytes = resourceGroup.encode(new Map(members.map((x) => [x.tag, x.bytes] as const)));
          const candidates = groupCandidates(first.tag).map((g) => accessPathKey(addr, { $kind: 'ResourceGroup', value: g }));
          const key = o.verify ? candidates.find((k) => hashIs(c, 'state_key_hash', h.stateKey(k))) : candidates[0];
          if (!key) throw new BcsError('invalid_json', 'state_key_hash matches neither the resource nor a known resource group').within('state_key_hash');
          checked(start, i);
          set(key, write(groupBytes));
          break;
        }
        case 'delete_resource': {
          const tag = fieldAt(c, 'resource', (v) => parseStructTag(str({ v }, 'v')));
          const addr = address(c, 'address');
          let key = accessPathKey(addr, { $kind: 'Resource', value: tag });
          if (o.verify && !hashIs(c, 'state_key_hash', h.stateKey(key))) key = accessPathKey(addr, { $kind: 'ResourceGroup', value: tag });
          checkHash(key);
          set(key, { $kind: 'Deletion' });
          break;
        }
        case 'write_module':
        case 'delete_module': {
          const addr = address(c, 'address');
          let id: ModuleId;
          let op: WriteOp;
          if (t === 'write_module') {
            const data = obj(field(c, 'data'), 'module bytecode');
            const code = at('data', () => fieldAt(data, 'bytecode', (v) => hexValue(v)));
            op = write(code);
            id = at('data', () => moduleIdOf(data, code, addr));
          } else {
            const s = str(c, 'module');
            const parts = s.split('::');
            if (parts.length !== 2) throw new BcsError('invalid_json', `expected module as address::name, got ${JSON.stringify(s)}`).within('module');
            id = { address: at('module', () => address({ a: parts[0] }, 'a')), name: parts[1]! } as ModuleId;
            op = { $kind: 'Deletion' };
          }
          const key = accessPathKey(addr, { $kind: 'Code', value: id });
          checkHash(key);
          set(key, op);
          break;
        }
        case 'write_table_item':
        case 'delete_table_item': {
          const key: StateKey = { $kind: 'TableItem', value: { handle: address(c, 'handle'), key: fieldAt(c, 'key', (v) => hexValue(v)) } };
          checkHash(key);
          set(key, t === 'write_table_item' ? write(fieldAt(c, 'value', (v) => hexValue(v))) : { $kind: 'Deletion' });
          break;
        }
        default:
          throw unknownKind(t, 'write-set change');
      }
    });
    i++;
  }
  return { $kind: 'V0', value: m } as WriteSet;
}

/** The module's id: its ABI's address and name in the JSON, else those its bytecode declares. */
function moduleIdOf(data: Obj, code: Uint8Array, addr: Address): ModuleId {
  const abi = (typeof data.abi === 'object' && data.abi !== null ? data.abi : moduleBytecodeJson(code).abi) as { address?: unknown; name?: unknown } | undefined;
  if (typeof abi?.name !== 'string') throw new BcsError('not_supported', 'the module bytecode does not parse, so its name is unknown');
  return { address: at('abi', () => address({ a: abi.address ?? addr }, 'a')), name: abi.name } as ModuleId;
}
