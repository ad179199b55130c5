// Transactions: payloads, raw and signed transactions, authenticators, signing messages, compiled
// entry functions and the JSON-safe forms. Where each wire type lives: docs/wire-types.md.
export {
  entryFunction,
  writeEntryFunction,
  arg,
  type EntryFunction,
  type EntryFunctionInput,
  type EntryFunctionArg,
  type ValueWriter,
} from './entry-function.js';
export type { TypeArgInput } from './type-args.js';
export { script, transactionArgument, type Script, type ScriptInput, type TransactionArgument, type TransactionArgumentInput } from './script.js';
export { multisig, type Multisig, type MultisigInput, type MultisigTransactionPayload, type MultisigTransactionPayloadInput } from './multisig.js';
export {
  transactionPayloadInner,
  type TransactionPayloadInner,
  type TransactionPayloadInnerInput,
  type TransactionExecutable,
  type TransactionExecutableInput,
  type TransactionExtraConfig,
  type TransactionExtraConfigInput,
  type TransactionExtraConfigV1,
  type TransactionExtraConfigV1Input,
} from './payload-inner.js';
export {
  transactionPayload,
  writeTransactionPayload,
  writeEntryFunctionPayload,
  type TransactionPayload,
  type TransactionPayloadInput,
  type EntryFunctionPayloadInput,
  type EncodeOnlyEntryFunctionInput,
} from './payload.js';
export {
  rawTransaction,
  writeRawTransaction,
  writeRawTransactionWith,
  rawTransactionWithData,
  writeRawTransactionWithData,
  type RawTransaction,
  type RawTransactionInput,
  type RawTransactionWithData,
  type RawTransactionWithDataInput,
} from './raw-transaction.js';
export {
  ed25519PublicKey,
  ed25519Signature,
  secp256k1PublicKey,
  secp256k1Signature,
  secp256r1PublicKey,
  secp256r1Signature,
  slhDsaPublicKey,
  keylessPublicKey,
  federatedKeylessPublicKey,
  anyPublicKey,
  assertionSignature,
  webAuthnSignature,
  ephemeralPublicKey,
  ephemeralSignature,
  zkProof,
  ephemeralCertificate,
  keylessSignature,
  anySignature,
  multiKey,
  bitVec,
  multiEd25519PublicKey,
  multiEd25519Signature,
  MAX_MULTI_KEY_KEYS,
  MAX_BITVEC_BYTES,
  MAX_MULTI_ED25519_KEYS,
  type KeylessPublicKey,
  type AnyPublicKey,
  type AnyPublicKeyInput,
  type KeylessSignature,
  type AnySignature,
  type AnySignatureInput,
  type MultiKey,
  type MultiKeyInput,
  type MultiEd25519PublicKey,
  type MultiEd25519PublicKeyInput,
  type MultiEd25519Signature,
  type MultiEd25519SignatureInput,
} from './keys.js';
export { bitmapFromIndices, indicesFromBitmap } from './bitmap.js';
export {
  accountAuthenticator,
  transactionAuthenticator,
  functionInfo,
  abstractionAuthData,
  type Ed25519Pair,
  type FunctionInfo,
  type AbstractionAuthData,
  type AbstractionAuthDataInput,
  type AccountAuthenticator,
  type AccountAuthenticatorInput,
  type TransactionAuthenticator,
  type TransactionAuthenticatorInput,
} from './authenticator.js';
export {
  signedTransaction,
  writeSignedTransaction,
  ed25519Authenticator,
  transactionAuthenticatorFor,
  assembleSignedTransaction,
  type SignedTransaction,
  type SignedTransactionInput,
  type SignerAuthenticator,
} from './signed-transaction.js';
export {
  signingMessage,
  multiAgentSigningMessage,
  feePayerSigningMessage,
  transactionSigningMessage,
  entryFunctionSigningMessage,
  encodeEntryFunctionTransaction,
  RAW_TRANSACTION_SALT,
  RAW_TRANSACTION_WITH_DATA_SALT,
  RAW_TRANSACTION_PREFIX_HEX,
  RAW_TRANSACTION_WITH_DATA_PREFIX_HEX,
} from './signing-message.js';
export {
  compileEntryFunction,
  type CompiledEntryFunction,
  type EntryFunctionSignature,
  type EntryFunctionParam,
  type EntryFunctionCallInput,
  type ParamInput,
  type ParamInputs,
} from './compiled-entry-function.js';
export { toJsonSafe, fromJsonSafe, parseDecimal, type JsonValue, type Shape, type SmallIntShape, type BigIntShape } from './json.js';
export { codec, type Codec } from './declare.js';
export { transactionCodecs } from './codecs.js';
