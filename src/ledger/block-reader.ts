import { BcsError, BcsReader, compareBytes, equalBytes, isBcsError, type Address } from '../bcs/index.js';
import { readVariant, variantTable } from '../bcs/internal.js';
import { nobleSha3, USER_TRANSACTION_PREFIX, type Sha3 } from '../hash/internal.js';
import { contractEvent, readBlockHeader, transaction, transactionInfo, type BlockHeader, type ReplayProtector, type Transaction } from '../records/index.js';
import { LedgerError } from './errors.js';

// One BcsBlock (api/types/src/block.rs) read for ingest: its header, and per transaction the span of
// its `TransactionOnChainData`, its state writes and, for a user transaction, its summary
// (storage/aptosdb `TransactionSummariesByAccountSchema`). Each transaction's hash is checked against
// its info's `transaction_hash`: sha3-256(prefix("APTOS::Transaction") ‖ bcs(Transaction)), as
// types/src/transaction/mod.rs `Transaction` hashes. Nothing is kept from a block that fails.

export interface StateWrite {
  /** The BCS of the state key. */
  key: Uint8Array;
  /** The new value, or null for a deletion. */
  value: Uint8Array | null;
}

export interface ParsedSummary {
  sender: Address;
  /** The sender's 32 bytes. */
  senderBytes: Uint8Array;
  hash: Uint8Array;
  replayProtector: ReplayProtector;
}

/** A v1 event (`ContractEvent::V1`): its key (creation number u64 ‖ address, 40 bytes), sequence number and BCS. */
export interface ParsedEvent {
  key: Uint8Array;
  sequenceNumber: bigint;
  bytes: Uint8Array;
}

export interface ParsedTransaction {
  version: number;
  bytes: Uint8Array;
  /** The transaction's hash (checked against its info's `transaction_hash`). */
  hash: Uint8Array;
  writes: StateWrite[];
  /** Where its write set starts in `bytes` (the record's last field), for a store's pruner to read it again. */
  writesAt: number;
  summary: ParsedSummary | undefined;
  /** Its v1 events, for the event-key index (v2 events have no key). */
  events: ParsedEvent[];
}

/** The block's header, and each transaction read for ingest. */
export interface ParsedBlock extends BlockHeader {
  transactions: ParsedTransaction[];
}

/**
 * A block its reader has read and checked already (the replica's verifier, which checks every hash
 * parseBlock does and more): a ledger takes its parts as they are, without reading or hashing the
 * block again; only its place (height, versions) is checked. Its views must stay unchanged.
 */
export interface CheckedBlock {
  readonly [CHECKED_BLOCK]: ParsedBlock;
}

/**
 * The key of a `CheckedBlock`'s parts: a symbol, so that no decoded or JSON-parsed block input can
 * carry it by accident (a plain `checked` field could ride along on a `BcsBlockInput` and skip every
 * check). Registered, as the replica and the store are separate bundles.
 */
export const CHECKED_BLOCK: unique symbol = Symbol.for('ledger-bcs.ledger.checked-block') as never;

// sha3-256 over chunks: its home is the hash layer (node-json renders state-key hashes with it too).
export { nobleSha3, type Sha3 };

function malformed(e: unknown, where: string): never {
  if (isBcsError(e)) throw new LedgerError('malformed', `${where}: ${e.message}`);
  throw e;
}

/** Reads and checks one block; `bytes` must stay unchanged while the ledger holds it (views, not copies). */
export function parseBlock(bytes: Uint8Array, sha3: Sha3 = nobleSha3): ParsedBlock {
  const r = new BcsReader(bytes, { zeroCopy: true });
  let out: ParsedBlock;
  try {
    out = readBlockHeader(r) as ParsedBlock;
  } catch (e) {
    return malformed(e, 'block header');
  }
  const { blockHeight: height, firstVersion: first, lastVersion: last } = out;
  if (r.remaining === 0) throw new LedgerError('incomplete_block', `block ${height} has no transactions (ingest needs them: with_transactions=true)`);
  if (last < first || last - first >= 0x7fffffffn || last > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new LedgerError('malformed', `block ${height}: last_version ${last} is before first_version ${first} or too far from it`);
  }
  out.transactions = [];
  const firstVersion = Number(first);
  let n: number;
  try {
    if (r.u8() !== 1) throw new LedgerError('malformed', `block ${height}: expected 01 before its transactions`);
    n = r.length(1);
  } catch (e) {
    return malformed(e, `block ${height}`);
  }
  if (BigInt(n) !== last - first + 1n) {
    throw new LedgerError('incomplete_block', `block ${height} spans versions ${first}..=${last} but carries ${n} transactions`);
  }
  for (let i = 0; i < n; i++) out.transactions.push(readTransaction(r, firstVersion + i, sha3));
  if (r.remaining !== 0) throw new LedgerError('malformed', `block ${height}: ${r.remaining} bytes after its transactions`);
  return out;
}

function readTransaction(r: BcsReader, expected: number, sha3: Sha3): ParsedTransaction {
  const start = r.off;
  try {
    const version = r.u64();
    if (version !== BigInt(expected)) throw new LedgerError('version_gap', `transaction at version ${expected} says version ${version}`);
    const txStart = r.off;
    const txn = transaction.schema.read(r);
    const txEnd = r.off;
    const info = transactionInfo.schema.read(r);
    const events = readV1Events(r);
    r.raw(32);
    const writesAt = r.off - start;
    const writes = readWriteSet(r);
    const hash = sha3([USER_TRANSACTION_PREFIX, r.buf.subarray(txStart, txEnd)]);
    if (!equalBytes(hash, info.value.transactionHash)) {
      throw new LedgerError('hash_mismatch', `transaction ${expected}: its hash is not its info's transaction_hash`);
    }
    const summary = summaryOf(txn, r.buf.subarray(txStart, txEnd), hash);
    return { version: expected, bytes: r.buf.subarray(start, r.off), hash, writes, writesAt, summary, events };
  } catch (e) {
    return malformed(e, `transaction ${expected}`);
  }
}

/** A user transaction's summary (`transactionBytes`: its BCS, variant byte first; `hash`: its checked hash). */
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

/** The transaction's `Vec<ContractEvent>`, keeping the V1 ones (variant 0: key, sequence number, type, data). */
function readV1Events(r: BcsReader): ParsedEvent[] {
  const out: ParsedEvent[] = [];
  for (let n = r.length(1); n > 0; n--) {
    const at = r.off;
    const e = contractEvent.schema.read(r);
    if (e.$kind === 'V1') out.push({ key: r.buf.subarray(at + 1, at + 41), sequenceNumber: e.value.sequenceNumber, bytes: r.buf.subarray(at, r.off) });
  }
  return out;
}

/** types/src/write_set.rs `WriteSet::V0`: keys strictly increasing by their bytes, as the map requires. */
export function readWriteSet(r: BcsReader): StateWrite[] {
  const variant = r.uleb128();
  if (variant !== 0) throw new LedgerError('malformed', `unknown WriteSet variant ${variant}`);
  const n = r.length(2);
  const out: StateWrite[] = new Array(n);
  let prev: Uint8Array | undefined;
  for (let i = 0; i < n; i++) {
    const key = readStateKeyBytes(r);
    if (prev !== undefined && compareBytes(prev, key) >= 0) throw new LedgerError('malformed', `write set key ${i} is not after the one before it`);
    prev = key;
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
