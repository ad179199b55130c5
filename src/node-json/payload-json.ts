import { BcsError, bool, bytes as bytesSchema, formatAddress, i8, i16, i32, i64, i128, i256, isBcsError, toHex, u8, u16, u32, u64, u128, u256, address as addressSchema, type Address } from '../bcs/index.js';
import { dereference, formatTypeTag, isSignerType, parseTypeTag, readScriptSignature, substituteGenerics, type MoveType, type TypeTag } from '../move/index.js';
import type { AbiRegistry } from '../submission/index.js';
import type { EntryFunction, Script, TransactionArgument, TransactionPayload } from '../transactions/index.js';
import { address, at, each, field, hexValue, kind, obj, str, unknownKind, type Obj, fieldAt } from './json-read.js';
import { moveValueJson, parseMoveValueJson } from './move-value-json.js';
import { scriptBytecodeJson } from './move-bytecode-json.js';
import { EMPTY_BYTES, isMissingLayout, type Notes } from './read-report.js';

// A user transaction's `payload` as api/types/src/convert.rs `try_into_transaction_payload` writes
// it: arguments rendered as Move values by the function's parameter types (the module's ABI, or the
// script's own signature), or each argument's bytes as hex where those types are not known, as the
// node does when its `view_function_arguments` fails. The orderless `Payload` variant is written as
// the V1 payload it carries (the JSON does not say which variant the bytes used; reading offers both).

function paramTypes(params: readonly MoveType[], typeArgs: readonly TypeTag[]): TypeTag[] {
  return params.filter((p) => !isSignerType(p)).map((p) => substituteGenerics(dereference(p), typeArgs as TypeTag[]));
}

function entryParams(ef: { module: { address: Address; name: string }; function: string; typeArgs: TypeTag[] }, abis: AbiRegistry): TypeTag[] | undefined {
  const fn = abis.module(ef.module.address, ef.module.name)?.functions.get(ef.function);
  if (!fn) return undefined;
  try {
    return paramTypes(fn.params, ef.typeArgs);
  } catch {
    return undefined;
  }
}

/** Each argument's Move value by `types`, or every argument as hex when any fails (the node's fallback). */
function argumentsJson(args: readonly Uint8Array[], types: TypeTag[] | undefined, abis: AbiRegistry): unknown[] {
  if (types && types.length === args.length) {
    try {
      return args.map((a, i) => moveValueJson(types[i]!, a, abis));
    } catch (e) {
      if (!isBcsError(e)) throw e;
    }
  }
  return args.map(toHex);
}

export function entryFunctionJson(ef: EntryFunction, abis: AbiRegistry): Obj {
  return {
    function: `${formatAddress(ef.module.address, 'short')}::${ef.module.name}::${ef.function}`,
    type_arguments: ef.typeArgs.map((t) => formatTypeTag(t)),
    arguments: argumentsJson(ef.args, entryParams(ef, abis), abis),
    type: 'entry_function_payload',
  };
}

/** A script argument's bytes as `convert_txn_args` gives them (a Serialized argument is its bytes). */
function scriptArgumentBytes(a: TransactionArgument): Uint8Array {
  switch (a.$kind) {
    case 'U8': return u8.encode(a.value);
    case 'U16': return u16.encode(a.value);
    case 'U32': return u32.encode(a.value);
    case 'U64': return u64.encode(a.value);
    case 'U128': return u128.encode(a.value);
    case 'U256': return u256.encode(a.value);
    case 'I8': return i8.encode(a.value);
    case 'I16': return i16.encode(a.value);
    case 'I32': return i32.encode(a.value);
    case 'I64': return i64.encode(a.value);
    case 'I128': return i128.encode(a.value);
    case 'I256': return i256.encode(a.value);
    case 'Bool': return bool.encode(a.value);
    case 'Address': return addressSchema.encode(a.value);
    case 'U8Vector': return bytesSchema.encode(a.value);
    case 'Serialized': return a.value;
  }
}

