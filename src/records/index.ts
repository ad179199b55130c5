// Ledger records: the BCS bodies and JSON forms of what the interface returns, and its ledger
// headers. Every record of `recordCodecs()` is also exported as its declaration (`{ schema, shape }`)
// under the same name in camelCase, so a bundle keeps only the records it uses. The public names
// only (pinned by test/exports.test.ts).
export { parseLedgerInfo, ledgerInfoHeaders, type LedgerInfo, type HeaderSource } from './ledger-info.js';
export { accountResource, eventHandle, balance } from './account.js';
export { replayProtector, indexedTransactionSummary, transactionSummaries } from './summary.js';
export { contractEvent } from './events.js';
export { stateKey, writeOp, stateValueMetadata, writeSet } from './write-set.js';
export { executionStatus, transactionInfo } from './transaction-info.js';
export {
  blockMetadata,
  blockMetadataExt,
  validatorTransaction,
  blockEpiloguePayload,
  changeSet,
  writeSetPayload,
  transaction,
  transactionOnChainData,
  transactionData,
} from './transaction.js';
export { bcsBlock, readBlockHeader, writeBlockHeader, BLOCK_HEADER_BYTES, type BcsBlock, type BcsBlockInput, type BlockHeader } from './block.js';
export { recordCodecs } from './codecs.js';
export { decodeResponse } from './decode-response.js';
export {
  ENDPOINTS,
  endpointSpec,
  type Endpoint,
  type EndpointSpec,
  type EndpointParam,
  type EndpointParamType,
  type EndpointApiType,
  type ResponseBodies,
  type ResponseJson,
} from './endpoints.js';
export { API_ERROR_CODES, ApiError, isApiError, errorBody, parseErrorBody, type ErrorBody, type ApiErrorCode } from './error-body.js';
export {
  accountDataJson,
  parseAccountDataJson,
  balanceJson,
  parseBalanceJson,
  transactionSummaryJson,
  parseTransactionSummaryJson,
  blockHeaderJson,
  blockJson,
  parseBlockJson,
  type AccountJson,
  type TransactionSummaryJson,
  type ReplayProtectorJson,
  type BlockJson,
  type BlockHeaderJson,
} from './json-forms.js';
export type {
  AccountResource,
  IndexedTransactionSummary,
  ReplayProtector,
  Transaction,
  TransactionInput,
  TransactionOnChainData,
  TransactionOnChainDataInput,
  TransactionData,
  TransactionInfo,
  ExecutionStatus,
  BlockMetadata,
  BlockMetadataExt,
  WriteSet,
  WriteOp,
  StateKey,
  ContractEvent,
} from './types.js';
