import { BcsWriter, UsageError, encodeWith, toHex, type Address } from '../bcs/index.js';
import { encodeInto, quotedHex } from '../bcs/internal.js';
import type { TypeTag } from '../move/index.js';
import {
  multiAgentSigningMessage,
  rawTransaction,
  rawTransactionWithData,
  signingMessage as rawSigningMessage,
  type RawTransaction,
  type RawTransactionInput,
  type TransactionPayloadInput,
} from '../transactions/index.js';
import type { MoveModuleJson } from './abi-json.js';
import type { AbiModule } from './abi.js';
import { compileCall, type CompiledCall } from './entry-function.js';
import { INVALID_TRANSACTION, invalidInput, withContext } from './errors.js';
import type { StructContext } from './move-struct.js';
import { abiRegistry, isAbiRegistry, type AbiLookup, type AbiRegistry, type AbiResolver } from './registry.js';
import { parseSubmissionRequest, type EntryFunctionRequest, type SubmissionRequest } from './request.js';
import { prefetchModules } from './prefetch.js';
import type { EncodeSubmissionRequestJson } from './request-json.js';
import { convertScript } from './script.js';
import { verifyPayload } from './verify-request.js';

// POST /transactions/encode_submission without the HTTP: the request JSON and module ABIs in, the
// signing message out, or the node's error (api/src/transactions.rs `get_signing_message`, api/types
// /src/convert.rs `try_into_raw_transaction_poem`).

/** Where ABIs come from: a registry (reused: it caches compiled converters), modules, or a lookup. */
export type AbiSource = AbiRegistry | readonly MoveModuleJson[] | AbiLookup;

export interface EncodeSubmissionOptions {
  /** The chain id written into the transaction (the node's own; never read from the request). */
  chainId: number;
  /** ABIs; the embedded framework ABIs are used where these have no module. */
  abis?: AbiSource;
}

export interface EncodeSubmissionResult {
  /** The bytes to sign: the domain prefix, then bcs(RawTransaction) or bcs(RawTransactionWithData::MultiAgent). */
  signingMessage: Uint8Array;
  /** `0x` + lowercase hex of `signingMessage`: the endpoint's 200 body (computed when read). */
  readonly hex: string;
  /** The transaction, decoded from the message each time it is read. */
  readonly rawTransaction: RawTransaction;
  /** Present when the request named secondary signers (even none): the multi-agent message was built. */
  secondarySigners?: Address[];
}

const PREFIX_LENGTH = 32;

export function registryOf(abis: AbiSource | undefined): AbiRegistry {
  if (abis === undefined) return abiRegistry();
  if (isAbiRegistry(abis)) return abis;
  if (typeof abis === 'function') return abiRegistry([], { lookup: abis });
  if (Array.isArray(abis)) return abiRegistry(abis);
  throw new UsageError('invalid_option', 'abis must be an AbiRegistry, an array of MoveModule ABIs or a lookup function');
}

function checkChainId(chainId: unknown): number {
  if (typeof chainId !== 'number' || !Number.isInteger(chainId) || chainId < 0 || chainId > 255) {
    throw new UsageError('invalid_option', `chainId must be an integer from 0 to 255, got ${String(chainId)}`);
  }
  return chainId;
}

function callOf(registry: AbiRegistry, p: EntryFunctionRequest, typeArgs: TypeTag[], lookup: StructContext['module']): CompiledCall {
  // Keyed by the request's own text: no normalised string is built on the hot path.
  const key = p.typeArguments.length === 0 ? p.functionText : `${p.functionText}<${p.typeArguments.join(',')}>`;
  let call = registry.calls.get(key) as CompiledCall | undefined;
  if (!call) {
    call = compileCall(p.function, typeArgs, lookup);
    // A call compiled while a struct's module was missing from every source answers the node's
    // "can't be found" but is not kept: a resolver, or a module published later, may supply it.
    if (call.complete) registry.calls.set(key, call);
  }
  return call;
}

/** `try_into_aptos_core_transaction_payload`: legacy variants without a nonce, the orderless `Payload` with one. */
function payloadOf(req: SubmissionRequest, typeArgs: TypeTag[], registry: AbiRegistry, lookup: StructContext['module']): TransactionPayloadInput {
  const p = req.payload;
  const nonce = req.replayProtectionNonce;
  const orderless = (executable: Extract<TransactionPayloadInput, { $kind: 'Payload' }>['value']['value']['executable'], multisigAddress: Uint8Array | null): TransactionPayloadInput => ({
    $kind: 'Payload',
    value: { $kind: 'V1', value: { executable, extraConfig: { $kind: 'V1', value: { multisigAddress, replayProtectionNonce: nonce } } } },
  });
  switch (p.kind) {
    case 'entry_function_payload': {
      const ef = callOf(registry, p, typeArgs, lookup).entryFunction(p.arguments);
      return nonce === null ? { $kind: 'EntryFunction', value: ef } : orderless({ $kind: 'EntryFunction', value: ef }, null);
    }
    case 'script_payload': {
      const script = convertScript(p, typeArgs, { module: lookup, memo: new Map() });
      return nonce === null ? { $kind: 'Script', value: script } : orderless({ $kind: 'Script', value: script }, null);
    }
    case 'multisig_payload': {
      const ef = p.inner ? callOf(registry, p.inner, typeArgs, lookup).entryFunction(p.inner.arguments) : null;
      if (nonce === null) {
        return { $kind: 'Multisig', value: { multisigAddress: p.multisigAddress, transactionPayload: ef && { $kind: 'EntryFunction', value: ef } } };
      }
      return orderless(ef ? { $kind: 'EntryFunction', value: ef } : { $kind: 'Empty' }, p.multisigAddress);
    }
    default:
      return invalidInput('Module bundle payload has been removed');
  }
}

