import { BcsError, equalBytes, utf8Encode } from '../bcs/index.js';
import type { ContractEvent, ExecutionStatus, Transaction, TransactionData, TransactionOnChainData, WriteSet } from '../records/index.js';
import { abiRegistry, type AbiRegistry } from '../submission/index.js';
import type { SignedTransaction, TransactionPayload } from '../transactions/index.js';
import { parseChangesJson } from './changes-json.js';
import { readEvent } from './event-json.js';
import type { TypeTag } from '../move/index.js';
import { hashes, type Hashes } from './hashes.js';
import type { Sha3 } from '../hash/internal.js';
import { rsaJwk, unsupportedJwk, RSA_JWK_TYPE, UNSUPPORTED_JWK_TYPE } from './jwk.js';
import { address, arr, at, bool, each, field, hash, hex, int, kind, obj, str, u64, unknownKind, type Obj, fieldAt } from './json-read.js';
import { readNodeJsonText } from './json-text.js';
import { parsePayloadJson } from './payload-json.js';
import { emptyVerification, lengths, notesInto, truncate, type Notes, type ReadVerification } from './read-report.js';
import { parseSignatureJson } from './signature-json.js';
import { lazyStatusCodeTable, type StatusCodeTable } from './status-codes.js';
import { parseVmStatus, type FunctionIndexLookup } from './vm-status.js';

// The node's transaction JSON read back into the records' typed values. What the JSON does not
// carry is filled as docs/node-json.md lists (WriteOp variants and metadata, the auxiliary-info hash,
// a MultiKey bitmap's length, the block id of state-checkpoint and block-epilogue transactions);
// where the JSON leaves a choice (payload v1 or v2, a bitmap's length) the transaction hash decides.

export interface ParseTransactionJsonOptions {
  abis?: AbiRegistry;
  /** Check `hash` (default true) and each change's `state_key_hash` against the rebuilt values. */
  verifyHash?: boolean;
  /** The chain id of user transactions (not in the JSON). Without it, verification finds it by the hash. */
  chainId?: number;
  /** The block id a state-checkpoint or block-epilogue transaction carries (not in the JSON; a block's JSON gives it). */
  blockId?: Uint8Array;
  /** The index of an ExecutionFailure's function, from its name. */
  functionIndex?: FunctionIndexLookup;
  /**
   * Keep a Move value no ABI gives the layout of (a resource, an event, entry-function arguments) as
   * its JSON instead of refusing the transaction; what that leaves unchecked is listed in the
   * result's `verification`. Default false: strict.
   */
  lenient?: boolean;
  /** Collects what a block read checked (`parseNodeBlockJson`); a transaction's result carries its own. */
  verification?: ReadVerification;
  /** sha3-256 for the hashes checked (default @noble/hashes; in Node, ledger-bcs/ledger/node `nodeSha3`). */
  sha3?: Sha3;
}

/** A transaction read back: the typed value, the timestamp the JSON showed (0 where none), and what was checked. */
export interface ParsedTransactionJson {
  data: TransactionData;
  timestamp: bigint;
  /** The hashes checked, those that could not be (and why), and values kept as JSON (lenient). */
  verification: ReadVerification;
}

export interface ReadContext {
  abis: AbiRegistry;
  hashes: Hashes;
  codes: StatusCodeTable;
  verify: boolean;
  options: ParseTransactionJsonOptions;
  /** Event types parsed once per type string. */
  types: Map<string, TypeTag>;
  lenient: boolean;
  verification: ReadVerification;
  /** Where the transaction being read notes what it checked (set per transaction). */
  notes: Notes;
  /** Why the transaction hash cannot be checked, once the reader knows (set per transaction). */
  hashReason?: string;
  /** Arguments read by guessing their types (no ABI), set per transaction. */
  guessed?: { path: string; json: unknown };
}

export function readContext(options: ParseTransactionJsonOptions = {}): ReadContext {
  const verification = options.verification ?? emptyVerification();
  const lenient = options.lenient === true;
  return {
    abis: options.abis ?? abiRegistry(),
    hashes: hashes(options.sha3),
    codes: lazyStatusCodeTable(),
    verify: options.verifyHash !== false,
    options,
    types: new Map(),
    lenient,
    verification,
    notes: notesInto(verification, '', lenient),
  };
}

const ZERO_HASH = /* @__PURE__ */ new Uint8Array(32);

function mismatch(what: string): BcsError {
  return new BcsError('invalid_json', `hash does not match the ${what} rebuilt from the JSON`).within('hash');
}

