import { BcsWriter } from '../bcs/index.js';
import { accumulatorRoot, appendLeaf, CONTRACT_EVENT_PREFIX, emptyAccumulator, EVENT_ACCUMULATOR_PREFIX, nobleSha3, STATE_KEY_PREFIX, USER_TRANSACTION_PREFIX, writeStateKey, type Sha3 } from '../hash/internal.js';
import { contractEvent, transaction, type ContractEvent, type StateKey, type Transaction } from '../records/index.js';
import { writeSignedTransaction, type SignedTransaction } from '../transactions/index.js';

// The hashes the node's JSON carries or is keyed by. This file is why the layer is its own package
// entry (ledger-bcs/node-json): it loads sha3, which the main entry keeps out.

export interface Hashes {
  /** sha3(prefix("APTOS::Transaction") ‖ bcs(Transaction)): the `hash` of every committed kind. */
  transaction(t: Transaction): Uint8Array;
  /** The same for a user transaction, from its SignedTransaction alone (the pending `hash`). */
  signed(t: SignedTransaction): Uint8Array;
  /**
   * `state_key_hash`: sha3(prefix("APTOS::StateKey") ‖ StateKeyInner::encode()) (hash/state-key.ts;
   * the encoding is not the key's BCS).
   */
  stateKey(k: StateKey): Uint8Array;
  /**
   * `event_root_hash`: the root of InMemoryAccumulator<EventAccumulatorHasher> over the events'
   * hashes (sha3(prefix("APTOS::ContractEvent") ‖ bcs(ContractEvent))), as the executor builds
   * TransactionInfo (types/src/proof/accumulator/mod.rs).
   */
  eventRoot(events: readonly ContractEvent[]): Uint8Array;
}

/**
 * Builds the hashers (their salts' prefixes are the hash layer's, hashed once at load) over `sha3`:
 * @noble/hashes by default, so the layer runs in browsers; a Node server passes node:crypto's
 * (ledger-bcs/ledger/node `nodeSha3`), several times faster on the state-key hashes a render takes.
 */
export function hashes(sha3: Sha3 = nobleSha3): Hashes {
  const eventPrefix = CONTRACT_EVENT_PREFIX;
  const nodePrefix = EVENT_ACCUMULATOR_PREFIX;
  // Each hash input is written in this instance's writer and hashed where it lies: no copy of the
  // bytes per hash (a block read hashes a key per change, an event per event, every transaction).
  let w = new BcsWriter(256);
  const hashWritten = <T>(prefix: Uint8Array, write: (w: BcsWriter, v: T) => void, v: T): Uint8Array => {
    w.off = 0;
    w.depth = 0;
    w.recursion = 0;
    write(w, v);
    const digest = sha3([prefix, w.buf.subarray(0, w.off)]);
    if (w.buf.length > RETAIN_LIMIT) w = new BcsWriter(256);
    return digest;
  };
  const node = (left: Uint8Array, right: Uint8Array) => sha3([nodePrefix, left, right]);
  // InMemoryAccumulator::from_leaves then compute_root_hash over the events' hashes (hash/accumulator.ts).
  const eventRoot = (events: readonly ContractEvent[]): Uint8Array => {
    const a = emptyAccumulator();
    for (const e of events) appendLeaf(a, hashWritten(eventPrefix, contractEvent.schema.write, e), node);
    return accumulatorRoot(a, node);
  };
  const signed = (t: SignedTransaction) => hashWritten(USER_TRANSACTION_PREFIX, writeUserTransaction, t);
  return {
    transaction: (t) => (t.$kind === 'UserTransaction' ? signed(t.value) : hashWritten(USER_TRANSACTION_PREFIX, transaction.schema.write, t)),
    signed,
    stateKey: (k) => hashWritten(STATE_KEY_PREFIX, writeStateKey, k),
    eventRoot,
  };
}

/** A writer this large is dropped after its hash, not kept for the next. */
const RETAIN_LIMIT = 1 << 16;

/** bcs(Transaction::UserTransaction(t)): the variant, then the SignedTransaction (as hash/hash.ts `transactionHash`). */
function writeUserTransaction(w: BcsWriter, t: SignedTransaction): void {
  w.u8(0);
  writeSignedTransaction(w, t);
}

/** A transaction's `event_root_hash` (TransactionInfo) from its events, as the executor builds it. */
export function eventRootHash(events: readonly ContractEvent[]): Uint8Array {
  return hashes().eventRoot(events);
}
