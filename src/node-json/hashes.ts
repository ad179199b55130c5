import { encodeStateKey, transactionHash } from '../hash/index.js';
import { accumulatorRoot, appendLeaf, CONTRACT_EVENT_PREFIX, emptyAccumulator, EVENT_ACCUMULATOR_PREFIX, nobleSha3, STATE_KEY_PREFIX, USER_TRANSACTION_PREFIX, type Sha3 } from '../hash/internal.js';
import { contractEvent, transaction, type ContractEvent, type StateKey, type Transaction } from '../records/index.js';
import type { SignedTransaction } from '../transactions/index.js';

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
  const salted = (prefix: Uint8Array, body: Uint8Array) => sha3([prefix, body]);
  const node = (left: Uint8Array, right: Uint8Array) => sha3([nodePrefix, left, right]);
  // InMemoryAccumulator::from_leaves then compute_root_hash over the events' hashes (hash/accumulator.ts).
  const eventRoot = (events: readonly ContractEvent[]): Uint8Array => {
    const a = emptyAccumulator();
    for (const e of events) appendLeaf(a, salted(eventPrefix, contractEvent.schema.encode(e)), node);
    return accumulatorRoot(a, node);
  };
  return {
    transaction: (t) => (t.$kind === 'UserTransaction' ? transactionHash(t.value) : salted(USER_TRANSACTION_PREFIX, transaction.schema.encode(t))),
    signed: (t) => transactionHash(t),
    stateKey: (k) => sha3([STATE_KEY_PREFIX, encodeStateKey(k)]),
    eventRoot,
  };
}


/** A transaction's `event_root_hash` (TransactionInfo) from its events, as the executor builds it. */
export function eventRootHash(events: readonly ContractEvent[]): Uint8Array {
  return hashes().eventRoot(events);
}