function scriptParams(s: Script): TypeTag[] | undefined {
  try {
    return paramTypes(readScriptSignature(s.code).params, s.typeArgs);
  } catch {
    return undefined;
  }
}

/** MoveScriptBytecode: poem writes its `abi` as null when the bytecode does not parse. */
function scriptCodeJson(code: Uint8Array): Obj {
  const c = scriptBytecodeJson(code);
  return { bytecode: c.bytecode, abi: c.abi ?? null };
}

export function scriptJson(s: Script, abis: AbiRegistry): Obj {
  return {
    code: scriptCodeJson(s.code),
    type_arguments: s.typeArgs.map((t) => formatTypeTag(t)),
    arguments: argumentsJson(s.args.map(scriptArgumentBytes), scriptParams(s), abis),
    type: 'script_payload',
  };
}

function multisigJson(addr: Address, inner: EntryFunction | null, abis: AbiRegistry): Obj {
  return { multisig_address: formatAddress(addr, 'short'), transaction_payload: inner ? entryFunctionJson(inner, abis) : null, type: 'multisig_payload' };
}

const unsupported = (why: string) => new BcsError('not_supported', why);

/** The node's `payload` JSON; fails where the node's conversion fails (ModuleBundle, a multisig script). */
export function payloadJson(p: TransactionPayload, abis: AbiRegistry): Obj {
  switch (p.$kind) {
    case 'EntryFunction':
      return entryFunctionJson(p.value, abis);
    case 'Script':
      return scriptJson(p.value, abis);
    case 'Multisig': {
      const inner = p.value.transactionPayload;
      if (inner?.$kind === 'Script') throw unsupported('a multisig script payload has no JSON form (the node cannot convert it)');
      return multisigJson(p.value.multisigAddress, inner ? inner.value : null, abis);
    }
    case 'Payload': {
      const { executable, extraConfig } = p.value.value;
      const multisig = extraConfig.value.multisigAddress;
      if (multisig !== null) {
        if (executable.$kind === 'Script') throw unsupported('Script executable is not supported for multisig transactions');
        return multisigJson(multisig, executable.$kind === 'EntryFunction' ? executable.value : null, abis);
      }
      if (executable.$kind === 'EntryFunction') return entryFunctionJson(executable.value, abis);
      if (executable.$kind === 'Script') return scriptJson(executable.value, abis);
      throw unsupported('Empty executable is not supported for non-multisig transactions');
    }
    default:
      throw unsupported('Module bundle payload has been removed');
  }
}

// ---------------------------------------------------------------------------------------------
// Reading back.

function typeArgs(o: Obj): TypeTag[] {
  return each(o, 'type_arguments', (v) => {
    if (typeof v !== 'string') throw new BcsError('invalid_json', `expected a type as a string, got ${JSON.stringify(v)}`);
    return parseTypeTag(v);
  });
}

/**
 * Arguments read by `types`, or as the node's hex fallback. Read leniently, arguments no ABI gives
 * the types of are kept as JSON at `path` (their bytes empty: the transaction hash is then unchecked).
 */
function argumentBytes(json: unknown[], types: TypeTag[] | undefined, abis: AbiRegistry, notes?: Notes, path = ''): Uint8Array[] {
  try {
    return strictArgumentBytes(json, types, abis);
  } catch (e) {
    if (!notes?.lenient || !isMissingLayout(e)) throw e;
    notes.opaque(path, json);
    return json.map(() => EMPTY_BYTES);
  }
}

function strictArgumentBytes(json: unknown[], types: TypeTag[] | undefined, abis: AbiRegistry): Uint8Array[] {
  if (types && types.length === json.length) {
    try {
      return json.map((v, i) => at(i, () => parseMoveValueJson(types[i]!, v, abis)));
    } catch (e) {
      if (!isBcsError(e)) throw e;
      if (!json.every((v) => typeof v === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(v))) throw e;
    }
  }
  if (!json.every((v) => typeof v === 'string' && v.startsWith('0x'))) {
    throw new BcsError('not_supported', 'arguments are not hex and no ABI gives their types');
  }
  return json.map((v, i) => at(i, () => hexValue(v)));
}

