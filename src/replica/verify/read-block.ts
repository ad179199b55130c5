import { BcsError, BcsReader, compareBytes, isBcsError, ulebSize } from '../../bcs/index.js';
import { contractEvent, readBlockHeader, transaction, transactionInfo, type BlockHeader, type Transaction, type TransactionInfo } from '../../records/index.js';
import { ReplicaError } from '../errors.js';
import { readStateKeyBytes, readWriteOpValue, steppedSummary, stepUserTransaction, summaryOf, type ParsedSummary } from '../../ledger/internal.js';

// A BcsBlock (api/types/src/block.rs) read for verification: its header and, per transaction
// (api/types/src/transaction.rs `TransactionOnChainData`), the decoded parts a check needs and the
// spans of received bytes each hash is taken over. Nothing is re-encoded.

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

export interface WritePart {
  /** The BCS of the StateKey. */
  key: Uint8Array;
  /** The value written, or null for a deletion. */
  value: Uint8Array | null;
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
  /** Where the write set starts in `record`. */
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
  writes: WritePart[];
}

/** A received block's header (records' one BlockHeader) and its transactions' parts. */
export interface BlockParts extends BlockHeader {
  transactions: TransactionPart[];
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

/** types/src/write_set.rs `WriteSet::V0`: a map, so its keys strictly increase by their bytes. */
function readWrites(r: BcsReader): WritePart[] {
  const variant = r.uleb128();
  if (variant !== 0) throw new BcsError('invalid_variant', `unknown WriteSet variant ${variant}`, r.off);
  const n = r.length(2);
  const out: WritePart[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const at = r.off;
    const key = readStateKeyBytes(r);
    if (i > 0 && compareBytes(out[i - 1]!.key, key) >= 0) throw new BcsError('non_canonical_map', `write set key ${i} is not after the one before it`, at);
    out[i] = { key, value: readWriteOpValue(r) };
  }
  return out;
}

/** One `TransactionOnChainData` at `r` (a block's element, or a listing's). */
export function readTransaction(r: BcsReader): TransactionPart {
  const start = r.off;
  const version = r.u64();
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
  const writes = readWrites(r);
  // A user transaction's decoded fields die here (read for its summary), not kept for a whole batch.
  const hash = info.value.transactionHash;
  const summary = txn === undefined ? steppedSummary(head!, hash) : summaryOf(txn, transactionBytes, hash);
  const kept = txn === undefined || txn.$kind === 'UserTransaction' ? USER_TRANSACTION : txn;
  return { version, summary, record: r.buf.subarray(start, r.off), writesAt: at - start, transaction: kept, transactionBytes, info, infoBytes, events, accumulatorRootHash, changesBytes: r.buf.subarray(at, r.off), writes };
}

/** The block's parts; a block that does not parse is refused naming the transaction it failed in. */
export function readBlockParts(bytes: Uint8Array): BlockParts {
  const r = new BcsReader(bytes, { zeroCopy: true });
  let height: bigint | undefined;
  let version: bigint | undefined;
  try {
    const header = readBlockHeader(r);
    height = header.blockHeight;
    const out: BlockParts = { ...header, transactions: [] };
    if (r.remaining === 0) throw new ReplicaError('verification_failed', `block ${height}: no transactions (with_transactions=true is needed) (transactions)`, height, undefined, 'transactions');
    if (r.u8() !== 1) throw new ReplicaError('verification_failed', `block ${height}: expected 01 before its transactions (bytes)`, height, undefined, 'bytes');
    const n = r.length(1);
    version = header.firstVersion;
    for (let i = 0; i < n; i++, version++) out.transactions.push(readTransaction(r));
    if (r.remaining !== 0) throw new ReplicaError('verification_failed', `block ${height}: ${r.remaining} bytes after its transactions (bytes)`, height, undefined, 'bytes');
    return out;
  } catch (e) {
    if (isBcsError(e)) {
      const where = `block ${height ?? '?'}${version === undefined ? '' : `, version ${version}`}`;
      throw new ReplicaError('verification_failed', `${where}: ${e.message} (bytes)`, height, version, 'bytes');
    }
    throw e;
  }
}
