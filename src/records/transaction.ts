import type { Schema } from '../bcs/index.js';
import { address, bool, bytes, enumeration, hashValue, map, option, string, struct, u32, u64, vector, type Decl, type DeclInput, type DeclValue } from './declare.js';
import { contractEvent } from './events.js';
import { script, signedTransaction } from './move-decls.js';
import { transactionInfo } from './transaction-info.js';
import { writeSet } from './write-set.js';

// The committed transaction, types/src/transaction/mod.rs `Transaction`, and its parts:
// types/src/block_metadata.rs, types/src/block_metadata_ext.rs, types/src/randomness.rs,
// types/src/validator_txn.rs, types/src/dkg/mod.rs, types/src/jwks/mod.rs,
// types/src/transaction/block_epilogue.rs, types/src/transaction/change_set.rs.

export const blockMetadata = /* @__PURE__ */ struct('BlockMetadata', {
  id: hashValue,
  epoch: u64,
  round: u64,
  proposer: address,
  previousBlockVotesBitvec: bytes,
  failedProposerIndices: /* @__PURE__ */ vector(u32),
  timestampUsecs: u64,
});

const randomness = /* @__PURE__ */ struct('Randomness', {
  metadata: /* @__PURE__ */ struct('RandMetadata', { epoch: u64, round: u64 }),
  randomness: bytes,
});

export const blockMetadataExt = /* @__PURE__ */ enumeration('BlockMetadataExt', {
  V0: blockMetadata,
  // types/src/block_metadata_ext.rs `BlockMetadataWithRandomness`: BlockMetadata's fields, then the
  // randomness (spelled out: a spread at module level would keep this layer in unrelated bundles).
  V1: /* @__PURE__ */ struct('BlockMetadataWithRandomness', {
    id: hashValue,
    epoch: u64,
    round: u64,
    proposer: address,
    previousBlockVotesBitvec: bytes,
    failedProposerIndices: /* @__PURE__ */ vector(u32),
    timestampUsecs: u64,
    randomness: /* @__PURE__ */ option(randomness),
  }),
});

/** aptos-bitvec `BitVec` serialises its bytes (`serde_bytes`); a BLS signature is its bytes too. */
const aggregateSignature = /* @__PURE__ */ struct('AggregateSignature', { validatorBitmask: bytes, sig: /* @__PURE__ */ option(bytes) });

export const validatorTransaction = /* @__PURE__ */ enumeration('ValidatorTransaction', {
  DKGResult: /* @__PURE__ */ struct('DKGTranscript', {
    metadata: /* @__PURE__ */ struct('DKGTranscriptMetadata', { epoch: u64, author: address }),
    transcriptBytes: bytes,
  }),
  ObservedJWKUpdate: /* @__PURE__ */ struct('QuorumCertifiedUpdate', {
    update: /* @__PURE__ */ struct('ProviderJWKs', {
      issuer: bytes,
      version: u64,
      jwks: /* @__PURE__ */ vector(/* @__PURE__ */ struct('JWKMoveStruct', { variant: /* @__PURE__ */ struct('Any', { typeName: string, data: bytes }) })),
    }),
    multiSig: aggregateSignature,
  }),
});

const blockEndInfo = /* @__PURE__ */ enumeration('BlockEndInfo', {
  V0: /* @__PURE__ */ struct('BlockEndInfoV0', {
    blockGasLimitReached: bool,
    blockOutputLimitReached: bool,
    blockEffectiveBlockGasUnits: u64,
    blockApproxOutputSize: u64,
  }),
});

export const blockEpiloguePayload = /* @__PURE__ */ enumeration('BlockEpiloguePayload', {
  V0: /* @__PURE__ */ struct('BlockEpiloguePayloadV0', { blockId: hashValue, blockEndInfo }),
  V1: /* @__PURE__ */ struct('BlockEpiloguePayloadV1', {
    blockId: hashValue,
    blockEndInfo,
    feeDistribution: /* @__PURE__ */ enumeration('FeeDistribution', { V0: /* @__PURE__ */ struct('FeeDistributionV0', { amount: /* @__PURE__ */ map(u64, u64) }) }),
  }),
});

export const changeSet = /* @__PURE__ */ struct('ChangeSet', { writeSet, events: /* @__PURE__ */ vector(contractEvent) });

export const writeSetPayload = /* @__PURE__ */ enumeration('WriteSetPayload', {
  Direct: changeSet,
  Script: /* @__PURE__ */ struct('WriteSetScript', { executeAs: address, script }),
});

/** Variant indices are the declaration order of `Transaction` in types/src/transaction/mod.rs. */
export const transaction = /* @__PURE__ */ enumeration('Transaction', {
  UserTransaction: signedTransaction,
  GenesisTransaction: writeSetPayload,
  BlockMetadata: blockMetadata,
  StateCheckpoint: hashValue,
  ValidatorTransaction: validatorTransaction,
  BlockMetadataExt: blockMetadataExt,
  BlockEpilogue: blockEpiloguePayload,
});

/**
 * api/types/src/transaction.rs `TransactionOnChainData`: a committed transaction with its proof
 * parts. Its types are written out: inferred, the whole `Transaction` enum would be expanded
 * wherever a declaration file prints a type that embeds this one (blocks, `TransactionData`).
 * The annotation below checks them against the declaration.
 */
export interface TransactionOnChainData {
  version: DeclValue<typeof u64>;
  transaction: DeclValue<typeof transaction>;
  info: DeclValue<typeof transactionInfo>;
  events: DeclValue<typeof contractEvent>[];
  accumulatorRootHash: DeclValue<typeof hashValue>;
  changes: DeclValue<typeof writeSet>;
}
export interface TransactionOnChainDataInput {
  version: DeclInput<typeof u64>;
  transaction: DeclInput<typeof transaction>;
  info: DeclInput<typeof transactionInfo>;
  events: readonly DeclInput<typeof contractEvent>[];
  accumulatorRootHash: DeclInput<typeof hashValue>;
  changes: DeclInput<typeof writeSet>;
}
export const transactionOnChainData: Decl<Schema<TransactionOnChainData, TransactionOnChainDataInput>> = /* @__PURE__ */ struct('TransactionOnChainData', {
  version: u64,
  transaction,
  info: transactionInfo,
  events: /* @__PURE__ */ vector(contractEvent),
  accumulatorRootHash: hashValue,
  changes: writeSet,
});

/** api/types/src/transaction.rs `TransactionData`: committed, or still pending in mempool. */
export const transactionData = /* @__PURE__ */ enumeration('TransactionData', {
  OnChain: transactionOnChainData,
  Pending: signedTransaction,
});
