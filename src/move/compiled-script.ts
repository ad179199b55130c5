import { BcsError } from '../bcs/index.js';
import { rethrowWithin, toHexRaw, utf8Read } from '../bcs/internal.js';
import { binaryReader, fail, skip, u32, u8, uleb, type BinaryReader } from './binary-reader.js';
import { skipAccessSpecifiers, skipCodeUnit } from './code-unit.js';
import { isValidIdentifier } from './identifier.js';
import type { MoveFunctionParam, MoveType, MoveValueType } from './move-type.js';
import {
  abilitySet, signature, signatureToken, TABLE_INDEX_MAX, TYPE_PARAMETER_COUNT_MAX, type SignatureToken,
} from './signature-token.js';

/**
 * Reads the signature of a compiled Move script's `main` — what the node's
 * `MoveScriptBytecode::try_parse_abi` (api/types/src/move_types.rs) takes from
 * `CompiledScript::deserialize` (third_party/move/move-binary-format/src/deserializer.rs):
 * `typeParams` are the ability sets of its type parameters, `params` its parameter types with
 * struct handles resolved to `address::module::Name`.
 *
 * The whole binary is read as the node's deserializer reads it (header, every table, the script
 * trailer and its code unit); handle, instantiation and signature indices are bounds-checked, code
 * operands only for their encoding. Bytecode versions `MIN_SCRIPT_VERSION`…`MAX_SCRIPT_VERSION` are read (the node's
 * `VERSION_MAX` is 10; version 1, with its pre-ability kind encoding, is refused). Any failure is
 * a `BcsError`; the node answers all of them with `invalid transaction script bytecode`.
 */
export function readScriptSignature(bytecode: Uint8Array): ScriptSignature {
  if (!(bytecode instanceof Uint8Array)) throw new BcsError('invalid_type', 'script bytecode must be a Uint8Array');
  const header = binaryReader(bytecode, 0, bytecode.length, 0);
  const version = readHeader(header);
  const r = binaryReader(bytecode, header.pos, bytecode.length, version);
  const tables = readTableHeaders(r);
  const contentStart = r.pos;
  const contentLen = tables.length === 0 ? 0 : tables[tables.length - 1].offset + tables[tables.length - 1].count;
  if (contentLen > bytecode.length - contentStart) fail(r, 'unexpected_end', 'table contents extend past the end of the binary');
  r.pos = contentStart + contentLen;

  // The `main` trailer (serializer.rs `ScriptSerializer::serialize_main`).
  const nTypeParams = uleb(r, TYPE_PARAMETER_COUNT_MAX, 'type parameter count');
  const typeParams: number[] = [];
  for (let i = 0; i < nTypeParams; i++) typeParams.push(abilitySet(r, 'type parameter abilities'));
  const paramsAt = r.pos;
  const paramsIndex = uleb(r, TABLE_INDEX_MAX, 'parameters signature index');
  if (version >= 8) skipAccessSpecifiers(r);
  const localsAt = r.pos;
  const locals = skipCodeUnit(r);
  // Like the node's `deserialize_compiled_script`, nothing after the code unit is read.

  const pools = readTables(bytecode, contentStart, tables, version);
  if (paramsIndex >= pools.signatures.length) {
    fail(r, 'out_of_range', `parameters signature index ${paramsIndex} out of range (${pools.signatures.length} signatures)`, paramsAt);
  }
  if (locals >= pools.signatures.length) {
    fail(r, 'out_of_range', `locals signature index ${locals} out of range (${pools.signatures.length} signatures)`, localsAt);
  }
  const resolve = resolver(pools, typeParams.length);
  const params = pools.signatures[paramsIndex].map((t, i) => {
    try {
      return resolve.param(t);
    } catch (e) {
      rethrowWithin(e, i);
    }
  });
  return { typeParams, params };
}

export interface ScriptSignature {
  /** Ability bitsets of `main`'s type parameters (copy 0x1, drop 0x2, store 0x4, key 0x8). */
  typeParams: number[];
  params: MoveType[];
}

export const MIN_SCRIPT_VERSION = 2;
export const MAX_SCRIPT_VERSION = 10;
const MAGIC = [0xa1, 0x1c, 0xeb, 0x0b];
/** `APTOS_BYTECODE_VERSION_MASK`: Aptos marks versions ≥ 7 with 0x0A in the top byte. */
const APTOS_VERSION_MASK = 0x0a000000;

