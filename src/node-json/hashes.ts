import { encodeStateKey, transactionHash } from '../hash/index.js';
import { CONTRACT_EVENT_PREFIX, EVENT_ACCUMULATOR_PREFIX, nobleSha3, STATE_KEY_PREFIX, USER_TRANSACTION_PREFIX, type Sha3 } from '../hash/internal.js';
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

/** ACCUMULATOR_PLACEHOLDER_HASH (aptos-crypto): the ASCII name, zero-padded to 32 bytes. */
function placeholderHash(): Uint8Array {
  const out = new Uint8Array(32);
  const name = 'ACCUMULATOR_PLACEHOLDER_HASH';
  for (let i = 0; i < name.length; i++) out[i] = name.charCodeAt(i);
  return out;
}

/**
 * Builds the hashers (their salts' prefixes are the hash layer's, hashed once at load) over `sha3`:
 * @noble/hashes by default, so the layer runs in browsers; a Node server passes node:crypto's
 * (ledger-bcs/ledger/node `nodeSha3`), several times faster on the state-key hashes a render takes.
 */
export function hashes(sha3: Sha3 = nobleSha3): Hashes {
  const eventPrefix = CONTRACT_EVENT_PREFIX;
  const nodePrefix = EVENT_ACCUMULATOR_PREFIX;
  const placeholder = placeholderHash();
  const salted = (prefix: Uint8Array, body: Uint8Array) => sha3([prefix, body]);
  const node = (left: Uint8Array, right: Uint8Array) => sha3([nodePrefix, left, right]);
  // InMemoryAccumulator::from_leaves then compute_root_hash: frozen subtree roots merged as
  // leaves arrive, then folded right to left with placeholders for the missing right halves.
  const eventRoot = (events: readonly ContractEvent[]): Uint8Array => {
    const frozen: Uint8Array[] = [];
    let n = 0;
    for (const e of events) {
      frozen.push(salted(eventPrefix, contractEvent.schema.encode(e)));
      for (let m = n; m & 1; m >>>= 1) {
        const right = frozen.pop()!;
        frozen.push(node(frozen.pop()!, right));
      }
      n++;
    }
    if (frozen.length === 0) return placeholder;
    if (frozen.length === 1) return frozen[0]!;
    let bits = n;
    while ((bits & 1) === 0) bits >>>= 1;
    let current = placeholder;
    let i = frozen.length;
    for (; bits > 0; bits >>>= 1) current = bits & 1 ? node(frozen[--i]!, current) : node(current, placeholder);
    return current;
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
