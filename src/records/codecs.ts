import { accountResource, balance, eventHandle } from './account.js';
import { bcsBlock } from './block.js';
import { toCodec } from './declare.js';
import { contractEvent } from './events.js';
import { indexedTransactionSummary, replayProtector, transactionSummaries } from './summary.js';
import { blockEpiloguePayload, blockMetadata, blockMetadataExt, changeSet, transaction, transactionData, transactionOnChainData, validatorTransaction, writeSetPayload } from './transaction.js';
import { executionStatus, transactionInfo } from './transaction-info.js';
import { stateKey, stateValueMetadata, writeOp, writeSet } from './write-set.js';

/** Every record type with its JSON-safe form, by its aptos-core name (e.g. for the CLI's `decode TYPE`). */
export function recordCodecs() {
  return {
    AccountResource: toCodec(accountResource),
    EventHandle: toCodec(eventHandle),
    Balance: toCodec(balance),
    IndexedTransactionSummary: toCodec(indexedTransactionSummary),
    TransactionSummaries: toCodec(transactionSummaries),
    ReplayProtector: toCodec(replayProtector),
    BcsBlock: toCodec(bcsBlock),
    Transaction: toCodec(transaction),
    TransactionOnChainData: toCodec(transactionOnChainData),
    TransactionData: toCodec(transactionData),
    TransactionInfo: toCodec(transactionInfo),
    ExecutionStatus: toCodec(executionStatus),
    BlockMetadata: toCodec(blockMetadata),
    BlockMetadataExt: toCodec(blockMetadataExt),
    BlockEpiloguePayload: toCodec(blockEpiloguePayload),
    ValidatorTransaction: toCodec(validatorTransaction),
    WriteSetPayload: toCodec(writeSetPayload),
    ChangeSet: toCodec(changeSet),
    WriteSet: toCodec(writeSet),
    StateKey: toCodec(stateKey),
    WriteOp: toCodec(writeOp),
    StateValueMetadata: toCodec(stateValueMetadata),
    ContractEvent: toCodec(contractEvent),
  } as const;
}
