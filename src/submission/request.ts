import { addressBytes, fromHex, normalizeAddress, type Address } from '../bcs/index.js';
import { SPECIAL_LONG_ADDRESSES, hexDigitsInto, nibbleAt } from '../bcs/internal.js';
import { addressProblem, apiAddressText, hexProblem } from './node-text.js';
import { isJsonFloat, isJsonObject } from './json-text.js';
import { webFrameworkError } from './errors.js';
import { parseRustU64 } from './rust-int.js';
import { rustDebugString, unexpected } from './serde-text.js';

// The request body as the node deserializes it (api/types/src/transaction.rs
// `EncodeSubmissionRequest`, flattened `UserTransactionRequestInner`, the `TransactionPayload` union
// tagged by `type`): field by field in declaration order, each failure reported with poem's
// `(occurred while parsing "…")` chain. Unknown fields are ignored; the chain id is never read.

export interface EntryFunctionRequest {
  kind: 'entry_function_payload';
  /** The function id as the request wrote it: with the type arguments, the compiled-call cache key. */
  functionText: string;
  function: { address: Address; module: string; name: string };
  typeArguments: string[];
  arguments: unknown[];
}
export interface ScriptRequest {
  kind: 'script_payload';
  bytecode: Uint8Array;
  typeArguments: string[];
  arguments: unknown[];
}
export interface MultisigRequest {
  kind: 'multisig_payload';
  multisigAddress: Uint8Array;
  inner: EntryFunctionRequest | null;
}
export type PayloadRequest = EntryFunctionRequest | ScriptRequest | MultisigRequest | { kind: 'module_bundle_payload' };

export interface SubmissionRequest {
  sender: Uint8Array;
  sequenceNumber: bigint | number;
  maxGasAmount: bigint | number;
  gasUnitPrice: bigint | number;
  expirationTimestampSecs: bigint | number;
  payload: PayloadRequest;
  replayProtectionNonce: bigint | number | null;
  secondarySigners: Uint8Array[] | null;
}

/** A deserialization failure under construction: the innermost message, then each enclosing type. */
class ParseFailure {
  constructor(public message: string) {}
  within(typeName: string): this {
    this.message += ` (occurred while parsing "${typeName}")`;
    return this;
  }
}

function within<T>(typeName: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    failedWithin(e, typeName);
  }
}

/** Re-throws `e` with `typeName`'s context when it is a ParseFailure; anything else passes untouched. */
function failedWithin(e: unknown, typeName: string): never {
  if (e instanceof ParseFailure) throw e.within(typeName);
  throw e;
}

/** serde_json's compact text of a value, as poem prints it in `found …`, cut at 256 characters. */
function jsonText(v: unknown): string {
  const out = { s: '' };
  writeJson(out, v, 257);
  return out.s.length > 256 ? `${out.s.slice(0, 256)}…` : out.s;
}

// JSON.stringify's text of a parsed body, written only as far as `max` characters: the whole text
// of an 8 MiB body of two million values took seconds to make, for 256 characters of it.
function writeJson(out: { s: string }, v: unknown, max: number): void {
  if (out.s.length >= max) return;
  if (typeof v === 'string') out.s += JSON.stringify(v.length > max ? v.slice(0, max) : v);
  else if (typeof v === 'bigint') out.s += JSON.stringify(Number(v));
  else if (typeof v === 'number') out.s += JSON.stringify(v);
  else if (typeof v === 'boolean') out.s += String(v);
  else if (isJsonFloat(v)) out.s += JSON.stringify(v.float);
  else if (Array.isArray(v)) {
    out.s += '[';
    for (let i = 0; i < v.length && out.s.length < max; i++) {
      if (i > 0) out.s += ',';
      writeJson(out, v[i], max);
    }
    out.s += ']';
  } else if (typeof v === 'object' && v !== null) {
    out.s += '{';
    let first = true;
    for (const k of Object.keys(v)) {
      if (out.s.length >= max) break;
      out.s += `${first ? '' : ','}${JSON.stringify(k.length > max ? k.slice(0, max) : k)}:`;
      first = false;
      writeJson(out, (v as Record<string, unknown>)[k], max);
    }
    out.s += '}';
  } else out.s += 'null';
}

function expectedType(typeName: string, v: unknown): never {
  throw new ParseFailure(`Expected input type "${typeName}", found ${v === undefined ? 'null' : jsonText(v)}.`);
}

