import { BcsError, formatAddress, toHex } from '../bcs/index.js';
import { formatTypeTag } from '../move/index.js';
import type { Transaction, TransactionData, TransactionInfo, TransactionOnChainData } from '../records/index.js';
import { abiRegistry, type AbiRegistry } from '../submission/index.js';
import { indicesFromBitmap, type SignedTransaction, type TransactionArgument } from '../transactions/index.js';
import { changesJson, type TableInfoLookup } from './changes-json.js';
import { eventJson } from './event-json.js';
import { hashes, type Hashes } from './hashes.js';
import type { Sha3 } from '../hash/internal.js';
import { rsaJwk, unsupportedJwk, RSA_JWK_TYPE, UNSUPPORTED_JWK_TYPE } from './jwk.js';
import type { Obj } from './json-read.js';
import { payloadJson } from './payload-json.js';
import { signatureJson } from './signature-json.js';
import { lazyStatusCodeTable, type StatusCodeTable } from './status-codes.js';
import { vmStatusText, type FunctionNameLookup } from './vm-status.js';

// api/types/src/transaction.rs `Transaction` as api/types/src/convert.rs `try_into_onchain_transaction`
// and `try_into_pending_transaction` build it, with poem's JSON: objects in field order, flattened
// parts inline, `None` as null unless the field is skipped, the union's `type` last.

export type TransactionJson = Record<string, unknown>;

export interface TransactionJsonOptions {
  /** Module ABIs for arguments, events and resources (default: the embedded framework). */
  abis?: AbiRegistry;
  /**
   * The block's timestamp in microseconds, which the node writes on user, state-checkpoint,
   * block-epilogue and validator transactions (a block metadata transaction carries its own).
   */
  timestamp?: bigint;
  /** Names the function of an ExecutionFailure (the node reads it from the module in its state). */
  functionName?: FunctionNameLookup;
  /** A table's key and value types by handle (the node's table-info indexer): table items' decoded `data`. */
  tableInfo?: TableInfoLookup;
  /** sha3-256 for the state-key hashes (default @noble/hashes; in Node, ledger-bcs/ledger/node `nodeSha3`). */
  sha3?: Sha3;
}

/** What one render needs, built once per call (a block shares it across its transactions). */
export interface RenderContext {
  abis: AbiRegistry;
  tableInfo?: TableInfoLookup;
  hashes: Hashes;
  codes: StatusCodeTable;
  functionName?: FunctionNameLookup;
}

export function renderContext(o: TransactionJsonOptions = {}): RenderContext {
  return { abis: o.abis ?? abiRegistry(), tableInfo: o.tableInfo, hashes: hashes(o.sha3), codes: lazyStatusCodeTable(), functionName: o.functionName };
}

const U64 = (v: bigint | number) => v.toString();

function infoJson(d: TransactionOnChainData, ctx: RenderContext): Obj {
  const info = (d.info as TransactionInfo).value;
  return {
    version: U64(d.version),
    hash: toHex(info.transactionHash),
    state_change_hash: toHex(info.stateChangeHash),
    event_root_hash: toHex(info.eventRootHash),
    state_checkpoint_hash: info.stateCheckpointHash === null ? null : toHex(info.stateCheckpointHash),
    gas_used: U64(info.gasUsed),
    success: info.status.$kind === 'Success',
    vm_status: vmStatusText(info.status, ctx.codes, ctx.functionName),
    accumulator_root_hash: toHex(d.accumulatorRootHash),
    changes: changesJson(d.changes, ctx.abis, ctx.hashes, true, ctx.tableInfo),
  };
}

function nonceOf(t: SignedTransaction): bigint | null {
  const p = t.rawTxn.payload;
  return p.$kind === 'Payload' ? p.value.value.extraConfig.value.replayProtectionNonce : null;
}

/** Adds the request part of a user or pending transaction (UserTransactionRequest) to `out`, in order. */
function addRequest(out: Obj, t: SignedTransaction, ctx: RenderContext): Obj {
  const r = t.rawTxn;
  const nonce = nonceOf(t);
  out.sender = formatAddress(r.sender, 'short');
  out.sequence_number = U64(r.sequenceNumber);
  out.max_gas_amount = U64(r.maxGasAmount);
  out.gas_unit_price = U64(r.gasUnitPrice);
  out.expiration_timestamp_secs = U64(r.expirationTimestampSecs);
  out.payload = payloadJson(r.payload, ctx.abis);
  out.signature = signatureJson(t.authenticator);
  out.replay_protection_nonce = nonce === null ? null : U64(nonce);
  return out;
}

/**
 * A signed transaction as the node shows it pending: its hash and request, and `type` when it stands
 * in the Transaction union (`withType`, the default); the submit answer (PendingTransaction) has none.
 */
export function pendingTransactionJson(t: SignedTransaction, options: TransactionJsonOptions & { withType?: boolean } = {}, ctx = renderContext(options)): TransactionJson {
  const out = addRequest({ hash: toHex(ctx.hashes.signed(t)) }, t, ctx);
  if (options.withType !== false) out.type = 'pending_transaction';
  return out;
}

function needTimestamp(ts: bigint | undefined): string {
  if (ts === undefined) throw new BcsError('missing_field', 'timestamp: pass options.timestamp (the block timestamp in microseconds)').within('timestamp');
  return U64(ts);
}

function scriptArgJson(a: TransactionArgument): unknown {
  switch (a.$kind) {
    case 'U8': case 'U16': case 'U32': case 'I8': case 'I16': case 'I32': case 'Bool':
      return a.value;
    case 'Address':
      return formatAddress(a.value, 'short');
    case 'U8Vector': case 'Serialized':
      return toHex(a.value);
    default:
      return a.value.toString();
  }
}