/** The first candidate whose hash is `want` (or the first, unverified or where the hash cannot be rebuilt). */
function pick<T>(candidates: Iterable<T>, hashOf: (c: T) => Uint8Array, want: Uint8Array | null, ctx: ReadContext, what: string): T {
  let first: T | undefined;
  for (const c of candidates) {
    if (ctx.verify && ctx.hashReason !== undefined) {
      ctx.notes.unchecked('hash', ctx.hashReason);
      return c;
    }
    if (!ctx.verify || want === null) return c;
    if (equalBytes(hashOf(c), want)) {
      ctx.notes.checked('hash');
      return c;
    }
    first ??= c;
  }
  // Lenient: arguments no ABI gives the types of, and no reading of them fits the hash.
  if (ctx.lenient && ctx.guessed && first !== undefined) {
    ctx.notes.opaque(ctx.guessed.path, ctx.guessed.json);
    ctx.notes.unchecked('hash', "the payload's arguments have no ABI and no reading of them fits the hash: kept as JSON");
    return first;
  }
  throw mismatch(what);
}

/**
 * SignedTransactions the request JSON may have come from, most likely first and built only when
 * the previous ones did not match (payload variant, MultiKey bitmap length, chain id).
 */
function* signedCandidates(o: Obj, ctx: ReadContext): Generator<SignedTransaction> {
  // Absent in JSON from nodes older than orderless transactions.
  const nonceJson = o.replay_protection_nonce;
  const nonce = nonceJson === null || nonceJson === undefined ? null : u64(o, 'replay_protection_nonce');
  const opaqueBefore = ctx.verification.opaque.length;
  const payloads: TransactionPayload[] = fieldAt(o, 'payload', (v) => parsePayloadJson(v, nonce, ctx.abis, ctx.notes));
  if (ctx.verification.opaque.length > opaqueBefore) ctx.hashReason = "the payload's arguments have no ABI and are kept as JSON: the transaction cannot be rebuilt";
  const sigJson = field(o, 'signature');
  const auths = [at('signature', () => parseSignatureJson(sigJson))];
  const common = {
    sender: address(o, 'sender'),
    sequenceNumber: u64(o, 'sequence_number'),
    maxGasAmount: u64(o, 'max_gas_amount'),
    gasUnitPrice: u64(o, 'gas_unit_price'),
    expirationTimestampSecs: u64(o, 'expiration_timestamp_secs'),
  };
  let chainIds: number[];
  if (ctx.options.chainId !== undefined) chainIds = [ctx.options.chainId];
  else if (ctx.hashReason !== undefined) throw new BcsError('missing_field', 'the chain id is not in the JSON and the hash cannot find it here: pass options.chainId');
  else if (ctx.verify) chainIds = Array.from({ length: 256 }, (_, i) => i);
  else throw new BcsError('missing_field', 'the chain id is not in the JSON: pass options.chainId (or verify the hash to find it)');
  for (let a = 0; a < 2; a++) {
    if (a === 1) {
      if (!ctx.verify || !JSON.stringify(sigJson).includes('"signatures_required"')) return;
      auths[0] = at('signature', () => parseSignatureJson(sigJson, { multiKeyBitmapBytes: 1 }));
    }
    for (const chainId of chainIds) for (const payload of payloads) yield { rawTxn: { ...common, payload, chainId }, authenticator: auths[0] } as SignedTransaction;
  }
}

function changesAt(o: Obj, ctx: ReadContext, write: 'Modification' | 'Creation', path = 'changes'): WriteSet {
  const list = arr(o, 'changes');
  return at('changes', () => parseChangesJson(list, ctx.abis, ctx.hashes, { write, verify: ctx.verify, notes: ctx.notes, path }));
}

/** Without verification a blanked hash ("", as the node's test writer leaves them) reads as zeros. */
function hashOf(o: Obj, key: string, ctx: ReadContext): Uint8Array {
  return hash(o, key, !ctx.verify);
}

function readInfo(o: Obj, ctx: ReadContext, write: 'Modification' | 'Creation') {
  const success = bool(o, 'success');
  const status: ExecutionStatus = fieldAt(o, 'vm_status', (v) => parseVmStatus(v as string, success, ctx.codes, ctx.options.functionIndex));
  const cp = field(o, 'state_checkpoint_hash');
  const version = u64(o, 'version');
  const hash = hashOf(o, 'hash', ctx);
  return {
    version,
    hash,
    info: {
      gasUsed: u64(o, 'gas_used'),
      status,
      transactionHash: hash,
      eventRootHash: hashOf(o, 'event_root_hash', ctx),
      stateChangeHash: hashOf(o, 'state_change_hash', ctx),
      stateCheckpointHash: cp === null ? null : hashOf(o, 'state_checkpoint_hash', ctx),
      auxiliaryInfoHash: null,
    },
    accumulatorRootHash: hashOf(o, 'accumulator_root_hash', ctx),
    changes: changesAt(o, ctx, write),
  };
}

