import { sha3_256 } from '@noble/hashes/sha3.js';
import { hashPrefix, transactionHash } from '../hash/index.js';
import { stateKey, transaction, type StateKey, type Transaction } from '../records/index.js';
import type { SignedTransaction } from '../transactions/index.js';

// The hashes the node's JSON carries or is keyed by. This file is why the layer is its own package
// entry (ledger-bcs/node-json): it loads sha3, which the main entry keeps out.

export interface Hashes {
  /** sha3(prefix("APTOS::Transaction") ‖ bcs(Transaction)): the `hash` of every committed kind. */
  transaction(t: Transaction): Uint8Array;
  /** The same for a user transaction, from its SignedTransaction alone (the pending `hash`). */
  signed(t: SignedTransaction): Uint8Array;
  /** `state_key_hash`: sha3(prefix("APTOS::StateKeyInner") ‖ bcs(StateKeyInner)). */
  stateKey(k: StateKey): Uint8Array;
}

/** Builds the hashers (prefixes computed once per call, no module-level state). */
export function hashes(): Hashes {
  const txPrefix = hashPrefix('APTOS::Transaction');
  const keyPrefix = hashPrefix('APTOS::StateKeyInner');
  const salted = (prefix: Uint8Array, body: Uint8Array) => sha3_256.create().update(prefix).update(body).digest();
  return {
    transaction: (t) => (t.$kind === 'UserTransaction' ? transactionHash(t.value) : salted(txPrefix, transaction.schema.encode(t))),
    signed: (t) => transactionHash(t),
    stateKey: (k) => salted(keyPrefix, stateKey.schema.encode(k)),
  };
}