// Fields are read as `o['name']`: plain reads (no field name of the request is a member of
// Object.prototype, so nothing inherited can be seen), each with its own inline cache. Through one
// shared helper every read was a megamorphic keyed load (~1,000 instructions a request: issue 32).

// The node's string newtypes deserialize through serde: a JSON string, then `FromStr`.
function stringOf(typeName: string, v: unknown): string {
  if (typeof v !== 'string') throw new ParseFailure(`failed to parse "string(${typeName})": invalid type: ${unexpected(v)}, expected a string`);
  return v;
}

// Parsed to bytes once: the encoder copies them in without parsing the text again.
function addressOf(v: unknown): Uint8Array {
  const s = stringOf('Address', v);
  // The 64-digit forms clients send, straight into their bytes; anything else (short, or not
  // valid: its error) takes the general parse.
  const start = s.length - 64;
  if (start === 0 || (start === 2 && s.charCodeAt(0) === 48 && s.charCodeAt(1) === 120)) {
    const out = new Uint8Array(32);
    if (hexDigitsInto(s, start, s.length, out, 0, 32)) return out;
  }
  try {
    return addressBytes(apiAddressText(s));
  } catch {
    throw new ParseFailure(`failed to parse "string(Address)": Invalid account address: ${addressProblem(s)}`);
  }
}

function u64Of(v: unknown): bigint | number {
  const s = stringOf('U64', v);
  const r = parseRustU64(s);
  if (typeof r === 'object') throw new ParseFailure(`failed to parse "string(U64)": Parsing u64 string ${rustDebugString(s)} failed, caused by error: ${r.error}`);
  return r;
}

function arrayOf<T>(itemName: string, v: unknown, item: (x: unknown) => T): T[] {
  // The list's type name is made only for an error: no string per request (issue 32).
  if (!Array.isArray(v)) expectedType(`[${itemName}]`, v);
  if (v.length === 0) return [];
  try {
    return v.map(item);
  } catch (e) {
    failedWithin(e, `[${itemName}]`);
  }
}

const addressList = (v: unknown): Uint8Array[] => arrayOf('string(Address)', v, addressOf);

function optional<T>(typeName: string, v: unknown, parse: (x: unknown) => T): T | null {
  if (v === undefined || v === null) return null;
  return within(`optional<${typeName}>`, () => parse(v));
}

function entryFunctionId(v: unknown): EntryFunctionRequest['function'] {
  const s = stringOf('EntryFunctionId', v);
  // EntryFunctionId::from_str: rsplit_once("::") for the name, then MoveModuleId's split_once("::").
  const cut = lastColons(s);
  const modCut = cut > 0 ? firstColons(s) : -1;
  const fail = (): never => {
    throw new ParseFailure(`failed to parse "string(EntryFunctionId)": invalid entry function id ${rustDebugString(s)}`);
  };
  if (cut < 0 || modCut < 0 || modCut === cut) fail();
  const name = s.slice(cut + 2);
  const module = s.slice(modCut + 2, cut);
  let address: Address;
  try {
    // `0x1`…`0xf`, nearly every function called, straight from the core's table of long forms.
    const special = modCut === 3 && s.charCodeAt(0) === 48 && s.charCodeAt(1) === 120 ? nibbleAt(s, 2) : -1;
    address = special >= 0 ? SPECIAL_LONG_ADDRESSES[special]! : normalizeAddress(apiAddressText(s.slice(0, modCut)));
  } catch {
    return fail();
  }
  // Identifiers that do not parse are verify()'s concern, as on the node; `::` inside is caught there.
  if (name.length === 0) fail();
  return { address, module, name };
}

// Where `::` occurs last and first: scans of a short text, where lastIndexOf is a call into the
// runtime (~500 instructions a request, issue 32).
function lastColons(s: string): number {
  for (let i = s.length - 2; i >= 0; i--) if (s.charCodeAt(i + 1) === 58 && s.charCodeAt(i) === 58) return i;
  return -1;
}

function firstColons(s: string): number {
  for (let i = 0; i + 1 < s.length; i++) if (s.charCodeAt(i) === 58 && s.charCodeAt(i + 1) === 58) return i;
  return -1;
}

function moveTypeString(v: unknown): string {
  if (typeof v !== 'string') {
    throw new ParseFailure(`failed to parse "string(MoveType)": deserialize Move type failed, invalid type: ${unexpected(v)}, expected a string`);
  }
  return v;
}

