import { accountResource, balance, eventHandle } from './account.js';
import { bcsBlock } from './block.js';
import { toCodec } from './declare.js';
import type { CodecOf } from '../transactions/declare.js';
import { contractEvent } from './events.js';
import { indexedTransactionSummary, replayProtector, transactionSummaries } from './summary.js';
import { blockEpiloguePayload, blockMetadata, blockMetadataExt, changeSet, transaction, transactionData, transactionOnChainData, validatorTransaction, writeSetPayload } from './transaction.js';
import { executionStatus, transactionInfo } from './transaction-info.js';
import { stateKey, stateValueMetadata, writeOp, writeSet } from './write-set.js';

/** Every record type with its JSON-safe form, by its aptos-core name (e.g. for the CLI's `decode TYPE`). */
export function recordCodecs(): RecordCodecs {
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
  };
}

// Written out so that declaration files name each codec's type instead of expanding it in place.
export interface RecordCodecs {
  readonly AccountResource: CodecOf<typeof accountResource>;
  readonly EventHandle: CodecOf<typeof eventHandle>;
  readonly Balance: CodecOf<typeof balance>;
  readonly IndexedTransactionSummary: CodecOf<typeof indexedTransactionSummary>;
  readonly TransactionSummaries: CodecOf<typeof transactionSummaries>;
  readonly ReplayProtector: CodecOf<typeof replayProtector>;
  readonly BcsBlock: CodecOf<typeof bcsBlock>;
  readonly Transaction: CodecOf<typeof transaction>;
  readonly TransactionOnChainData: CodecOf<typeof transactionOnChainData>;
  readonly TransactionData: CodecOf<typeof transactionData>;
  readonly TransactionInfo: CodecOf<typeof transactionInfo>;
  readonly ExecutionStatus: CodecOf<typeof executionStatus>;
  readonly BlockMetadata: CodecOf<typeof blockMetadata>;
  readonly BlockMetadataExt: CodecOf<typeof blockMetadataExt>;
  readonly BlockEpiloguePayload: CodecOf<typeof blockEpiloguePayload>;
  readonly ValidatorTransaction: CodecOf<typeof validatorTransaction>;
  readonly WriteSetPayload: CodecOf<typeof writeSetPayload>;
  readonly ChangeSet: CodecOf<typeof changeSet>;
  readonly WriteSet: CodecOf<typeof writeSet>;
  readonly StateKey: CodecOf<typeof stateKey>;
  readonly WriteOp: CodecOf<typeof writeOp>;
  readonly StateValueMetadata: CodecOf<typeof stateValueMetadata>;
  readonly ContractEvent: CodecOf<typeof contractEvent>;
}
