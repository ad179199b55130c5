// The records layer's API for the layers above, beyond its public index. Not exported from the package.
export { LEDGER_HEADERS } from './ledger-info.js';
export { accessPath } from './write-set.js';