export function readHeader(r: BinaryReader): number {
  for (let i = 0; i < 4; i++) {
    if (r.pos >= r.end || r.bytes[r.pos] !== MAGIC[i]) fail(r, 'invalid_type', 'bad magic (expected a11ceb0b)', 0);
    r.pos++;
  }
  const raw = u32(r, 'binary header');
  // `v & !mask` on a u32: clear exactly the mask's bits.
  const version = raw - (raw & APTOS_VERSION_MASK);
  if (version < MIN_SCRIPT_VERSION || version > MAX_SCRIPT_VERSION) {
    fail(r, 'not_supported', `bytecode version ${version} unsupported (supported: ${MIN_SCRIPT_VERSION}–${MAX_SCRIPT_VERSION})`, 4);
  }
  return version;
}

export interface Table { kind: number; offset: number; count: number }

export const KIND = { moduleHandles: 0x1, structHandles: 0x2, functionHandles: 0x3, functionInst: 0x4, signatures: 0x5, constants: 0x6, identifiers: 0x7, addresses: 0x8, metadata: 0x10 } as const;
/** `TableType` kinds that only modules may have (0xA–0xF, 0x11–0x14): "Bad table in Script". */
export const isModuleOnlyKind = (k: number) => (k >= 0xa && k <= 0xf) || (k >= 0x11 && k <= 0x14);

/** `read_tables` + `check_tables`: known kinds, no duplicates, contiguous from 0, none empty. */
export function readTableHeaders(r: BinaryReader, module = false): Table[] {
  const n = uleb(r, 255, 'table count');
  const tables: Table[] = [];
  for (let i = 0; i < n; i++) {
    const at = r.pos;
    const kind = u8(r, 'table header');
    const offset = uleb(r, 0xffffffff, 'table offset');
    const count = uleb(r, 0xffffffff, 'table size');
    if (!(kind >= 1 && kind <= 0x14 && kind !== 9)) fail(r, 'invalid_variant', `unknown table kind 0x${kind.toString(16)}`, at);
    tables.push({ kind, offset, count });
  }
  tables.sort((a, b) => a.offset - b.offset);
  let next = 0;
  const seen = new Set<number>();
  for (const t of tables) {
    if (t.offset !== next || t.count === 0) fail(r, 'invalid_length', `table 0x${t.kind.toString(16)} at ${t.offset} (size ${t.count}) leaves a gap, overlaps or is empty`);
    if (seen.has(t.kind)) fail(r, 'invalid_type', `duplicate table 0x${t.kind.toString(16)}`);
    seen.add(t.kind);
    next += t.count;
    if (next > r.bytes.length) fail(r, 'unexpected_end', 'table extends past the end of the binary');
    if (!module && isModuleOnlyKind(t.kind)) fail(r, 'invalid_type', `table 0x${t.kind.toString(16)} is not allowed in a script`);
    if (t.kind >= 0x11 && r.version < 7) fail(r, 'not_supported', `table 0x${t.kind.toString(16)} in bytecode version ${r.version}`);
    if (t.kind === KIND.metadata && r.version < 5) fail(r, 'not_supported', `metadata table in bytecode version ${r.version}`);
  }
  return tables;
}

export interface Pools {
  identifiers: string[];
  addresses: string[];
  moduleHandles: { address: number; name: number }[];
  /** `typeParams`: each parameter's constraints (ability bits) and phantom flag. */
  structHandles: { module: number; name: number; arity: number; abilities: number; typeParams: { constraints: number; phantom: boolean }[] }[];
  /** Ability bits of each function handle's type parameters. */
  functionTypeParams: number[][];
  metadata: { key: Uint8Array; value: Uint8Array }[];
  /** Indices only, for the bounds check: [module handle, identifier, signature, signature]. */
  functionHandles: number[][];
  /** [function handle, signature]. */
  functionInsts: number[][];
  signatures: SignatureToken[][];
}

/**
 * Loads every table as `build_common_tables` does: each entry read strictly inside its table. A
 * module's own tables go to `moduleEntry`.
 */
