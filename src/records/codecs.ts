import { accountResource, balance, eventHandle } from './account.js';
import { bcsBlock } from './block.js';
import { codecsOf, type CodecsOf } from '../transactions/internal.js';
import { contractEvent } from './events.js';
import { indexedTransactionSummary, replayProtector, transactionSummaries } from './summary.js';
import { blockEpiloguePayload, blockMetadata, blockMetadataExt, changeSet, transaction, transactionData, transactionOnChainData, validatorTransaction, writeSetPayload } from './transaction.js';
import { executionStatus, transactionInfo } from './transaction-info.js';
import { stateKey, stateValueMetadata, writeOp, writeSet } from './write-set.js';

// Every record type by its aptos-core name, declared once here: the codec map and its type both
// derive from this table.
const RECORD_DECLS = {
  AccountResource: accountResource,
  EventHandle: eventHandle,
  Balance: balance,
  IndexedTransactionSummary: indexedTransactionSummary,
  TransactionSummaries: transactionSummaries,
  ReplayProtector: replayProtector,
  BcsBlock: bcsBlock,
  Transaction: transaction,
  TransactionOnChainData: transactionOnChainData,
  TransactionData: transactionData,
  TransactionInfo: transactionInfo,
  ExecutionStatus: executionStatus,
  BlockMetadata: blockMetadata,
  BlockMetadataExt: blockMetadataExt,
  BlockEpiloguePayload: blockEpiloguePayload,
  ValidatorTransaction: validatorTransaction,
  WriteSetPayload: writeSetPayload,
  ChangeSet: changeSet,
  WriteSet: writeSet,
  StateKey: stateKey,
  WriteOp: writeOp,
  StateValueMetadata: stateValueMetadata,
  ContractEvent: contractEvent,
};

export type RecordCodecs = CodecsOf<typeof RECORD_DECLS>;

/** Every record type with its JSON-safe form, by its aptos-core name (e.g. for the CLI's `decode TYPE`). */
export function recordCodecs(): RecordCodecs {
  return codecsOf(RECORD_DECLS);
}
