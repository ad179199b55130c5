// The records layer's API for the layers above, beyond its public index. Not exported from the
// package: what the layers above share of a record's one home without it being a public name. The
// X-SVC-* and X-Aptos-* header names (the http layer writes them in the node's order), and the
// access path record (the ledger, node-json and the replica build and read resource keys with it).
export { LEDGER_HEADERS, APTOS_LEDGER_HEADERS, ledgerTimestampHeader, type FixedLedgerHeaders } from './ledger-info.js';
export { accessPath } from './write-set.js';
// GET /v1's answer in both forms, declared once (the http layer's ledger-info route writes it).
export { indexResponseBcs, type IndexResponseJson } from './read-api.js';
// The block header's JSON reader and its required-field reader: node-json's readers build on them.
export { jsonField, jsonU64, readBlockHeaderJson } from './json-forms.js';
// A block's transactions framed after its header, as bytes: read (the ledger's and the replica's
// block readers) and written (the ledger file, the block endpoint, the replica's replay and splice).
export { encodeBlock, readBlockTransactionCount } from './block.js';
