// The package's main entry: the public names of each layer, each layer's index being an explicit
// list (test/exports.test.ts pins them all). `ledger-bcs/hash` (sha3) and `ledger-bcs/http` are
// separate entry points.
export * from './bcs/index.js';
export * from './move/index.js';
export * from './transactions/index.js';
export * from './submission/index.js';
export * from './client/index.js';
export * from './records/index.js';
