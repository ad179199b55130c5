// The ledger layer's API for the CLI, beyond its public index: the ledger file on disk (its own
// package entry, ledger-bcs/ledger/node, so the browser-safe index stays free of Node built-ins).
export { readLedgerFile, writeLedgerFile, nodeSha3 } from './node.js';
// The state endpoints' keys (the http layer).
export { keyAt, accountKey, objectGroupKey, coinStoreKeyTail, FEATURES_KEY } from './state-keys.js';