function readEvents(o: Obj, key: string, ctx: ReadContext, path = key): ContractEvent[] {
  return each(o, key, (v, i) => readEvent(v, ctx.abis, ctx.types, ctx.notes, `${path}[${i}].data`));
}

/** The block id of a state checkpoint or epilogue: the caller's, or zeros (the hash then unchecked). */
function blockId(ctx: ReadContext): Uint8Array {
  if (ctx.options.blockId) return ctx.options.blockId;
  ctx.hashReason = 'the block id (in the transaction the hash covers) is not in the JSON of a lone state checkpoint or block epilogue: pass options.blockId, or read the whole block';
  return ZERO_HASH;
}

/** A validator transaction of a node older than `validator_transaction_type`: its info, events and time only. */
function olderValidatorTransaction(ctx: ReadContext): unknown {
  const why = 'a validator transaction written before validator_transaction_type carries neither its JWK update nor its DKG transcript';
  if (!ctx.lenient) throw new BcsError('not_supported', `${why}: read it with { lenient: true }`).within('validator_transaction_type');
  ctx.hashReason = `${why}: the transaction in the result is a placeholder (an empty JWK update)`;
  const empty = new Uint8Array(0);
  return { $kind: 'ValidatorTransaction', value: { $kind: 'ObservedJWKUpdate', value: { update: { issuer: empty, version: 0n, jwks: [] }, multiSig: { validatorBitmask: empty, sig: null } } } };
}

/** Bits set at `indices`, MSB first, in the fewest bytes (aptos-bitvec BitVec). */
function bitVec(indices: number[]): Uint8Array {
  const n = indices.length === 0 ? 0 : (Math.max(...indices) >> 3) + 1;
  const out = new Uint8Array(n);
  for (const i of indices) out[i >> 3]! |= 0x80 >> (i & 7);
  return out;
}

function readJwk(v: unknown) {
  const j = obj(v, 'a JWK');
  if ('n' in j) {
    const data = rsaJwk.encode({ kid: str(j, 'kid'), kty: str(j, 'kty'), alg: str(j, 'alg'), e: str(j, 'e'), n: str(j, 'n') });
    return { variant: { typeName: RSA_JWK_TYPE, data } };
  }
  return { variant: { typeName: UNSUPPORTED_JWK_TYPE, data: unsupportedJwk.encode({ id: hex(j, 'id'), payload: hex(j, 'payload') }) } };
}

/** Transaction variants the committed JSON may have come from, most likely first. */
function* mapIterable<A, B>(xs: Iterable<A>, f: (a: A) => B): Generator<B> {
  for (const x of xs) yield f(x);
}