/**
 * The entry functions the JSON may have come from. Without the function's ABI, hex arguments are
 * either the node's fallback (each argument's BCS as hex) or values written as hex (a vector<u8>
 * as its bytes, whose BCS has a length first; an address is its 32 bytes either way): each reading
 * is a candidate and the transaction hash picks (`notes.guessed` hears of the guess).
 */
function parseEntryFunctionJson(o: Obj, abis: AbiRegistry, notes?: Notes, path = 'payload'): EntryFunction[] {
  const id = str(o, 'function');
  const parts = id.split('::');
  if (parts.length !== 3) throw new BcsError('invalid_json', `expected function as address::module::name, got ${JSON.stringify(id)}`).within('function');
  const module = { address: at('function', () => address({ a: parts[0] }, 'a')), name: parts[1]! };
  const ef = { module, function: parts[2]!, typeArgs: typeArgs(o), args: [] as Uint8Array[] };
  const params = entryParams(ef, abis);
  const json = at('arguments', () => {
    const a = field(o, 'arguments');
    if (!Array.isArray(a)) throw new BcsError('invalid_json', 'expected arguments as an array');
    return a;
  });
  const raw = at('arguments', () => argumentBytes(json, params, abis, notes, `${path}.arguments`));
  if (params !== undefined || raw.every((b) => b.length === 0)) return [{ ...ef, args: raw } as EntryFunction];
  notes?.guessed?.(`${path}.arguments`, json);
  const asBytes = (keepAddresses: boolean) => raw.map((b) => (keepAddresses && b.length === 32 ? b : bytesSchema.encode(b)));
  return [raw, asBytes(true), asBytes(false)].map((args) => ({ ...ef, args }) as EntryFunction);
}

const ARG_KINDS: Record<string, TransactionArgument['$kind']> = {
  u8: 'U8', u16: 'U16', u32: 'U32', u64: 'U64', u128: 'U128', u256: 'U256',
  i8: 'I8', i16: 'I16', i32: 'I32', i64: 'I64', i128: 'I128', i256: 'I256', bool: 'Bool', address: 'Address',
};

/** A script argument back from its bytes and parameter type (vector<u8> as U8Vector, structs as Serialized). */
function scriptArgument(bytes: Uint8Array, type: TypeTag | undefined): TransactionArgument {
  if (type === undefined) return { $kind: 'Serialized', value: bytes };
  if (type.$kind === 'vector' && type.value.$kind === 'u8') return { $kind: 'U8Vector', value: bytes.subarray(lenPrefix(bytes)) };
  const k = ARG_KINDS[type.$kind];
  if (!k) return { $kind: 'Serialized', value: bytes };
  const schemas = { U8: u8, U16: u16, U32: u32, U64: u64, U128: u128, U256: u256, I8: i8, I16: i16, I32: i32, I64: i64, I128: i128, I256: i256, Bool: bool, Address: addressSchema } as const;
  return { $kind: k, value: (schemas as Record<string, { decode(b: Uint8Array): unknown }>)[k]!.decode(bytes) } as TransactionArgument;
}

/** Length of the uleb128 prefix of `b`. */
function lenPrefix(b: Uint8Array): number {
  let i = 0;
  while (i < b.length && (b[i]! & 0x80) !== 0) i++;
  return i + 1;
}

/** Ambiguous script arguments (a primitive or vector<u8>: its own variant or Serialized) beyond which only the uniform choices are tried. */
const MAX_MIXED_SCRIPT_ARGUMENTS = 6;

/**
 * The argument lists a script's JSON may have come from, most likely first. The script composer
 * (aptos-move/script-composer) stores every argument as `TransactionArgument::Serialized(bcs(v))`,
 * older SDKs as the typed variant; the JSON shows the value either way, so both are offered, then
 * mixes of them for a few ambiguous arguments, and the transaction hash picks.
 */
