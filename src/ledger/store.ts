// ledger-bcs/ledger/store: the durable ledger on LMDB (Node only; the `lmdb` package is loaded when a
// store is opened, never by another entry). Same source contract and ingest rules as the memory
// ledger; key layouts after aptos-core's AptosDB schemas (src/ledger/store/keys.ts). The public names
// only (pinned by test/exports.test.ts).
export { openLedgerStore, type LedgerStore, type LedgerStoreOptions } from './store/ledger-store.js';
export { importLedgerFile, exportLedgerFile } from './store/files.js';