function genesisPayloadJson(t: Extract<Transaction, { $kind: 'GenesisTransaction' }>['value'], ctx: RenderContext): Obj {
  if (t.$kind === 'Script') {
    const s = t.value.script;
    return {
      write_set: {
        execute_as: formatAddress(t.value.executeAs, 'short'),
        script: { code: { bytecode: toHex(s.code) }, type_arguments: s.typeArgs.map((x) => formatTypeTag(x)), arguments: s.args.map(scriptArgJson) },
        type: 'script_write_set',
      },
      type: 'write_set_payload',
    };
  }
  return {
    write_set: {
      changes: changesJson(t.value.writeSet, ctx.abis, ctx.hashes, false, ctx.tableInfo),
      events: t.value.events.map((e) => eventJson(e, ctx.abis)),
      type: 'direct_write_set',
    },
    type: 'write_set_payload',
  };
}

function jwkJson(j: { variant: { typeName: string; data: Uint8Array } }): Obj {
  if (j.variant.typeName === RSA_JWK_TYPE) return { ...rsaJwk.decode(j.variant.data) };
  if (j.variant.typeName === UNSUPPORTED_JWK_TYPE) {
    const u = unsupportedJwk.decode(j.variant.data);
    return { id: toHex(u.id), payload: toHex(u.payload) };
  }
  throw new BcsError('not_supported', `unknown JWK variant ${j.variant.typeName}`);
}

function issuerText(b: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return 'non_utf8_issuer';
  }
}

/** A committed transaction as the node writes it. */
export function onChainTransactionJson(d: TransactionOnChainData, options: TransactionJsonOptions = {}, ctx = renderContext(options)): TransactionJson {
  const info = infoJson(d, ctx);
  const events = () => d.events.map((e, i) => {
    try {
      return eventJson(e, ctx.abis);
    } catch (err) {
      throw (err as BcsError).within?.(i).within('events') ?? err;
    }
  });
  const t = d.transaction as Transaction;
  switch (t.$kind) {
    case 'UserTransaction': {
      // Fields added in order to one object (spreads of several objects cost more than the rest).
      const out = addRequest(info, t.value, ctx);
      out.events = events();
      out.timestamp = needTimestamp(options.timestamp);
      out.type = 'user_transaction';
      return out;
    }
    case 'GenesisTransaction':
      return { ...info, payload: genesisPayloadJson(t.value, ctx), events: events(), type: 'genesis_transaction' };
    case 'BlockMetadata':
    case 'BlockMetadataExt': {
      const m = t.$kind === 'BlockMetadata' ? t.value : t.value.value;
      const out: Obj = {
        ...info,
        id: toHex(m.id),
        epoch: U64(m.epoch),
        round: U64(m.round),
        events: events(),
        previous_block_votes_bitvec: [...m.previousBlockVotesBitvec],
        proposer: formatAddress(m.proposer, 'short'),
        failed_proposer_indices: [...m.failedProposerIndices],
        timestamp: U64(m.timestampUsecs),
      };
      if (t.$kind === 'BlockMetadataExt') {
        const r = t.value.$kind === 'V1' ? t.value.value.randomness : undefined;
        out.block_metadata_extension = t.value.$kind === 'V0' ? { type: 'v0' } : { randomness: r ? toHex(r.randomness) : null, type: 'v1' };
      }
      out.type = 'block_metadata_transaction';
      return out;
    }
    case 'StateCheckpoint':
      return { ...info, timestamp: needTimestamp(options.timestamp), type: 'state_checkpoint_transaction' };
    case 'BlockEpilogue': {
      const e = t.value.value.blockEndInfo.value;
      return {
        ...info,
        timestamp: needTimestamp(options.timestamp),
        block_end_info: {
          block_gas_limit_reached: e.blockGasLimitReached,
          block_output_limit_reached: e.blockOutputLimitReached,
          block_effective_block_gas_units: bigNumber(e.blockEffectiveBlockGasUnits),
          block_approx_output_size: bigNumber(e.blockApproxOutputSize),
        },
        type: 'block_epilogue_transaction',
      };
    }
    case 'ValidatorTransaction': {
      const v = t.value;
      const base = { ...info, events: events(), timestamp: needTimestamp(options.timestamp) };
      if (v.$kind === 'DKGResult') {
        const m = v.value.metadata;
        return {
          ...base,
          dkg_transcript: { epoch: U64(m.epoch), author: formatAddress(m.author, 'short'), payload: toHex(v.value.transcriptBytes) },
          validator_transaction_type: 'dkg_result',
          type: 'validator_transaction',
        };
      }
      const u = v.value.update;
      const sig = v.value.multiSig;
      return {
        ...base,
        quorum_certified_update: {
          update: { issuer: issuerText(u.issuer), version: bigNumber(u.version), jwks: u.jwks.map(jwkJson) },
          multi_sig: { signer_indices: indicesFromBitmap(sig.validatorBitmask), sig: sig.sig === null ? null : toHex(sig.sig) },
        },
        validator_transaction_type: 'observed_jwk_update',
        type: 'validator_transaction',
      };
    }
  }
}

/** A u64 the node writes as a JSON number: a number when exact, else a bigint (nodeJsonText writes it exactly). */
function bigNumber(v: bigint): number | bigint {
  return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/** Every Transaction kind of the node's JSON, committed (`OnChain`) or pending. */
export function transactionJson(data: TransactionData, options: TransactionJsonOptions = {}): TransactionJson {
  const ctx = renderContext(options);
  return data.$kind === 'Pending' ? pendingTransactionJson(data.value, options, ctx) : onChainTransactionJson(data.value, options, ctx);
}

