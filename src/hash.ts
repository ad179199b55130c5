// `ledger-bcs/hash`: transaction hashes and authentication keys. A separate entry point because
// it loads sha3 (@noble/hashes), which costs more to import than the whole codec; encoding and
// signing messages need no hash function.
export * from './transactions/hash.js';
