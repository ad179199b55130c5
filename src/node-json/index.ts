// The node's JSON of committed transactions (aptos-core api/types/src): Move values rendered by
// their struct layouts and read back, module and script ABIs parsed from bytecode, and (part B)
// every transaction kind, signature, payload, event and write-set change.
export {
  moveValueJson,
  parseMoveValueJson,
  moveResourceJson,
  parseMoveResourceJson,
  type MoveResourceJson,
} from './move-value-json.js';
export { prefetchLayouts } from './move-layouts.js';
export { tableItemDataJson, parseTableItemDataJson, type TableItemDataJson } from './move-table-json.js';
export { moduleBytecodeJson, scriptBytecodeJson, type MoveScriptBytecodeJson } from './move-bytecode-json.js';
export type { MoveModuleBytecodeJson } from '../submission/index.js';
// Part B: every transaction kind, its signature, payload, events and changes, blocks, read-back
// with hash checks (this entry loads sha3 for the hashes: see hashes.ts).
export {
  transactionJson,
  onChainTransactionJson,
  pendingTransactionJson,
  type TransactionJson,
  type TransactionJsonOptions,
} from './transaction-json.js';
export { parseTransactionJson, type ParseTransactionJsonOptions, type ParsedTransactionJson } from './transaction-read.js';
export { parseTransactionJsonAsync, parseNodeBlockJsonAsync } from './resolve-read.js';
export type { ReadVerification, UncheckedHash, OpaqueValue } from './read-report.js';
export { eventJson, parseEventJson, type EventJson } from './event-json.js';
export { signatureJson, parseSignatureJson, accountSignatureJson, parseAccountSignatureJson, type SignatureJson, type SignatureReadOptions } from './signature-json.js';
export { nodeBlockJson, blockTransactionsJson, parseNodeBlockJson, nodeJsonReader, type NodeBlockJson } from './block-json.js';
export { nodeJsonText, parseNodeJsonText } from './json-text.js';
export { eventRootHash } from './hashes.js';
export { type FunctionNameLookup, type FunctionIndexLookup } from './vm-status.js';
export { type TableInfoLookup } from './changes-json.js';