/** Everything encodeParsed needs, so the writer below is one function of (writer, value). */
interface Parsed {
  req: SubmissionRequest;
  typeArgs: TypeTag[];
  chainId: number;
  registry: AbiRegistry;
  lookup: StructContext['module'];
}

/** Writes the signing message of a parsed request at the writer's offset. */
function writeParsed(w: BcsWriter, { req, typeArgs, chainId, registry, lookup }: Parsed): void {
  const p = req.payload;
  const nonce = req.replayProtectionNonce;
  try {
    // Orderless transactions carry u64::MAX as their sequence number (convert.rs).
    const sequenceNumber = nonce === null ? req.sequenceNumber : 0xffffffffffffffffn;
    if (p.kind === 'entry_function_payload' && nonce === null && req.secondarySigners === null) {
      // The common case: a compiled call writes the whole message in one pass.
      callOf(registry, p, typeArgs, lookup).writeSigningMessage(w, {
        sender: req.sender,
        sequenceNumber,
        payload: p.arguments,
        maxGasAmount: req.maxGasAmount,
        gasUnitPrice: req.gasUnitPrice,
        expirationTimestampSecs: req.expirationTimestampSecs,
        chainId,
      });
    } else {
      const txn: RawTransactionInput = {
        sender: req.sender,
        sequenceNumber,
        payload: payloadOf(req, typeArgs, registry, lookup),
        maxGasAmount: req.maxGasAmount,
        gasUnitPrice: req.gasUnitPrice,
        expirationTimestampSecs: req.expirationTimestampSecs,
        chainId,
      };
      w.raw(req.secondarySigners === null ? rawSigningMessage(txn) : multiAgentSigningMessage(txn, req.secondarySigners));
    }
  } catch (e) {
    withContext(INVALID_TRANSACTION, e);
  }
}

function encodeParsed(parsed: Parsed): EncodeSubmissionResult {
  const out = Object.create(RESULT) as EncodeSubmissionResult;
  out.signingMessage = encodeWith(writeParsed, parsed);
  const signers = parsed.req.secondarySigners;
  if (signers !== null) out.secondarySigners = signers.map(toHex);
  return out;
}

// Shared by every result: the hex and the transaction are derived from the message only when read
// (a batch writer that copies the bytes out as hex itself never pays for the string).
const RESULT = {
  get hex(): string {
    return toHex((this as unknown as EncodeSubmissionResult).signingMessage);
  },
  get rawTransaction(): RawTransaction {
    const self = this as unknown as EncodeSubmissionResult;
    const body = self.signingMessage.subarray(PREFIX_LENGTH);
    return self.secondarySigners === undefined ? rawTransaction.decode(body) : rawTransactionWithData.decode(body).value.rawTxn;
  },
};

/**
 * The signing message the node's encode_submission answers for `request` (the parsed JSON body), or
 * the error it answers, as an `ApiError` (status, `error_code`, node message).
 */
export function encodeSubmission(request: EncodeSubmissionRequestJson, options: EncodeSubmissionOptions): EncodeSubmissionResult;
/** Untrusted input (JSON of any shape): checked as the node checks it. */
export function encodeSubmission(request: unknown, options: EncodeSubmissionOptions): EncodeSubmissionResult;
export function encodeSubmission(request: unknown, options: EncodeSubmissionOptions): EncodeSubmissionResult {
  const chainId = checkChainId(options?.chainId);
  const registry = registryOf(options.abis);
  const req = parseSubmissionRequest(request);
  return encodeParsed({ req, typeArgs: verifyPayload(req.payload), chainId, registry, lookup: registry.module });
}

/**
 * `encodeSubmission`'s signing message written at `w`'s offset instead of returned in a new array:
 * for a caller that copies every message out at once (the CLI's `--batch` writes it as hex), so a
 * batch allocates no result per request. Errors as `encodeSubmission`'s.
 */
export function writeSubmission(w: BcsWriter, request: unknown, options: EncodeSubmissionOptions): void {
  const chainId = checkChainId(options?.chainId);
  const registry = registryOf(options.abis);
  const req = parseSubmissionRequest(request);
  writeParsed(w, { req, typeArgs: verifyPayload(req.payload), chainId, registry, lookup: registry.module });
}