function entryFunctionPayload(o: Record<string, unknown>): EntryFunctionRequest {
  const text = o['function'];
  return {
    kind: 'entry_function_payload',
    function: entryFunctionId(text),
    functionText: text as string,
    typeArguments: arrayOf('string(MoveType)', o['type_arguments'], moveTypeString),
    arguments: anyArray(o['arguments']),
  };
}

// `Vec<serde_json::Value>`: any array, taken as it is.
function anyArray(v: unknown): unknown[] {
  if (!Array.isArray(v)) expectedType('[any]', v);
  return v;
}

function hexBytes(typeName: string, v: unknown): Uint8Array {
  const s = stringOf(typeName, v);
  try {
    return fromHex(s);
  } catch {
    throw new ParseFailure(`failed to parse "string(${typeName})": decode hex-encoded string(${rustDebugString(s)}) failed, caused by error: ${hexProblem(s)}`);
  }
}

function scriptPayload(o: Record<string, unknown>): ScriptRequest {
  const code = o['code'];
  if (!isJsonObject(code)) expectedType('MoveScriptBytecode', code);
  const bytecode = within('MoveScriptBytecode', () => hexBytes('HexEncodedBytes', code['bytecode']));
  return {
    kind: 'script_payload',
    bytecode,
    typeArguments: arrayOf('string(MoveType)', o['type_arguments'], moveTypeString),
    arguments: anyArray(o['arguments']),
  };
}

function multisigPayload(o: Record<string, unknown>): MultisigRequest {
  return {
    kind: 'multisig_payload',
    multisigAddress: addressOf(o['multisig_address']),
    inner: optional('MultisigTransactionPayload', o['transaction_payload'], (p) => {
      if (!isJsonObject(p) || p['type'] !== 'entry_function_payload') expectedType('MultisigTransactionPayload', p);
      return within('MultisigTransactionPayload', () => within('EntryFunctionPayload', () => entryFunctionPayload(p)));
    }),
  };
}

// A poem union tagged by `type`: a value with no known tag is reported whole, outside any variant.
function payloadOf(v: unknown): PayloadRequest {
  const tag = isJsonObject(v) ? v['type'] : undefined;
  switch (tag) {
    case 'entry_function_payload':
      return variant('EntryFunctionPayload', entryFunctionPayload, v);
    case 'script_payload':
      return variant('ScriptPayload', scriptPayload, v);
    case 'multisig_payload':
      return variant('MultisigPayload', multisigPayload, v);
    case 'module_bundle_payload':
      return variant('ModuleBundlePayload', (o) => {
        arrayOf('MoveModuleBytecode', o['modules'], (m) => m);
        return { kind: 'module_bundle_payload' };
      }, v);
    default:
      return expectedType('TransactionPayload', v);
  }
}

/** A variant of the payload union read by `parse`; a failure gets the variant's and the union's context (no closures per request, issue 32). */
function variant(name: string, parse: (o: Record<string, unknown>) => PayloadRequest, v: unknown): PayloadRequest {
  try {
    return parse(v as Record<string, unknown>);
  } catch (e) {
    if (e instanceof ParseFailure) e.within(name);
    failedWithin(e, 'TransactionPayload');
  }
}

/** Deserializes the body as the node does; failures are 400 `web_framework_error`. */
export function parseSubmissionRequest(body: unknown): SubmissionRequest {
  try {
    if (!isJsonObject(body)) expectedType('EncodeSubmissionRequest', body);
    // The flattened UserTransactionRequestInner first, in declaration order, then secondary_signers.
    let inner = true;
    try {
      return {
        sender: addressOf(body['sender']),
        sequenceNumber: u64Of(body['sequence_number']),
        maxGasAmount: u64Of(body['max_gas_amount']),
        gasUnitPrice: u64Of(body['gas_unit_price']),
        expirationTimestampSecs: u64Of(body['expiration_timestamp_secs']),
        payload: payloadOf(body['payload']),
        replayProtectionNonce: optional('string(U64)', body['replay_protection_nonce'], u64Of),
        secondarySigners: ((inner = false), optional('[string(Address)]', body['secondary_signers'], addressList)),
      };
    } catch (e) {
      if (inner && e instanceof ParseFailure) e.within('UserTransactionRequestInner');
      throw e;
    }
  } catch (e) {
    if (e instanceof ParseFailure) throw webFrameworkError(e.within('EncodeSubmissionRequest').message);
    throw e;
  }
}
