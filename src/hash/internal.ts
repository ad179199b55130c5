// The hash layer's API for the layers above, beyond its public index. Not exported from the package.
export { USER_TRANSACTION_PREFIX, objectAddress } from './hash.js';
export { stateKeyHasher } from './state-key.js';
