import { BcsError, compareBytes, ulebSize, type Address, type BcsReader } from '../bcs/index.js';
import { readVariant, variantTable } from '../bcs/internal.js';
import { contractEvent, transaction, transactionInfo, type ReplayProtector, type Transaction, type TransactionInfo } from '../records/index.js';
import { steppedSummary, stepUserTransaction } from './user-summary.js';

// One `TransactionOnChainData` (api/types/src/transaction.rs) read from received or stored bytes: the
// one reader of it, for the ledger's ingest, the replica's verifier and its diagnosis, and a witness's
// listing. It keeps the decoded parts a check needs and the spans of bytes each hash is taken over;
// nothing is re-encoded, and no hash is taken here (the ledger and the verifier each check theirs).

/** A state write: the BCS of its key, and the new value or null for a deletion. */
export interface StateWrite {
  key: Uint8Array;
  value: Uint8Array | null;
}

/** A user transaction's sender and replay protector, and its hash (storage/aptosdb `TransactionSummariesByAccountSchema`). */
export interface ParsedSummary {
  sender: Address;
  /** The sender's 32 bytes. */
  senderBytes: Uint8Array;
  hash: Uint8Array;
  replayProtector: ReplayProtector;
}

export interface EventPart {
  /** The event's BCS (`ContractEvent`, with its variant byte). */
  bytes: Uint8Array;
  /** V1 only: the event handle key and sequence number. */
  key: { creationNumber: bigint; address: Uint8Array } | undefined;
  sequenceNumber: bigint;
  /** The BCS of its TypeTag. */
  type: Uint8Array;
  data: Uint8Array;
}

/** A user transaction as a part keeps it: its kind (its summary is read; the rest is only hashed). */
export interface UserTransactionKind {
  $kind: 'UserTransaction';
  value?: undefined;
}

const USER_TRANSACTION: UserTransactionKind = Object.freeze({ $kind: 'UserTransaction' });

export interface TransactionPart {
  version: bigint;
  /** A user transaction's sender, replay protector and hash as its info claims it (checked before it is stored). */
  summary: ParsedSummary | undefined;
  /** The whole `TransactionOnChainData` as received (what a ledger stores). */
  record: Uint8Array;
  /** Where the write set starts in `record` (its last field: a store's pruner reads it again from there). */
  writesAt: number;
  /** Decoded, but for a user transaction only its kind: the block checks read no more of it. */
  transaction: Transaction | UserTransactionKind;
  /** The BCS of `Transaction` (hashed for `transaction_hash`). */
  transactionBytes: Uint8Array;
  info: TransactionInfo;
  /** The BCS of `TransactionInfo` (hashed into the accumulator). */
  infoBytes: Uint8Array;
  events: EventPart[];
  accumulatorRootHash: Uint8Array;
  /** The BCS of the `WriteSet` (hashed for `state_change_hash`). */
  changesBytes: Uint8Array;
  writes: StateWrite[];
}

const V1_TYPE_OFFSET = 1 + 8 + 32 + 8; // variant, EventKey { creation_number, account_address }, sequence_number

function readEvent(r: BcsReader): EventPart {
  const at = r.off;
  const e = contractEvent.schema.read(r);
  const bytes = r.buf.subarray(at, r.off);
  const data = e.value.eventData;
  const typeStart = e.$kind === 'V1' ? V1_TYPE_OFFSET : 1;
  const type = bytes.subarray(typeStart, bytes.length - data.length - ulebSize(data.length));
  if (e.$kind === 'V1') {
    return { bytes, key: { creationNumber: e.value.key.creationNumber, address: bytes.subarray(9, 41) }, sequenceNumber: e.value.sequenceNumber, type, data };
  }
  return { bytes, key: undefined, sequenceNumber: 0n, type, data };
}

/**
 * One `TransactionOnChainData` at `r` (a block's element, or a listing's); a malformed one is a
 * BcsError. `checkVersion` sees its version before the rest is read (a wrong version is named so,
 * however malformed what follows).
 */