function scriptArgumentCandidates(bytes: Uint8Array[], types: TypeTag[] | undefined): TransactionArgument[][] {
  const typed = bytes.map((b, i) => scriptArgument(b, types?.[i]));
  const ambiguous = typed.flatMap((a, i) => (a.$kind === 'Serialized' ? [] : [i]));
  if (ambiguous.length === 0) return [typed];
  const serialized = bytes.map((b): TransactionArgument => ({ $kind: 'Serialized', value: b }));
  const out = [typed, serialized];
  if (ambiguous.length > MAX_MIXED_SCRIPT_ARGUMENTS) return out;
  const all = (1 << ambiguous.length) - 1;
  for (let mask = 1; mask < all; mask++) {
    const mix = typed.slice();
    ambiguous.forEach((argIndex, bit) => {
      if (mask & (1 << bit)) mix[argIndex] = serialized[argIndex]!;
    });
    out.push(mix);
  }
  return out;
}

function parseScriptJson(o: Obj, abis: AbiRegistry, notes?: Notes): Script[] {
  const code = at('code', () => {
    const c = obj(field(o, 'code'), 'code');
    return fieldAt(c, 'bytecode', (v) => hexValue(v));
  });
  const base = { code, typeArgs: typeArgs(o) };
  const types = scriptParams({ ...base, args: [] } as unknown as Script);
  const bytes = at('arguments', () => {
    const a = field(o, 'arguments');
    if (!Array.isArray(a)) throw new BcsError('invalid_json', 'expected arguments as an array');
    return argumentBytes(a, types, abis, notes, 'payload.arguments');
  });
  return scriptArgumentCandidates(bytes, types).map((args) => ({ ...base, args }) as Script);
}

/** The payload variants the JSON may have come from, most likely first (the hash picks one). */
export function parsePayloadJson(json: unknown, nonce: bigint | null, abis: AbiRegistry, notes?: Notes): TransactionPayload[] {
  const o = obj(json, 'a payload');
  const t = kind(o);
  const v2 = (executable: unknown, multisigAddress: Address | null): TransactionPayload =>
    ({ $kind: 'Payload', value: { $kind: 'V1', value: { executable, extraConfig: { $kind: 'V1', value: { multisigAddress, replayProtectionNonce: nonce } } } } }) as TransactionPayload;
  switch (t) {
    case 'entry_function_payload': {
      return parseEntryFunctionJson(o, abis, notes).flatMap((ef) => {
        const e = { $kind: 'EntryFunction', value: ef };
        return nonce !== null ? [v2(e, null)] : [e as TransactionPayload, v2(e, null)];
      });
    }
    case 'script_payload':
      return parseScriptJson(o, abis, notes).flatMap((s) => {
        const e = { $kind: 'Script', value: s };
        return nonce !== null ? [v2(e, null)] : [e as TransactionPayload, v2(e, null)];
      });
    case 'multisig_payload': {
      const addr = address(o, 'multisig_address');
      const inner = field(o, 'transaction_payload');
      let ef: EntryFunction | null = null;
      if (inner !== null) {
        ef = at('transaction_payload', () => {
          const io = obj(inner, 'a multisig transaction payload');
          // Nodes before aptos-core PR #12445 (2024-03; api/types/src/transaction.rs
          // `MultisigTransactionPayload` became a tagged one-of) wrote the entry function untagged.
          const it = io.type === undefined && 'function' in io ? 'entry_function_payload' : kind(io);
          if (it !== 'entry_function_payload') throw unknownKind(it, 'multisig transaction payload');
          return parseEntryFunctionJson(io, abis, notes, 'payload.transaction_payload')[0]!;
        });
      }
      const executable = ef ? { $kind: 'EntryFunction', value: ef } : { $kind: 'Empty' };
      const legacy = { $kind: 'Multisig', value: { multisigAddress: addr, transactionPayload: ef ? { $kind: 'EntryFunction', value: ef } : null } } as TransactionPayload;
      return nonce !== null ? [v2(executable, addr)] : [legacy, v2(executable, addr)];
    }
    default:
      throw unknownKind(t, 'payload');
  }
}

