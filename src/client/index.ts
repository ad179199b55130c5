// The client for the interface's six endpoints: parameters validated, BCS answers decoded, ledger
// headers parsed, errors typed, encode_submission answers verified against the request.
export {
  createLedgerClient,
  type LedgerClient,
  type LedgerClientOptions,
  type CallOptions,
  type FormatOption,
  type VersionOptions,
  type SummariesOptions,
  type BlockOptions,
  type HealthyOptions,
  type NodeJsonReader,
} from './client.js';
export {
  abiResolverFrom,
  SIGNED_TRANSACTION_BCS,
  type TransactionCalls,
  type WaitOptions,
} from './transactions.js';
export { type TransactionStatusJson, type PendingTransactionJson } from './transaction-json.js';
export { TransactionWaitError, isTransactionWaitError, type TransactionWaitErrorKind } from './wait-error.js';
export { type LedgerReads, type TransactionsOptions, type ResourceOptions, type RawBlockOptions } from './reads.js';
export { type EncodedSubmission, type EncodeSubmissionCallOptions } from './submit.js';
export { type LedgerResult, type ResponseFormat } from './types.js';
export { type FetchLike } from './transport.js';
export { type IntegerInput } from './params.js';
export {
  LedgerApiError,
  LedgerNetworkError,
  LedgerResponseError,
  SigningMessageMismatchError,
  isLedgerApiError,
  isLedgerNetworkError,
  isLedgerResponseError,
  isSigningMessageMismatchError,
  MAX_ERROR_MESSAGE_LENGTH,
  type LedgerNetworkErrorKind,
  type LedgerResponseErrorCode,
} from './errors.js';