function transactionCandidates(o: Obj, type: string, ctx: ReadContext): Iterable<Transaction> {
  const T = (t: unknown) => t as Transaction;
  switch (type) {
    case 'user_transaction':
      return mapIterable(signedCandidates(o, ctx), (s) => T({ $kind: 'UserTransaction', value: s }));
    case 'genesis_transaction': {
      const p = obj(field(o, 'payload'), 'payload');
      const pt = at('payload', () => kind(p));
      if (pt !== 'write_set_payload') throw unknownKind(pt, 'genesis payload').within('payload');
      const ws = at('payload', () => obj(field(p, 'write_set'), 'write_set'));
      const wt = at('payload', () => at('write_set', () => kind(ws)));
      if (wt !== 'direct_write_set') throw new BcsError('not_supported', `a ${wt} genesis payload is not read back`).within('payload');
      const events = at('payload', () => at('write_set', () => readEvents(ws, 'events', ctx, 'payload.write_set.events')));
      const quiet = { ...ctx, notes: notesInto(emptyVerification(), '', ctx.lenient) };
      return (['Creation', 'Modification'] as const).map((write, i) => {
        const writeSet = at('payload', () => at('write_set', () => changesAt(ws, i === 0 ? ctx : quiet, write, 'payload.write_set.changes')));
        return T({ $kind: 'GenesisTransaction', value: { $kind: 'Direct', value: { writeSet, events } } });
      });
    }
    case 'block_metadata_transaction': {
      const m = {
        id: hash(o, 'id'),
        epoch: u64(o, 'epoch'),
        round: u64(o, 'round'),
        proposer: address(o, 'proposer'),
        previousBlockVotesBitvec: new Uint8Array(each(o, 'previous_block_votes_bitvec', (v) => int(v, 255, 'a byte') as number)),
        failedProposerIndices: each(o, 'failed_proposer_indices', (v) => int(v, 0xffffffff, 'a proposer index') as number),
        timestampUsecs: u64(o, 'timestamp'),
      };
      const ext = o.block_metadata_extension;
      if (ext === undefined || ext === null) return [T({ $kind: 'BlockMetadata', value: m })];
      const e = at('block_metadata_extension', () => obj(ext, 'block_metadata_extension'));
      const et = at('block_metadata_extension', () => kind(e));
      if (et === 'v0') return [T({ $kind: 'BlockMetadataExt', value: { $kind: 'V0', value: m } })];
      if (et !== 'v1') throw unknownKind(et, 'block metadata extension').within('block_metadata_extension');
      const r = at('block_metadata_extension', () => field(e, 'randomness'));
      const randomness = r === null ? null : { metadata: { epoch: m.epoch, round: m.round }, randomness: at('block_metadata_extension', () => hex(e, 'randomness')) };
      return [T({ $kind: 'BlockMetadataExt', value: { $kind: 'V1', value: { ...m, randomness } } })];
    }
    case 'state_checkpoint_transaction':
      return [T({ $kind: 'StateCheckpoint', value: blockId(ctx) })];
    case 'block_epilogue_transaction': {
      const b = fieldAt(o, 'block_end_info', (v) => obj(v, 'block_end_info'));
      const blockEndInfo = at('block_end_info', () => ({
        $kind: 'V0',
        value: {
          blockGasLimitReached: bool(b, 'block_gas_limit_reached'),
          blockOutputLimitReached: bool(b, 'block_output_limit_reached'),
          blockEffectiveBlockGasUnits: BigInt(fieldAt(b, 'block_effective_block_gas_units', (v) => int(v, 0xffffffffffffffffn, 'a u64'))),
          blockApproxOutputSize: BigInt(fieldAt(b, 'block_approx_output_size', (v) => int(v, 0xffffffffffffffffn, 'a u64'))),
        },
      }));
      const id = blockId(ctx);
      return [
        T({ $kind: 'BlockEpilogue', value: { $kind: 'V0', value: { blockId: id, blockEndInfo } } }),
        T({ $kind: 'BlockEpilogue', value: { $kind: 'V1', value: { blockId: id, blockEndInfo, feeDistribution: { $kind: 'V0', value: { amount: new Map() } } } } }),
      ];
    }
    case 'validator_transaction': {
      if (o.validator_transaction_type === undefined) return [T(olderValidatorTransaction(ctx))];
      const vt = str(o, 'validator_transaction_type');
      if (vt === 'dkg_result') {
        const d = fieldAt(o, 'dkg_transcript', (v) => obj(v, 'dkg_transcript'));
        const value = at('dkg_transcript', () => ({ metadata: { epoch: u64(d, 'epoch'), author: address(d, 'author') }, transcriptBytes: hex(d, 'payload') }));
        return [T({ $kind: 'ValidatorTransaction', value: { $kind: 'DKGResult', value } })];
      }
      if (vt !== 'observed_jwk_update') throw unknownKind(vt, 'validator transaction', 'validator_transaction_type');
      const q = fieldAt(o, 'quorum_certified_update', (v) => obj(v, 'quorum_certified_update'));
      const value = at('quorum_certified_update', () => {
        const u = fieldAt(q, 'update', (v) => obj(v, 'update'));
        const s = fieldAt(q, 'multi_sig', (v) => obj(v, 'multi_sig'));
        const sig = at('multi_sig', () => field(s, 'sig'));
        return {
          update: at('update', () => ({
            issuer: utf8Encode(str(u, 'issuer')),
            version: BigInt(fieldAt(u, 'version', (v) => int(v, 0xffffffffffffffffn, 'a u64'))),
            jwks: each(u, 'jwks', readJwk),
          })),
          multiSig: at('multi_sig', () => ({
            validatorBitmask: bitVec(each(s, 'signer_indices', (v) => int(v, 0xffff, 'a signer index') as number)),
            sig: sig === null ? null : hex(s, 'sig'),
          })),
        };
      });
      return [T({ $kind: 'ValidatorTransaction', value: { $kind: 'ObservedJWKUpdate', value } })];
    }
    default:
      throw unknownKind(type, 'transaction');
  }
}

