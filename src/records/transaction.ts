import { address, bool, bytes, enumeration, hashValue, map, option, string, struct, u32, u64, vector } from './declare.js';
import { contractEvent } from './events.js';
import { script, signedTransaction } from './move-decls.js';
import { transactionInfo } from './transaction-info.js';
import { writeSet } from './write-set.js';

// The committed transaction, types/src/transaction/mod.rs `Transaction`, and its parts:
// types/src/block_metadata.rs, types/src/block_metadata_ext.rs, types/src/randomness.rs,
// types/src/validator_txn.rs, types/src/dkg/mod.rs, types/src/jwks/mod.rs,
// types/src/transaction/block_epilogue.rs, types/src/transaction/change_set.rs.

export const blockMetadata = struct('BlockMetadata', {
  id: hashValue,
  epoch: u64,
  round: u64,
  proposer: address,
  previousBlockVotesBitvec: bytes,
  failedProposerIndices: vector(u32),
  timestampUsecs: u64,
});

const randomness = struct('Randomness', {
  metadata: struct('RandMetadata', { epoch: u64, round: u64 }),
  randomness: bytes,
});

export const blockMetadataExt = enumeration('BlockMetadataExt', {
  V0: blockMetadata,
  // types/src/block_metadata_ext.rs `BlockMetadataWithRandomness`: BlockMetadata's fields, then the
  // randomness (spelled out: a spread at module level would keep this layer in unrelated bundles).
  V1: struct('BlockMetadataWithRandomness', {
    id: hashValue,
    epoch: u64,
    round: u64,
    proposer: address,
    previousBlockVotesBitvec: bytes,
    failedProposerIndices: vector(u32),
    timestampUsecs: u64,
    randomness: option(randomness),
  }),
});

/** aptos-bitvec `BitVec` serialises its bytes (`serde_bytes`); a BLS signature is its bytes too. */
const aggregateSignature = struct('AggregateSignature', { validatorBitmask: bytes, sig: option(bytes) });

export const validatorTransaction = enumeration('ValidatorTransaction', {
  DKGResult: struct('DKGTranscript', {
    metadata: struct('DKGTranscriptMetadata', { epoch: u64, author: address }),
    transcriptBytes: bytes,
  }),
  ObservedJWKUpdate: struct('QuorumCertifiedUpdate', {
    update: struct('ProviderJWKs', {
      issuer: bytes,
      version: u64,
      jwks: vector(struct('JWKMoveStruct', { variant: struct('Any', { typeName: string, data: bytes }) })),
    }),
    multiSig: aggregateSignature,
  }),
});

const blockEndInfo = enumeration('BlockEndInfo', {
  V0: struct('BlockEndInfoV0', {
    blockGasLimitReached: bool,
    blockOutputLimitReached: bool,
    blockEffectiveBlockGasUnits: u64,
    blockApproxOutputSize: u64,
  }),
});

export const blockEpiloguePayload = enumeration('BlockEpiloguePayload', {
  V0: struct('BlockEpiloguePayloadV0', { blockId: hashValue, blockEndInfo }),
  V1: struct('BlockEpiloguePayloadV1', {
    blockId: hashValue,
    blockEndInfo,
    feeDistribution: enumeration('FeeDistribution', { V0: struct('FeeDistributionV0', { amount: map(u64, u64) }) }),
  }),
});

export const changeSet = struct('ChangeSet', { writeSet, events: vector(contractEvent) });

export const writeSetPayload = enumeration('WriteSetPayload', {
  Direct: changeSet,
  Script: struct('WriteSetScript', { executeAs: address, script }),
});

/** Variant indices are the declaration order of `Transaction` in types/src/transaction/mod.rs. */
export const transaction = enumeration('Transaction', {
  UserTransaction: signedTransaction,
  GenesisTransaction: writeSetPayload,
  BlockMetadata: blockMetadata,
  StateCheckpoint: hashValue,
  ValidatorTransaction: validatorTransaction,
  BlockMetadataExt: blockMetadataExt,
  BlockEpilogue: blockEpiloguePayload,
});

/** api/types/src/transaction.rs `TransactionOnChainData`: a committed transaction with its proof parts. */
export const transactionOnChainData = struct('TransactionOnChainData', {
  version: u64,
  transaction,
  info: transactionInfo,
  events: vector(contractEvent),
  accumulatorRootHash: hashValue,
  changes: writeSet,
});

/** api/types/src/transaction.rs `TransactionData`: committed, or still pending in mempool. */
export const transactionData = enumeration('TransactionData', {
  OnChain: transactionOnChainData,
  Pending: signedTransaction,
});
