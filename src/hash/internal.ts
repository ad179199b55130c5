// The hash layer's API for the layers above, beyond its public index. Not exported from the package.
export { CONTRACT_EVENT_PREFIX, EVENT_ACCUMULATOR_PREFIX, USER_TRANSACTION_PREFIX, objectAddress } from './hash.js';
