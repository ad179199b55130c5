// The hash layer's API for the layers above, beyond its public index. Not exported from the package.
// The transaction hash's prefix, for the readers that hash a committed transaction's own bytes in
// place (the ledger's ingest, the replica's diagnosis, node-json's hashes) instead of re-encoding it;
// and the object address derivation (sha3(source ‖ seed ‖ scheme)), for the balance endpoint's stores.
export { USER_TRANSACTION_PREFIX, objectAddress } from './hash.js';
export { stateKeyHasher } from './state-key.js';
