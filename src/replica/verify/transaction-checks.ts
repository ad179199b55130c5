import { equalBytes, toHex } from '../../bcs/index.js';
import { ReplicaError, type ReplicaErrorField } from '../errors.js';
import { appendLeaf, infoHash, type Accumulator, type Hashers } from './hashers.js';

/** What the hash checks read of a transaction (the ledger's `TransactionPart` has it all). */
export interface HashedTransaction {
  version: bigint;
  transactionBytes: Uint8Array;
  infoBytes: Uint8Array;
  changesBytes: Uint8Array;
  accumulatorRootHash: Uint8Array;
  info: { value: { transactionHash: Uint8Array; eventRootHash: Uint8Array; stateChangeHash: Uint8Array } };
  events: readonly { bytes: Uint8Array }[];
}

/** What the hash checks read of a block. */
export interface HashedBlock {
  blockHeight: bigint;
  transactions: readonly HashedTransaction[];
}

// Per transaction, what its info commits to (types/src/transaction/mod.rs
// `TransactionOutput::ensure_match_transaction_info`): the transaction's hash, the events' root and
// the write set's hash; then the info itself, a leaf of the transaction accumulator, against the
// `accumulator_root_hash` served beside it (the root over versions 0..=v, storage/aptosdb
// transaction_accumulator_db.rs `get_root_hash`). Each check throws a ReplicaError naming block,
// version and field.

export function refusal(height: bigint, version: bigint | undefined, field: ReplicaErrorField, why: string, code: 'verification_failed' | 'witness_disagreed' = 'verification_failed'): ReplicaError {
  return new ReplicaError(code, `block ${height}${version === undefined ? '' : `, version ${version}`}: ${why} (${field})`, height, version, field);
}

/** sha3(seed("Transaction") ‖ bcs(Transaction)) == info.transaction_hash (hashed into a reused buffer). */
export function checkTransactionHash(h: Hashers, height: bigint, t: HashedTransaction): void {
  if (!h.seededIs(h.transaction, t.transactionBytes, t.info.value.transactionHash)) throw refusal(height, t.version, 'transaction_hash', "the transaction does not hash to its info's transaction_hash");
}

/** The event accumulator's root over the served events == info.event_root_hash (hashed in reused slots). */
export function checkEventRootHash(h: Hashers, height: bigint, t: HashedTransaction): void {
  const root = h.eventRootScratch(t.events.map((e) => e.bytes));
  if (!equalBytes(root, t.info.value.eventRootHash)) {
    // api/src/context.rs `maybe_translate_v2_to_v1_events`: an upstream with
    // `enable_event_v2_translation` serves translated events, whose root is not the committed one.
    throw refusal(height, t.version, 'event_root_hash', `the events do not hash to the info's event_root_hash ${toHex(t.info.value.eventRootHash)} (events altered, or an upstream that translates v2 events to v1)`);
  }
}

/** sha3(seed("WriteSet") ‖ bcs(WriteSet)) == info.state_change_hash. */
export function checkStateChangeHash(h: Hashers, height: bigint, t: HashedTransaction): void {
  if (!h.seededIs(h.writeSet, t.changesBytes, t.info.value.stateChangeHash)) throw refusal(height, t.version, 'state_change_hash', "the write set does not hash to its info's state_change_hash");
}

/**
 * Appends the info's hash to `acc` (the accumulator over versions before t) and checks the root over
 * 0..=t.version against the served `accumulator_root_hash` and, at a pinned version, the pin.
 */
export function checkAccumulatorRoot(h: Hashers, height: bigint, t: HashedTransaction, acc: Accumulator, pins: ReadonlyMap<bigint, Uint8Array>): void {
  appendLeaf(h, h.transactionNode, acc, infoHash(h, t.infoBytes));
  const root = h.rootScratch(h.transactionNode, acc);
  if (!equalBytes(root, t.accumulatorRootHash)) {
    throw refusal(height, t.version, 'accumulator_root_hash', `the accumulator over versions 0..=${t.version} has root ${toHex(root)}, the upstream sent ${toHex(t.accumulatorRootHash)}`);
  }
  const pinned = pins.get(t.version);
  if (pinned !== undefined && !equalBytes(root, pinned)) {
    throw refusal(height, t.version, 'accumulator_root_hash', `the accumulator root at version ${t.version} is ${toHex(root)}, not the trusted ${toHex(pinned)}`);
  }
}
