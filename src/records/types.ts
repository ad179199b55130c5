import type { DeclInput, DeclValue } from '../transactions/internal.js';
import type { accountResource } from './account.js';
import type { contractEvent } from './events.js';
import type { indexedTransactionSummary, replayProtector } from './summary.js';
import type { blockMetadata, blockMetadataExt, transaction, transactionData } from './transaction.js';
import type { executionStatus, transactionInfo } from './transaction-info.js';
import type { stateKey, writeOp, writeSet } from './write-set.js';

// The decoded (plain-data) types of the records, inferred from their declarations.
export type AccountResource = DeclValue<typeof accountResource>;
export type IndexedTransactionSummary = DeclValue<typeof indexedTransactionSummary>;
export type ReplayProtector = DeclValue<typeof replayProtector>;
export type Transaction = DeclValue<typeof transaction>;
export type TransactionInput = DeclInput<typeof transaction>;
export type { TransactionOnChainData, TransactionOnChainDataInput } from './transaction.js';
export type TransactionData = DeclValue<typeof transactionData>;
export type TransactionInfo = DeclValue<typeof transactionInfo>;
export type ExecutionStatus = DeclValue<typeof executionStatus>;
export type BlockMetadata = DeclValue<typeof blockMetadata>;
export type BlockMetadataExt = DeclValue<typeof blockMetadataExt>;
export type WriteSet = DeclValue<typeof writeSet>;
export type WriteOp = DeclValue<typeof writeOp>;
export type StateKey = DeclValue<typeof stateKey>;
export type ContractEvent = DeclValue<typeof contractEvent>;
