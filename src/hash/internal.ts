// The hash layer's API for the layers above, beyond its public index. Not exported from the package.
// The transaction, contract event and event accumulator hashers' prefixes, for the readers that hash
// a committed transaction's own bytes in place (the ledger's ingest, the replica's diagnosis and
// verifier, node-json's hashes) instead of re-encoding it; and the object address derivation
// (sha3(source ‖ seed ‖ scheme)), for the balance endpoint's stores.
export { CONTRACT_EVENT_PREFIX, EVENT_ACCUMULATOR_PREFIX, USER_TRANSACTION_PREFIX, objectAddress } from './hash.js';
// sha3-256 over chunks, swappable (the ledger's ingest and node-json's hashes take Node's own), and
// the state key hasher's prefix, for a state key hash taken with it.
export { nobleSha3, type Sha3, type Sha3Into } from './hash.js';
export { STATE_KEY_PREFIX, writeStateKey } from './state-key.js';
// The one InMemoryAccumulator (event roots in node-json and the verifier, the transaction accumulator).
export { ACCUMULATOR_PLACEHOLDER_HASH, accumulatorRoot, appendLeaf, copyAccumulator, emptyAccumulator, type Accumulator, type AccumulatorNode } from './accumulator.js';
