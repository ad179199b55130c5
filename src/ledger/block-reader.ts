import { BcsError, BcsReader, equalBytes, isBcsError } from '../bcs/index.js';
import { nobleSha3, USER_TRANSACTION_PREFIX, type Sha3 } from '../hash/internal.js';
import { readBlockHeader, type BlockHeader } from '../records/index.js';
import { readBlockTransactionCount } from '../records/internal.js';
import { LedgerError } from './errors.js';
import { readTransactionPart, type ParsedSummary, type StateWrite, type TransactionPart } from './transaction-record.js';

// A BcsBlock (api/types/src/block.rs) read: its header (records' reader), the framing of its
// transactions (records' too), and each `TransactionOnChainData` (transaction-record.ts). The one
// reader of a received block, for the ledger's ingest (parseBlock, which checks each transaction's
// hash against its info's `transaction_hash`: sha3-256(prefix("APTOS::Transaction") ‖ bcs(Transaction)),
// as types/src/transaction/mod.rs `Transaction` hashes) and the replica's verifier (which checks that
// and more). Nothing is kept from a block that fails.

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

/** A block's header and its transactions' parts. */
export interface BlockParts extends BlockHeader {
  transactions: TransactionPart[];
}

/** How far a block's read got: its height once its header is read, the version of the transaction being read. */
export interface BlockReadPosition {
  height: bigint | undefined;
  version: bigint | undefined;
}

/**
 * The checks a reader of a block makes as it goes, in the order the node's data is read: after the
 * header and the transaction count (null: the block was sent without its transactions), after each
 * transaction's version, and after each transaction, before the next is read. So a block that fails
 * a check is refused for its first fault, however malformed what follows it.
 */
export interface BlockReadChecks {
  header?(header: BlockHeader, count: number | null): void;
  version?(version: bigint, index: number): void;
  transaction?(t: TransactionPart, index: number): void;
}

/** A block as `readBlockParts` reads it: its parts, or its header alone when it came without transactions. */
export type BlockRead = BlockParts | (BlockHeader & { transactions: null });

/**
 * Reads a block's header and each transaction's parts, views into `bytes` (zero-copy), running
 * `checks` as it goes. A malformed block is a BcsError, `at` (the caller's) then saying where the
 * read stopped (`readPosition`); the checks' errors are the caller's.
 */
export function readBlockParts(bytes: Uint8Array, at: BlockReadPosition, checks: BlockReadChecks = {}): BlockRead {
  const r = new BcsReader(bytes, { zeroCopy: true });
  const header = readBlockHeader(r);
  at.height = header.blockHeight;
  const n = readBlockTransactionCount(r);
  checks.header?.(header, n);
  if (n === null) return Object.assign(header, { transactions: null });
  const out = header as BlockParts;
  const txs: TransactionPart[] = (out.transactions = []);
  let version = out.firstVersion;
  let index = 0;
  const checkVersion = checks.version && ((v: bigint) => checks.version!(v, index));
  for (let i = 0; i < n; i++) {
    at.version = version++;
    index = i;
    const t = readTransactionPart(r, checkVersion);
    checks.transaction?.(t, i);
    txs.push(t);
  }
  at.version = undefined;
  if (r.remaining !== 0) throw new BcsError('remaining_input', `${r.remaining} bytes after its transactions`);
  return out;
}

/** Where a block's read stopped, for an error's message: its header, the block, or a transaction. */
function readPosition(at: BlockReadPosition): string {
  return at.height === undefined ? 'block header' : at.version === undefined ? `block ${at.height}` : `transaction ${at.version}`;
}

/** Reads and checks one block; `bytes` must stay unchanged while the ledger holds it (views, not copies). */
export function parseBlock(bytes: Uint8Array, sha3: Sha3 = nobleSha3): ParsedBlock {
  const at: BlockReadPosition = { height: undefined, version: undefined };
  let parsed: ParsedTransaction[] = [];
  let firstVersion = 0;
  const checks: BlockReadChecks = {
    header({ blockHeight: height, firstVersion: first, lastVersion: last }, n) {
      if (n === null) throw new LedgerError('incomplete_block', `block ${height} has no transactions (ingest needs them: with_transactions=true)`);
      if (last < first || last - first >= 0x7fffffffn || last > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new LedgerError('malformed', `block ${height}: last_version ${last} is before first_version ${first} or too far from it`);
      }
      if (BigInt(n) !== last - first + 1n) {
        throw new LedgerError('incomplete_block', `block ${height} spans versions ${first}..=${last} but carries ${n} transactions`);
      }
      parsed = new Array(n);
      firstVersion = Number(first);
    },
    version(v, i) {
      if (v !== BigInt(firstVersion + i)) throw new LedgerError('version_gap', `transaction at version ${firstVersion + i} says version ${v}`);
    },
    transaction(t, i) {
      const expected = firstVersion + i;
      const hash = sha3([USER_TRANSACTION_PREFIX, t.transactionBytes]);
      if (!equalBytes(hash, t.info.value.transactionHash)) throw new LedgerError('hash_mismatch', `transaction ${expected}: its hash is not its info's transaction_hash`);
      parsed[i] = ingestedTransaction(t);
    },
  };
  let b: BlockRead;
  try {
    b = readBlockParts(bytes, at, checks);
  } catch (e) {
    if (!isBcsError(e)) throw e;
    throw new LedgerError('malformed', `${readPosition(at)}: ${e.message}`);
  }
  // The header's object becomes the parsed block (its parts are dropped with this function's frame).
  return Object.assign(b as BlockHeader, { transactions: parsed });
}

/**
 * A transaction as a ledger keeps it, once its hash is checked (the ledger's, or the replica's
 * verifier's): its record, hash, writes, summary and v1 events (the event-key index's).
 */
export function ingestedTransaction(t: TransactionPart): ParsedTransaction {
  const events: ParsedEvent[] = [];
  for (const e of t.events) if (e.key !== undefined) events.push({ key: e.bytes.subarray(1, 41), sequenceNumber: e.sequenceNumber, bytes: e.bytes });
  return { version: Number(t.version), bytes: t.record, hash: t.info.value.transactionHash, writes: t.writes, writesAt: t.writesAt, summary: t.summary, events };
}