/**
 * How the endpoint's 200 body is made from the signing message's first `n` bytes: `"0x…"`, the JSON
 * string of their `0x` hex, as ASCII bytes (hex.ts `quotedHex`) or as a string (a platform's own hex).
 */
export type QuotedHex = (bytes: Uint8Array, n: number) => string | Uint8Array;

/**
 * The endpoint's 200 body for a request already read (`parseSubmissionRequest`, or the http route's
 * scan of the body's bytes), made by `quoted` from the encoder's own buffer: a server answering it
 * allocates no message of its own. Errors as `encodeSubmission`'s.
 */
export function requestMessageBody(req: SubmissionRequest, options: EncodeSubmissionOptions, quoted: QuotedHex = quotedHex): string | Uint8Array {
  const chainId = checkChainId(options?.chainId);
  const registry = registryOf(options.abis);
  return encodeInto(writeParsed, { req, typeArgs: verifiedTypeArgs(req, registry), chainId, registry, lookup: registry.module }, (w) => quoted(w.buf, w.off));
}

/**
 * `verifyPayload`'s type arguments, skipped for a call already compiled from the same function text
 * (`verifiedCall`): it was compiled only after that text passed verify(), which reads nothing else.
 * Two identifier checks and a list a request less (issue 32).
 */
function verifiedTypeArgs(req: SubmissionRequest, registry: AbiRegistry): TypeTag[] {
  const p = req.payload;
  if (p.kind === 'entry_function_payload' && p.typeArguments.length === 0 && verifiedCall(registry, p.functionText) !== undefined) return [];
  return verifyPayload(p);
}

/**
 * The call compiled from the function text `text` of a request with no type arguments: compiled only
 * after that text was read as a function id and passed verify(). A call with type arguments is kept
 * under `text<args>`, which ends in `>`: a text ending so (never a valid name) gets none, or
 * `0x1::m::f<u8>` would find `0x1::m::f` compiled with `u8` and skip the refusal of its module name.
 */
export function verifiedCall(registry: AbiRegistry, text: string): CompiledCall | undefined {
  if (text.charCodeAt(text.length - 1) === 0x3e) return undefined;
  const v = registry.calls.get(text) as Partial<CompiledCall> | undefined;
  // The registry's map also keeps other caches (node-json's layouts), under keys of their own.
  return typeof v?.writeSigningMessage === 'function' ? (v as CompiledCall) : undefined;
}

export interface EncodeSubmissionAsyncOptions extends EncodeSubmissionOptions {
  /** Asked for modules no other source has, before encoding (a node's ABI endpoint, a cache). */
  resolve?: AbiResolver;
}

/** `encodeSubmission` with ABIs fetched as needed through the registry's (or the options') async resolver. */
export function encodeSubmissionAsync(request: EncodeSubmissionRequestJson, options: EncodeSubmissionAsyncOptions): Promise<EncodeSubmissionResult>;
/** Untrusted input (JSON of any shape): checked as the node checks it. */
export function encodeSubmissionAsync(request: unknown, options: EncodeSubmissionAsyncOptions): Promise<EncodeSubmissionResult>;
export async function encodeSubmissionAsync(request: unknown, options: EncodeSubmissionAsyncOptions): Promise<EncodeSubmissionResult> {
  const chainId = checkChainId(options?.chainId);
  const registry = asyncRegistry(options);
  return encodeAsyncWith(parseSubmissionRequest(request), chainId, registry);
}

/** `encodeSubmissionAsync` for a request already read. */
export async function encodeRequestAsync(req: SubmissionRequest, options: EncodeSubmissionAsyncOptions): Promise<EncodeSubmissionResult> {
  const chainId = checkChainId(options?.chainId);
  return encodeAsyncWith(req, chainId, asyncRegistry(options));
}

async function encodeAsyncWith(req: SubmissionRequest, chainId: number, registry: AbiRegistry): Promise<EncodeSubmissionResult> {
  const typeArgs = verifyPayload(req.payload);
  const fetched = await prefetchModules(req, typeArgs, registry);
  const lookup = (a: Address, n: string): AbiModule | undefined => fetched.get(`${a}::${n}`) ?? registry.module(a, n);
  return encodeParsed({ req, typeArgs, chainId, registry, lookup });
}

function asyncRegistry(options: EncodeSubmissionAsyncOptions): AbiRegistry {
  return options.resolve ? abiRegistryWith(options) : registryOf(options.abis);
}

function abiRegistryWith(options: EncodeSubmissionAsyncOptions): AbiRegistry {
  const abis = options.abis;
  if (isAbiRegistry(abis)) throw new UsageError('invalid_option', 'give the resolver to abiRegistry() when passing a registry');
  return abiRegistry(Array.isArray(abis) ? abis : [], { lookup: typeof abis === 'function' ? abis : undefined, resolve: options.resolve });
}
