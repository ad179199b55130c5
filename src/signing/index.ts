// `ledger-bcs/signing`: Ed25519 keys through the platform's WebCrypto, and the signed transaction
// of an encode_submission request. A separate entry point: it loads sha3 for the hash.
export { ed25519Signer, verifyEd25519Signature, type Ed25519Signer } from './ed25519.js';
export { privateKeyBytes, formatPrivateKey, AIP80_ED25519_PREFIX, type PrivateKeyInput } from './private-key.js';
export { signSubmission, type SignSubmissionOptions, type SignedSubmission, type SignerInput, type TransactionSigners } from './sign-submission.js';
export { SigningError, isSigningError, type SigningErrorCode } from './errors.js';