export function readTables(bytes: Uint8Array, base: number, tables: Table[], version: number, moduleEntry?: (r: BinaryReader, kind: number) => void): Pools {
  const pools: Pools = {
    identifiers: [], addresses: [], moduleHandles: [], structHandles: [], functionTypeParams: [], metadata: [], functionHandles: [], functionInsts: [], signatures: [],
  };
  for (const t of tables) {
    const r = binaryReader(bytes, base + t.offset, base + t.offset + t.count, version);
    const entry = isModuleOnlyKind(t.kind) ? moduleEntry! : (rr: BinaryReader, kind: number) => readEntry(rr, kind, pools);
    while (r.pos < r.end) entry(r, t.kind);
  }
  checkBounds(pools);
  return pools;
}

function readEntry(r: BinaryReader, kind: number, p: Pools): void {
  const idx = (what: string) => uleb(r, TABLE_INDEX_MAX, what);
  switch (kind) {
    case KIND.moduleHandles:
      p.moduleHandles.push({ address: idx('address index'), name: idx('identifier index') });
      return;
    case KIND.structHandles: {
      const module = idx('module handle index');
      const name = idx('identifier index');
      const abilities = abilitySet(r, 'struct abilities');
      const arity = uleb(r, TYPE_PARAMETER_COUNT_MAX, 'struct type parameter count');
      const typeParams: { constraints: number; phantom: boolean }[] = [];
      for (let i = 0; i < arity; i++) {
        const constraints = abilitySet(r, 'struct type parameter constraints');
        typeParams.push({ constraints, phantom: r.version >= 3 && uleb(r, 1, 'phantom flag') === 1 });
      }
      p.structHandles.push({ module, name, arity, abilities, typeParams });
      return;
    }
    case KIND.functionHandles: {
      p.functionHandles.push(['module handle index', 'identifier index', 'parameters index', 'return index'].map(idx));
      const n = uleb(r, TYPE_PARAMETER_COUNT_MAX, 'function type parameter count');
      const typeParams: number[] = [];
      for (let i = 0; i < n; i++) typeParams.push(abilitySet(r, 'function type parameter abilities'));
      p.functionTypeParams.push(typeParams);
      if (r.version >= 7) skipAccessSpecifiers(r);
      if (r.version >= 8) {
        const attrs = uleb(r, 16, 'function attribute count');
        for (let i = 0; i < attrs; i++) {
          const a = u8(r, 'function attribute');
          if (a !== 1 && a !== 2) fail(r, 'invalid_variant', `malformed function attribute 0x${a.toString(16)}`, r.pos - 1);
        }
      }
      return;
    }
    case KIND.functionInst:
      p.functionInsts.push([idx('function handle index'), idx('signature index')]);
      return;
    case KIND.signatures:
      p.signatures.push(signature(r));
      return;
    case KIND.constants:
      signatureToken(r);
      skip(r, uleb(r, 0xffff, 'constant size'), 'constant');
      return;
    case KIND.identifiers: {
      const at = r.pos;
      const n = uleb(r, 255, 'identifier size');
      skip(r, n, 'identifier');
      const s = utf8Read(r.bytes, r.pos - n, r.pos, at);
      if (!isIdentifierInBinary(s)) fail(r, 'invalid_identifier', `invalid identifier ${JSON.stringify(s.slice(0, 64))}`, at);
      p.identifiers.push(s);
      return;
    }
    case KIND.addresses:
      skip(r, 32, 'address identifier');
      p.addresses.push('0x' + toHexRaw(r.bytes, r.pos - 32, r.pos));
      return;
    case KIND.metadata: {
      const keyLength = uleb(r, 1023, 'metadata key size');
      skip(r, keyLength, 'metadata key');
      const key = r.bytes.subarray(r.pos - keyLength, r.pos);
      const valueLength = uleb(r, 0xffff, 'metadata value size');
      skip(r, valueLength, 'metadata value');
      p.metadata.push({ key, value: r.bytes.subarray(r.pos - valueLength, r.pos) });
      return;
    }
  }
}

/**
 * The node's `identifier::is_valid` (move-core/types/src/identifier.rs), which is wider than a
 * name a client writes: `$` anywhere a letter or `_` may be, and the script pseudo-identifiers
 * `<SELF>` and `<SELF>_<digits>`. Only names a parameter type uses must be plain identifiers.
 */
