import { address, bool, bytes, enumeration, map, option, string, struct, u32, u64, vector, type Decl, type DeclInput, type DeclSchema, type DeclValue } from '../transactions/internal.js';
import { hashValue } from './declare.js';
import { contractEvent } from './events.js';
import { script, signedTransaction } from './move-decls.js';
import { transactionInfo } from './transaction-info.js';
import { writeSet } from './write-set.js';

// The committed transaction, types/src/transaction/mod.rs `Transaction`, and its parts:
// types/src/block_metadata.rs, types/src/block_metadata_ext.rs, types/src/randomness.rs,
// types/src/validator_txn.rs, types/src/dkg/mod.rs, types/src/jwks/mod.rs,
// types/src/transaction/block_epilogue.rs, types/src/transaction/change_set.rs. Each record's schema
// type is named, so declaration files that embed it print the name (docs/wire-types.md).

const blockMetadataDecl = /* @__PURE__ */ struct('BlockMetadata', {
  id: hashValue,
  epoch: u64,
  round: u64,
  proposer: address,
  previousBlockVotesBitvec: bytes,
  failedProposerIndices: /* @__PURE__ */ vector(u32),
  timestampUsecs: u64,
});
export interface BlockMetadataSchema extends DeclSchema<typeof blockMetadataDecl> {}
export const blockMetadata: Decl<BlockMetadataSchema> = blockMetadataDecl;

const randomness = /* @__PURE__ */ struct('Randomness', {
  metadata: /* @__PURE__ */ struct('RandMetadata', { epoch: u64, round: u64 }),
  randomness: bytes,
});

const blockMetadataExtDecl = /* @__PURE__ */ enumeration('BlockMetadataExt', {
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
export interface BlockMetadataExtSchema extends DeclSchema<typeof blockMetadataExtDecl> {}
export const blockMetadataExt: Decl<BlockMetadataExtSchema> = blockMetadataExtDecl;

/** aptos-bitvec `BitVec` serialises its bytes (`serde_bytes`); a BLS signature is its bytes too. */
const aggregateSignature = /* @__PURE__ */ struct('AggregateSignature', { validatorBitmask: bytes, sig: /* @__PURE__ */ option(bytes) });

const validatorTransactionDecl = /* @__PURE__ */ enumeration('ValidatorTransaction', {
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
export interface ValidatorTransactionSchema extends DeclSchema<typeof validatorTransactionDecl> {}
export const validatorTransaction: Decl<ValidatorTransactionSchema> = validatorTransactionDecl;

const blockEndInfo = /* @__PURE__ */ enumeration('BlockEndInfo', {
  V0: /* @__PURE__ */ struct('BlockEndInfoV0', {
    blockGasLimitReached: bool,
    blockOutputLimitReached: bool,
    blockEffectiveBlockGasUnits: u64,
    blockApproxOutputSize: u64,
  }),
});

const blockEpiloguePayloadDecl = /* @__PURE__ */ enumeration('BlockEpiloguePayload', {
  V0: /* @__PURE__ */ struct('BlockEpiloguePayloadV0', { blockId: hashValue, blockEndInfo }),
  V1: /* @__PURE__ */ struct('BlockEpiloguePayloadV1', {
    blockId: hashValue,
    blockEndInfo,
    feeDistribution: /* @__PURE__ */ enumeration('FeeDistribution', { V0: /* @__PURE__ */ struct('FeeDistributionV0', { amount: /* @__PURE__ */ map(u64, u64) }) }),
  }),
});
export interface BlockEpiloguePayloadSchema extends DeclSchema<typeof blockEpiloguePayloadDecl> {}
export const blockEpiloguePayload: Decl<BlockEpiloguePayloadSchema> = blockEpiloguePayloadDecl;

const changeSetDecl = /* @__PURE__ */ struct('ChangeSet', { writeSet, events: /* @__PURE__ */ vector(contractEvent) });
export interface ChangeSetSchema extends DeclSchema<typeof changeSetDecl> {}
export const changeSet: Decl<ChangeSetSchema> = changeSetDecl;

const writeSetPayloadDecl = /* @__PURE__ */ enumeration('WriteSetPayload', {
  Direct: changeSet,
  Script: /* @__PURE__ */ struct('WriteSetScript', { executeAs: address, script }),
});
export interface WriteSetPayloadSchema extends DeclSchema<typeof writeSetPayloadDecl> {}
export const writeSetPayload: Decl<WriteSetPayloadSchema> = writeSetPayloadDecl;

/** Variant indices are the declaration order of `Transaction` in types/src/transaction/mod.rs. */
const transactionDecl = /* @__PURE__ */ enumeration('Transaction', {
  UserTransaction: signedTransaction,
  GenesisTransaction: writeSetPayload,
  BlockMetadata: blockMetadata,
  StateCheckpoint: hashValue,
  ValidatorTransaction: validatorTransaction,
  BlockMetadataExt: blockMetadataExt,
  BlockEpilogue: blockEpiloguePayload,
});
export interface TransactionSchema extends DeclSchema<typeof transactionDecl> {}
export const transaction: Decl<TransactionSchema> = transactionDecl;

/** api/types/src/transaction.rs `TransactionOnChainData`: a committed transaction with its proof parts. */
const transactionOnChainDataDecl = /* @__PURE__ */ struct('TransactionOnChainData', {
  version: u64,
  transaction,
  info: transactionInfo,
  events: /* @__PURE__ */ vector(contractEvent),
  accumulatorRootHash: hashValue,
  changes: writeSet,
});
export interface TransactionOnChainDataSchema extends DeclSchema<typeof transactionOnChainDataDecl> {}
export const transactionOnChainData: Decl<TransactionOnChainDataSchema> = transactionOnChainDataDecl;
export interface TransactionOnChainData extends DeclValue<typeof transactionOnChainData> {}
export interface TransactionOnChainDataInput extends DeclInput<typeof transactionOnChainData> {}

/** api/types/src/transaction.rs `TransactionData`: committed, or still pending in mempool. */
const transactionDataDecl = /* @__PURE__ */ enumeration('TransactionData', {
  OnChain: transactionOnChainData,
  Pending: signedTransaction,
});
export interface TransactionDataSchema extends DeclSchema<typeof transactionDataDecl> {}
export const transactionData: Decl<TransactionDataSchema> = transactionDataDecl;
