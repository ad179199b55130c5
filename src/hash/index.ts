// `ledger-bcs/hash`: transaction hashes, state key hashes and authentication keys. A separate entry point because
// it loads sha3 (@noble/hashes), which costs more to import than the whole codec; encoding and
// signing messages need no hash function. The public names only (pinned by test/exports.test.ts).
export {
  hashPrefix,
  TRANSACTION_SALT,
  transactionHash,
  transactionHashHex,
  AuthenticationKeyScheme,
  authenticationKey,
  ed25519AuthenticationKey,
  multiEd25519AuthenticationKey,
  singleKeyAuthenticationKey,
  multiKeyAuthenticationKey,
} from './hash.js';
export { STATE_KEY_SALT, stateKeyHash, encodeStateKey, type StateKeyInput } from './state-key.js';
