import { BcsError, equalBytes, formatAddress, isBcsError, toHex, type Address } from '../bcs/index.js';
import { formatTypeTag, isSignerType, substituteGenerics, type TypeTag } from '../move/index.js';
import {
  rawTransaction,
  rawTransactionWithData,
  type EntryFunction,
  type JsonValue,
  type RawTransaction,
  type Script,
  type TransactionArgument,
} from '../transactions/index.js';
import { rawTransactionPrefix, rawTransactionWithDataPrefix } from '../transactions/internal.js';
import { argumentToJson, jsonReaderFor, type JsonReaderContext } from './move-value-json.js';
import { type AbiSource, registryOf } from './encode-submission.js';

// A transaction shown as the encode_submission request that produces it: the payload's opaque
// argument bytes turned back into JSON through the function's ABI. `encodeSubmission` of the result
// gives the same bytes again (for single-signer and multi-agent transactions; a fee-payer envelope
// has no request form).

export type SubmissionRequestJson = { [key: string]: JsonValue };

const U64_MAX = 0xffffffffffffffffn;

function functionId(module: { address: Address; name: string }, name: string): string {
  return `${formatAddress(module.address, 'aip40')}::${module.name}::${name}`;
}

function entryFunctionJson(ef: EntryFunction, ctx: JsonReaderContext): { [key: string]: JsonValue } {
  const id = functionId(ef.module, ef.function);
  const abi = ctx.module(ef.module.address, ef.module.name)?.functions.get(ef.function);
  if (!abi) throw new BcsError('not_supported', `no ABI declares the entry function ${id}`);
  const params = abi.params.filter((p) => !isSignerType(p));
  if (params.length !== ef.args.length) {
    throw new BcsError('invalid_length', `${id} takes ${params.length} arguments, the transaction has ${ef.args.length}`);
  }
  const args = params.map((p, i) => {
    try {
      const t = substituteGenerics(p.$kind === 'reference' || p.$kind === 'mutableReference' ? p.value : p, ef.typeArgs);
      return argumentToJson(ef.args[i], jsonReaderFor(t, ctx));
    } catch (e) {
      throw isBcsError(e) ? e.within(i).within('args') : e;
    }
  });
  return { type: 'entry_function_payload', function: id, type_arguments: ef.typeArgs.map((t) => formatTypeTag(t)), arguments: args };
}

// TransactionArgument → the JSON the node converts back into it.
function scriptArgumentJson(a: TransactionArgument): JsonValue {
  switch (a.$kind) {
    case 'Address':
      return formatAddress(a.value, 'aip40');
    case 'U8Vector':
      return toHex(a.value);
    case 'Serialized':
      throw new BcsError('not_supported', 'a Serialized script argument has no JSON form (the node never produces one)');
    case 'Bool':
      return a.value;
    default:
      return typeof a.value === 'bigint' ? a.value.toString() : a.value;
  }
}

function scriptJson(s: Script): { [key: string]: JsonValue } {
  return {
    type: 'script_payload',
    code: { bytecode: toHex(s.code) },
    type_arguments: s.typeArgs.map((t: TypeTag) => formatTypeTag(t)),
    arguments: s.args.map(scriptArgumentJson),
  };
}

/** The request JSON of a RawTransaction (and, for a multi-agent message, its secondary signers). */
export function requestFromTransaction(txn: RawTransaction, options: { abis?: AbiSource; secondarySigners?: Address[] } = {}): SubmissionRequestJson {
  const registry = registryOf(options.abis);
  const ctx: JsonReaderContext = { module: registry.module, memo: new Map() };
  const out: SubmissionRequestJson = {
    sender: formatAddress(txn.sender, 'aip40'),
    sequence_number: txn.sequenceNumber.toString(),
    max_gas_amount: txn.maxGasAmount.toString(),
    gas_unit_price: txn.gasUnitPrice.toString(),
    expiration_timestamp_secs: txn.expirationTimestampSecs.toString(),
  };
  const p = txn.payload;
  switch (p.$kind) {
    case 'EntryFunction':
      out.payload = entryFunctionJson(p.value, ctx);
      break;
    case 'Script':
      out.payload = scriptJson(p.value);
      break;
    case 'Multisig': {
      const inner = p.value.transactionPayload;
      if (inner?.$kind === 'Script') throw new BcsError('not_supported', 'a multisig script payload has no request form');
      out.payload = { type: 'multisig_payload', multisig_address: formatAddress(p.value.multisigAddress, 'aip40') };
      if (inner) out.payload.transaction_payload = entryFunctionJson(inner.value, ctx);
      break;
    }
    case 'Payload': {
      const { executable, extraConfig } = p.value.value;
      const { multisigAddress, replayProtectionNonce } = extraConfig.value;
      if (replayProtectionNonce === null || txn.sequenceNumber !== U64_MAX) {
        throw new BcsError('not_supported', 'only orderless payloads (a nonce, sequence number u64::MAX) have a request form');
      }
      if (multisigAddress !== null) {
        if (executable.$kind === 'Script') throw new BcsError('not_supported', 'a multisig script payload has no request form');
        out.payload = { type: 'multisig_payload', multisig_address: formatAddress(multisigAddress, 'aip40') };
        if (executable.$kind === 'EntryFunction') out.payload.transaction_payload = entryFunctionJson(executable.value, ctx);
      } else if (executable.$kind === 'EntryFunction') out.payload = entryFunctionJson(executable.value, ctx);
      else if (executable.$kind === 'Script') out.payload = scriptJson(executable.value);
      else throw new BcsError('not_supported', 'an empty executable without a multisig account has no request form');
      // Any sequence number gives these bytes; the node replaces it with u64::MAX.
      out.sequence_number = '0';
      out.replay_protection_nonce = replayProtectionNonce.toString();
      break;
    }
    default:
      throw new BcsError('not_supported', `a ${p.$kind} payload has no request form`);
  }
  if (options.secondarySigners) out.secondary_signers = options.secondarySigners.map((a) => formatAddress(a, 'aip40'));
  return out;
}

/**
 * The request JSON of a signing message (either domain prefix) or of a bare bcs(RawTransaction),
 * and the chain id it was encoded for.
 */
export function requestFromBytes(bytes: Uint8Array, options: { abis?: AbiSource } = {}): { request: SubmissionRequestJson; chainId: number } {
  const head = bytes.subarray(0, 32);
  if (bytes.length > 32 && equalBytes(head, rawTransactionWithDataPrefix())) {
    const d = rawTransactionWithData.decode(bytes.subarray(32));
    if (d.$kind !== 'MultiAgent') throw new BcsError('not_supported', 'a fee-payer message has no request form');
    const { rawTxn, secondarySignerAddresses } = d.value;
    return { request: requestFromTransaction(rawTxn, { ...options, secondarySigners: secondarySignerAddresses }), chainId: rawTxn.chainId };
  }
  const raw = rawTransaction.decode(bytes.length > 32 && equalBytes(head, rawTransactionPrefix()) ? bytes.subarray(32) : bytes);
  return { request: requestFromTransaction(raw, options), chainId: raw.chainId };
}