const TIMESTAMPED = new Set(['user_transaction', 'block_metadata_transaction', 'state_checkpoint_transaction', 'block_epilogue_transaction', 'validator_transaction']);
const WITH_EVENTS = new Set(['user_transaction', 'genesis_transaction', 'block_metadata_transaction', 'validator_transaction']);

/** Reads one transaction object with a context (blocks share theirs; `prefix` is its JSON path there). */
export function readTransaction(json: unknown, shared: ReadContext, prefix = ''): ParsedTransactionJson {
  const o = obj(json, 'a transaction');
  const own = shared.options.verification === undefined && prefix === '' ? shared.verification : emptyVerification();
  // Built field by field: an object spread of the shared context costs more than reading the transaction's header.
  const ctx: ReadContext = {
    abis: shared.abis,
    hashes: shared.hashes,
    codes: shared.codes,
    verify: shared.verify,
    options: shared.options,
    types: shared.types,
    lenient: shared.lenient,
    verification: shared.verification,
    notes: notesInto(shared.verification, prefix, shared.lenient),
    hashReason: undefined,
    guessed: undefined,
  };
  if (own !== shared.verification) ctx.notes = fanOut(ctx.notes, notesInto(own, '', shared.lenient));
  ctx.notes.guessed = (path, json) => void (ctx.guessed = { path, json });
  // The submit answer (PendingTransaction) has no `type`; a committed transaction always has one.
  const type = o.type === undefined && 'hash' in o && 'sender' in o && !('version' in o) ? 'pending_transaction' : kind(o);
  if (type === 'pending_transaction') {
    const want = o.hash === undefined ? null : hashOf(o, 'hash', ctx);
    const signed = pick(signedCandidates(o, ctx), ctx.hashes.signed, want, ctx, 'transaction');
    return { data: { $kind: 'Pending', value: signed } as TransactionData, timestamp: 0n, verification: own };
  }
  const candidates = transactionCandidates(o, type, ctx);
  const info = readInfo(o, ctx, 'Modification');
  const transaction = pick(candidates, ctx.hashes.transaction, info.hash, ctx, 'transaction');
  const opaqueBefore = ctx.verification.opaque.length;
  const events = WITH_EVENTS.has(type) ? readEvents(o, 'events', ctx) : [];
  // The transaction hash does not cover the events: event_root_hash does (TransactionInfo), so a
  // changed event is caught here, not read as a different event.
  if (ctx.verify && WITH_EVENTS.has(type)) {
    if (ctx.verification.opaque.length > opaqueBefore) ctx.notes.unchecked('event_root_hash', 'an event without a layout is kept as JSON: its bytes are unknown');
    else if (!equalBytes(ctx.hashes.eventRoot(events), info.info.eventRootHash)) {
      throw new BcsError('invalid_json', 'event_root_hash does not match the events rebuilt from the JSON').within('event_root_hash');
    } else ctx.notes.checked('event_root_hash');
  }
  const value: TransactionOnChainData = {
    version: info.version,
    transaction,
    info: { $kind: 'V0', value: info.info },
    events,
    accumulatorRootHash: info.accumulatorRootHash,
    changes: info.changes,
  } as TransactionOnChainData;
  return { data: { $kind: 'OnChain', value } as TransactionData, timestamp: TIMESTAMPED.has(type) ? u64(o, 'timestamp') : 0n, verification: own };
}

/** Notes written to two places: a block's verification and the transaction's own. */
function fanOut(a: Notes, b: Notes): Notes {
  return {
    lenient: a.lenient,
    checked: (p) => (a.checked(p), b.checked(p)),
    unchecked: (p, r) => (a.unchecked(p, r), b.unchecked(p, r)),
    opaque: (p, j) => (a.opaque(p, j), b.opaque(p, j)),
  };
}

/**
 * Reads the node's JSON of one transaction (an object, or its text) into the records' typed value,
 * checking by default that `hash` is the hash of the transaction rebuilt from it.
 */
export function parseTransactionJson(json: unknown, options: ParseTransactionJsonOptions = {}): ParsedTransactionJson {
  if (typeof json !== 'string') return readTransaction(json, readContext(options));
  const shared = options.verification;
  const mark = shared && lengths(shared);
  return readNodeJsonText(
    json,
    (v) => readTransaction(v, readContext(options)),
    (r) => r.verification.opaque.length > 0,
    () => void (shared && truncate(shared, mark!)),
  );
}