export function isIdentifierInBinary(s: string): boolean {
  return s === '<SELF>' || /^<SELF>_[0-9]+$/.test(s) || isValidIdentifier(s.replaceAll('$', '_'));
}

/** The part of `BoundsChecker::verify_script` that handles and signatures rely on. */
function checkBounds(p: Pools): void {
  const check = (i: number, n: number, what: string) => {
    if (i >= n) throw outOfRange(`${what} index ${i} out of range (table has ${n})`);
  };
  for (const m of p.moduleHandles) {
    check(m.address, p.addresses.length, 'address identifier');
    check(m.name, p.identifiers.length, 'identifier');
  }
  for (const s of p.structHandles) {
    check(s.module, p.moduleHandles.length, 'module handle');
    check(s.name, p.identifiers.length, 'identifier');
  }
  for (const [module, name, params, ret] of p.functionHandles) {
    check(module, p.moduleHandles.length, 'module handle');
    check(name, p.identifiers.length, 'identifier');
    check(params, p.signatures.length, 'signature');
    check(ret, p.signatures.length, 'signature');
  }
  for (const [handle, sig] of p.functionInsts) {
    check(handle, p.functionHandles.length, 'function handle');
    check(sig, p.signatures.length, 'signature');
  }
  checkTokenBounds(p, p.signatures.flat());
}

/** Struct handle indices and arities inside signature tokens (a module's field types too). */
export function checkTokenBounds(p: Pools, tokens: SignatureToken[]): void {
  const check = (i: number, n: number, what: string) => {
    if (i >= n) throw outOfRange(`${what} index ${i} out of range (table has ${n})`);
  };
  const stack = tokens;
  for (let t = stack.pop(); t !== undefined; t = stack.pop()) {
    if (t.$kind === 'struct') {
      check(t.handle, p.structHandles.length, 'struct handle');
      const want = p.structHandles[t.handle].arity;
      if (t.typeArgs.length !== want) throw outOfRange(`struct handle ${t.handle} takes ${want} type arguments, got ${t.typeArgs.length}`);
      stack.push(...t.typeArgs);
    } else if (t.$kind === 'function') stack.push(...t.args, ...t.results);
    else if ('value' in t && typeof t.value === 'object') stack.push(t.value);
  }
}

function outOfRange(detail: string): BcsError {
  return new BcsError('out_of_range', `invalid script bytecode: ${detail}`);
}

/** Turns tokens into `MoveType`s (the node's `MoveType::from(&SignatureToken)` with names resolved). */
export function resolver(p: Pools, nTypeParams: number) {
  const name = (i: number, what: string): string => {
    const s = p.identifiers[i];
    if (!isValidIdentifier(s)) throw new BcsError('invalid_identifier', `invalid script bytecode: ${what} name ${JSON.stringify(String(s).slice(0, 64))} is not a Move identifier`);
    return s;
  };
  const value = (t: SignatureToken): MoveValueType => {
    switch (t.$kind) {
      case 'vector':
        return { $kind: 'vector', value: value(t.value) };
      case 'struct': {
        const h = p.structHandles[t.handle];
        const m = p.moduleHandles[h.module];
        return {
          $kind: 'struct',
          value: { address: p.addresses[m.address], module: name(m.name, 'module'), name: name(h.name, 'struct'), typeArgs: t.typeArgs.map(value) },
        };
      }
      case 'generic':
        if (t.value >= nTypeParams) throw outOfRange(`type parameter T${t.value} out of range (main has ${nTypeParams})`);
        return t;
      case 'function':
        return { $kind: 'function', value: { args: t.args.map(fnParam), results: t.results.map(fnParam), abilities: t.abilities } };
      case 'reference':
      case 'mutableReference':
        throw new BcsError('invalid_type', 'invalid script bytecode: a reference may only be a parameter type or a function type\'s argument or result');
      default:
        return t;
    }
  };
  const fnParam = (t: SignatureToken): MoveFunctionParam =>
    t.$kind === 'reference' || t.$kind === 'mutableReference' ? { $kind: t.$kind, value: value(t.value) } : { $kind: 'value', value: value(t) };
  const param = (t: SignatureToken): MoveType =>
    t.$kind === 'reference' || t.$kind === 'mutableReference' ? { $kind: t.$kind, value: value(t.value) } : value(t);
  return { param };
}