export function readTransactionPart(r: BcsReader, checkVersion?: (version: bigint) => void): TransactionPart {
  const start = r.off;
  const version = r.u64();
  checkVersion?.(version);
  let at = r.off;
  // A user transaction of the common shape is stepped over for its summary; any other is decoded.
  const head = stepUserTransaction(r);
  const txn = head === undefined ? transaction.schema.read(r) : undefined;
  const transactionBytes = r.buf.subarray(at, r.off);
  at = r.off;
  const info = transactionInfo.schema.read(r);
  const infoBytes = r.buf.subarray(at, r.off);
  const n = r.length(1);
  const events: EventPart[] = new Array(n);
  for (let i = 0; i < n; i++) events[i] = readEvent(r);
  const accumulatorRootHash = r.raw(32);
  at = r.off;
  const writes = readWriteSet(r);
  // A user transaction's decoded fields die here (read for its summary), not kept for a whole batch.
  const hash = info.value.transactionHash;
  const summary = txn === undefined ? steppedSummary(head!, hash) : summaryOf(txn, transactionBytes, hash);
  const kept = txn === undefined || txn.$kind === 'UserTransaction' ? USER_TRANSACTION : txn;
  return { version, summary, record: r.buf.subarray(start, r.off), writesAt: at - start, transaction: kept, transactionBytes, info, infoBytes, events, accumulatorRootHash, changesBytes: r.buf.subarray(at, r.off), writes };
}

/** A user transaction's summary (`transactionBytes`: its BCS, variant byte first; `hash`: its hash). */
export function summaryOf(txn: Transaction, transactionBytes: Uint8Array, hash: Uint8Array): ParsedSummary | undefined {
  if (txn.$kind !== 'UserTransaction') return undefined;
  const raw = txn.value.rawTxn;
  const p = raw.payload;
  const nonce = p.$kind === 'Payload' ? p.value.value.extraConfig.value.replayProtectionNonce : null;
  return {
    sender: raw.sender,
    senderBytes: transactionBytes.subarray(1, 33),
    hash,
    replayProtector: nonce === null ? { $kind: 'SequenceNumber', value: raw.sequenceNumber } : { $kind: 'Nonce', value: nonce },
  };
}

/** types/src/write_set.rs `WriteSet::V0`: a map, so its keys strictly increase by their bytes. */
export function readWriteSet(r: BcsReader): StateWrite[] {
  const variant = r.uleb128();
  if (variant !== 0) throw new BcsError('invalid_variant', `unknown WriteSet variant ${variant}`, r.off);
  const n = r.length(2);
  const out: StateWrite[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const at = r.off;
    const key = readStateKeyBytes(r);
    if (i > 0 && compareBytes(out[i - 1]!.key, key) >= 0) throw new BcsError('non_canonical_map', `write set key ${i} is not after the one before it`, at);
    out[i] = { key, value: readWriteOpValue(r) };
  }
  return out;
}

// The tables of records/write-set.ts's `stateKey` and `writeOp`, whose variants these readers follow.
const STATE_KEY = variantTable('StateKeyInner', ['AccessPath', 'TableItem', 'Raw']);
const WRITE_OP = variantTable('PersistedWriteOp', ['Creation', 'Modification', 'Deletion', 'CreationWithMetadata', 'ModificationWithMetadata', 'DeletionWithMetadata']);
const METADATA = variantTable('PersistedStateValueMetadata', ['V0', 'V1']);

/** Skips `n` bytes (an unexpected_end error when they are not there). */
function skip(r: BcsReader, n: number): void {
  if (r.off + n > r.end) throw r.eof(n);
  r.off += n;
}

/** Skips a byte string: its ULEB128 length, then its bytes. */
function skipBytes(r: BcsReader): void {
  const at = r.off;
  const n = r.uleb128();
  if (n > r.maxLength) throw new BcsError('exceeded_max_length', `exceeded max sequence length: ${n}`, at);
  if (n > r.end - r.off) throw new BcsError('unexpected_end', `sequence length ${n} needs at least ${n} bytes, have ${r.end - r.off}`, at);
  r.off += n;
}

/**
 * A StateKey's bytes (records' `stateKey`: AccessPath { address, path } | TableItem { handle, key } |
 * Raw(bytes)), the same bytes and errors as `stateKey.schema.read`, without decoding it: a key is kept
 * and compared as bytes, and decoding one cost an address string and three objects (measured: a
 * quarter of what a replica's verification allocated on transfers).
 */
export function readStateKeyBytes(r: BcsReader): Uint8Array {
  const at = r.off;
  if (readVariant(r, STATE_KEY) !== 2) skip(r, 32);
  skipBytes(r);
  return r.buf.subarray(at, r.off);
}

/** A PersistedWriteOp's value (null for a deletion), as records' `writeOp` reads it, without its objects. */
export function readWriteOpValue(r: BcsReader): Uint8Array | null {
  const kind = readVariant(r, WRITE_OP);
  if (kind === 2) return null;
  const value = kind === 5 ? null : r.bytes();
  // The metadata (deposits and creation time, u64s) is not kept.
  if (kind >= 3) skip(r, readVariant(r, METADATA) === 0 ? 16 : 24);
  return value;
}
