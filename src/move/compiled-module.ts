import { BcsError } from '../bcs/index.js';
import { binaryReader, fail, u8, uleb, type BinaryReader } from './binary-reader.js';
import { skipCodeUnit } from './code-unit.js';
import { checkTokenBounds, readHeader, readTableHeaders, readTables, resolver, type Pools } from './compiled-script.js';
import type { MoveType } from './move-type.js';
import { signatureToken, TABLE_INDEX_MAX, type SignatureToken } from './signature-token.js';

/**
 * Reads what the node's `MoveModuleBytecode::try_parse_abi` (api/types/src/move_types.rs) takes
 * from `CompiledModule::deserialize` (third_party/move/move-binary-format/src/deserializer.rs): the
 * module's id, friends, function definitions (visibility, entry flag, type parameters, parameter
 * and return types) and struct definitions (abilities, type parameters, fields or enum variants),
 * plus its metadata entries (where Aptos keeps `#[view]` and `#[event]` attributes).
 *
 * Every table is read as the node reads it, strictly and inside its bounds (hostile counts fail
 * before anything is allocated); handle and signature indices the ABI uses are bounds-checked. Any
 * failure is a `BcsError`; the node then writes the module without an ABI.
 */
export function readModuleSignature(bytecode: Uint8Array): ModuleSignature {
  if (!(bytecode instanceof Uint8Array)) throw new BcsError('invalid_type', 'module bytecode must be a Uint8Array');
  const header = binaryReader(bytecode, 0, bytecode.length, 0);
  const version = readHeader(header);
  const r = binaryReader(bytecode, header.pos, bytecode.length, version);
  const tables = readTableHeaders(r, true);
  const contentStart = r.pos;
  const last = tables[tables.length - 1];
  const contentLen = last === undefined ? 0 : last.offset + last.count;
  if (contentLen > bytecode.length - contentStart) fail(r, 'unexpected_end', 'table contents extend past the end of the binary');
  r.pos = contentStart + contentLen;
  // Since version 5 the module names its own handle after the tables; before, it is handle 0.
  const selfIndex = version >= 5 ? uleb(r, TABLE_INDEX_MAX, 'self module handle index') : 0;

  const own: ModuleTables = { structDefs: [], functionDefs: [], friends: [] };
  const pools = readTables(bytecode, contentStart, tables, version, (tr, kind) => readModuleEntry(tr, kind, own));
  return { version, ...resolve(pools, own, selfIndex) };
}

export interface ModuleSignature {
  /** The bytecode version. */
  version: number;
  /** `0x` + 64 hex digits. */
  address: string;
  name: string;
  friends: { address: string; name: string }[];
  /** Every function definition, in order. */
  functions: ModuleFunction[];
  structs: ModuleStruct[];
  /** The module's metadata entries (`aptos::metadata_v1` holds the view and event attributes). */
  metadata: { key: Uint8Array; value: Uint8Array }[];
}

export interface ModuleFunction {
  name: string;
  visibility: 'private' | 'public' | 'friend';
  isEntry: boolean;
  /** Ability bits of each type parameter. */
  typeParams: number[];
  params: MoveType[];
  returns: MoveType[];
}

export interface ModuleStruct {
  name: string;
  isNative: boolean;
  abilities: number;
  typeParams: { constraints: number; phantom: boolean }[];
  /** Declared fields; empty for a native struct; `null` for an enum. */
  fields: { name: string; type: MoveType }[] | null;
  variants: { name: string; fields: { name: string; type: MoveType }[] }[] | null;
}

interface RawField { name: number; type: SignatureToken }
interface ModuleTables {
  structDefs: { handle: number; native: boolean; fields: RawField[] | null; variants: { name: number; fields: RawField[] }[] | null }[];
  functionDefs: { handle: number; visibility: ModuleFunction['visibility']; isEntry: boolean }[];
  friends: { address: number; name: number }[];
}

/** `file_format_common.rs` limits the ABI tables use. */
const FIELD_COUNT_MAX = 255;
const VARIANT_COUNT_MAX = 127;
const ACQUIRES_COUNT_MAX = 255;
const FIELD_OFFSET_MAX = 255;
/** `FunctionDefinition` flag bits and `Visibility` bytes (version 1, with its public bit, is not read). */
const NATIVE = 0x2, ENTRY = 0x4;
const VISIBILITY = ['private', 'public', undefined, 'friend'] as const;
const DEPRECATED_SCRIPT = 0x2;

function fields(r: BinaryReader): RawField[] {
  const n = uleb(r, FIELD_COUNT_MAX, 'field count');
  const out: RawField[] = [];
  for (let i = 0; i < n; i++) out.push({ name: uleb(r, TABLE_INDEX_MAX, 'field name index'), type: signatureToken(r) });
  return out;
}

