// The ledger layer's API for the layers above, beyond its public index. For the CLI, the ledger
// file on disk (its own package entry, ledger-bcs/ledger/node, so the browser-safe index stays free
// of Node built-ins).
export { readLedgerFile, writeLedgerFile, nodeSha3 } from './node.js';
export { removeLeftoverTemps, writeFileDurably } from './durable-file.js';
// The state endpoints' keys (the http layer).
export { keyAt, accountKey, objectGroupKey, coinStoreKeyTail, FEATURES_KEY } from './state-keys.js';
// A state key's bytes as a Map key (the replica's read-through cache).
export { keyString } from './memory-state.js';
// The framework resources' keys the ledger reads (the replica reads and checks the same ones), and a
// resource's leading u64 (a balance, an epoch, a timestamp), little-endian.
export { BLOCK_RESOURCE_KEY, CHAIN_ID_KEY, CONFIGURATION_KEY, TIMESTAMP_KEY, leadingU64 } from './framework-state.js';
// The LMDB store, for the CLI: loaded only when a command is given --store (lmdb is a native addon).
export const loadLedgerStore = () => import('./store.js');
// The one reader of a received block and of its transactions (the replica's verifier, its diagnosis
// and its witnesses read them with it), and a block the verifier has read and checked, handed to a
// ledger's ingest as it is (not read again).
export { CHECKED_BLOCK, ingestedTransaction, readBlockParts, type BlockParts, type BlockRead, type BlockReadPosition, type CheckedBlock, type ParsedTransaction } from './block-reader.js';
export { readTransactionPart, type TransactionPart } from './transaction-record.js';