function readModuleEntry(r: BinaryReader, kind: number, m: ModuleTables): void {
  const idx = (what: string) => uleb(r, TABLE_INDEX_MAX, what);
  switch (kind) {
    case 0xa: { // STRUCT_DEFS
      const handle = idx('struct handle index');
      const at = r.pos;
      const flag = u8(r, 'struct field information');
      if (flag === 1) m.structDefs.push({ handle, native: true, fields: [], variants: null });
      else if (flag === 2) m.structDefs.push({ handle, native: false, fields: fields(r), variants: null });
      else if (flag === 3 && r.version >= 7) {
        const n = uleb(r, VARIANT_COUNT_MAX, 'variant count');
        const variants: { name: number; fields: RawField[] }[] = [];
        for (let i = 0; i < n; i++) variants.push({ name: idx('variant name index'), fields: fields(r) });
        m.structDefs.push({ handle, native: false, fields: null, variants });
      } else fail(r, 'invalid_variant', `invalid struct field information flag 0x${flag.toString(16)}`, at);
      return;
    }
    case 0xb: // STRUCT_DEF_INST
    case 0xe: // FIELD_INST
    case 0x12: // VARIANT_FIELD_INST
    case 0x14: // STRUCT_VARIANT_INST
      idx('handle index');
      idx('signature index');
      return;
    case 0xc: { // FUNCTION_DEFS
      const handle = idx('function handle index');
      const at = r.pos;
      const flags = u8(r, 'function definition flags');
      let visibility: ModuleFunction['visibility'] | undefined;
      let isEntry = false;
      let extra: number;
      if (r.version < 5) {
        if (flags === DEPRECATED_SCRIPT) [visibility, isEntry] = ['public', true];
        else visibility = VISIBILITY[flags];
        extra = u8(r, 'function definition flags');
      } else {
        visibility = VISIBILITY[flags];
        extra = u8(r, 'function definition flags');
        if (extra & ENTRY) [isEntry, extra] = [true, extra ^ ENTRY];
      }
      if (visibility === undefined) fail(r, 'invalid_variant', `invalid visibility byte 0x${flags.toString(16)}`, at);
      const acquires = uleb(r, ACQUIRES_COUNT_MAX, 'acquires count');
      for (let i = 0; i < acquires; i++) idx('struct definition index');
      if (extra & NATIVE) extra ^= NATIVE;
      else skipCodeUnit(r);
      if (extra !== 0) fail(r, 'invalid_variant', `unknown function definition flag bits 0x${extra.toString(16)}`, at);
      m.functionDefs.push({ handle, visibility, isEntry });
      return;
    }
    case 0xd: // FIELD_HANDLE
      idx('struct definition index');
      uleb(r, FIELD_OFFSET_MAX, 'field offset');
      return;
    case 0xf: // FRIEND_DECLS
      m.friends.push({ address: idx('address index'), name: idx('identifier index') });
      return;
    case 0x11: { // VARIANT_FIELD_HANDLE
      idx('struct definition index');
      const n = uleb(r, VARIANT_COUNT_MAX, 'variant count');
      for (let i = 0; i < n; i++) uleb(r, VARIANT_COUNT_MAX, 'variant index');
      uleb(r, FIELD_OFFSET_MAX, 'field offset');
      return;
    }
    case 0x13: // STRUCT_VARIANT_HANDLE
      idx('struct definition index');
      uleb(r, VARIANT_COUNT_MAX, 'variant index');
      return;
    default:
      fail(r, 'invalid_variant', `unknown table kind 0x${kind.toString(16)}`);
  }
}

function outOfRange(detail: string): BcsError {
  return new BcsError('out_of_range', `invalid module bytecode: ${detail}`);
}

function resolve(p: Pools, m: ModuleTables, selfIndex: number): Omit<ModuleSignature, 'version'> {
  const at = <T>(list: readonly T[], i: number, what: string): T => {
    if (i >= list.length) throw outOfRange(`${what} index ${i} out of range (table has ${list.length})`);
    return list[i];
  };
  const ident = (i: number) => at(p.identifiers, i, 'identifier');
  const moduleId = (h: { address: number; name: number }) => ({ address: at(p.addresses, h.address, 'address'), name: ident(h.name) });
  const self = moduleId(at(p.moduleHandles, selfIndex, 'self module handle'));

  // Handles and signatures were bounds-checked as the tables loaded (readTables); the resolver also
  // checks each type parameter index against the function's or struct's own parameters.
  const functions = m.functionDefs.map((d): ModuleFunction => {
    const [, name, params, returns] = at(p.functionHandles, d.handle, 'function handle');
    const typeParams = p.functionTypeParams[d.handle];
    const { param } = resolver(p, typeParams.length);
    return { name: ident(name), visibility: d.visibility, isEntry: d.isEntry, typeParams, params: p.signatures[params].map(param), returns: p.signatures[returns].map(param) };
  });
  // Field types live in the struct definitions, outside the signature pool the loader checked.
  checkTokenBounds(p, m.structDefs.flatMap((d) => [...(d.fields ?? []), ...(d.variants ?? []).flatMap((v) => v.fields)].map((f) => f.type)));
  const structs = m.structDefs.map((d): ModuleStruct => {
    const h = at(p.structHandles, d.handle, 'struct handle');
    const { param } = resolver(p, h.arity);
    const fieldList = (fs: RawField[]) => fs.map((f) => ({ name: ident(f.name), type: param(f.type) }));
    return {
      name: ident(h.name),
      isNative: d.native,
      abilities: h.abilities,
      typeParams: h.typeParams,
      fields: d.fields ? fieldList(d.fields) : null,
      variants: d.variants ? d.variants.map((v) => ({ name: ident(v.name), fields: fieldList(v.fields) })) : null,
    };
  });
  return { ...self, friends: m.friends.map(moduleId), functions, structs, metadata: p.metadata };
}
