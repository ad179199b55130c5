import {
  addressDecl,
  boolDecl,
  bytesDecl,
  enumerationDecl,
  mapDecl,
  optionDecl,
  stringDecl,
  structDecl,
  u32Decl,
  u64Decl,
  vectorDecl,
  type Decl,
  type DeclInput,
  type DeclSchema,
  type DeclValue,
} from '../transactions/internal.js';
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

const blockMetadataDecl = /* @__PURE__ */ structDecl('BlockMetadata', {
  id: hashValue,
  epoch: u64Decl,
  round: u64Decl,
  proposer: addressDecl,
  previousBlockVotesBitvec: bytesDecl,
  failedProposerIndices: /* @__PURE__ */ vectorDecl(u32Decl),
  timestampUsecs: u64Decl,
});
export interface BlockMetadataSchema extends DeclSchema<typeof blockMetadataDecl> {}
export const blockMetadata: Decl<BlockMetadataSchema> = blockMetadataDecl;

const randomness = /* @__PURE__ */ structDecl('Randomness', {
  metadata: /* @__PURE__ */ structDecl('RandMetadata', { epoch: u64Decl, round: u64Decl }),
  randomness: bytesDecl,
});

const blockMetadataExtDecl = /* @__PURE__ */ enumerationDecl('BlockMetadataExt', {
  V0: blockMetadata,
  // types/src/block_metadata_ext.rs `BlockMetadataWithRandomness`: BlockMetadata's fields, then the
  // randomness (spelled out: a spread at module level would keep this layer in unrelated bundles).
  V1: /* @__PURE__ */ structDecl('BlockMetadataWithRandomness', {
    id: hashValue,
    epoch: u64Decl,
    round: u64Decl,
    proposer: addressDecl,
    previousBlockVotesBitvec: bytesDecl,
    failedProposerIndices: /* @__PURE__ */ vectorDecl(u32Decl),
    timestampUsecs: u64Decl,
    randomness: /* @__PURE__ */ optionDecl(randomness),
  }),
});
export interface BlockMetadataExtSchema extends DeclSchema<typeof blockMetadataExtDecl> {}
export const blockMetadataExt: Decl<BlockMetadataExtSchema> = blockMetadataExtDecl;

/** aptos-bitvec `BitVec` serialises its bytes (`serde_bytes`); a BLS signature is its bytes too. */
const aggregateSignature = /* @__PURE__ */ structDecl('AggregateSignature', { validatorBitmask: bytesDecl, sig: /* @__PURE__ */ optionDecl(bytesDecl) });

const validatorTransactionDecl = /* @__PURE__ */ enumerationDecl('ValidatorTransaction', {
  DKGResult: /* @__PURE__ */ structDecl('DKGTranscript', {
    metadata: /* @__PURE__ */ structDecl('DKGTranscriptMetadata', { epoch: u64Decl, author: addressDecl }),
    transcriptBytes: bytesDecl,
  }),
  ObservedJWKUpdate: /* @__PURE__ */ structDecl('QuorumCertifiedUpdate', {
    update: /* @__PURE__ */ structDecl('ProviderJWKs', {
      issuer: bytesDecl,
      version: u64Decl,
      jwks: /* @__PURE__ */ vectorDecl(/* @__PURE__ */ structDecl('JWKMoveStruct', { variant: /* @__PURE__ */ structDecl('Any', { typeName: stringDecl, data: bytesDecl }) })),
    }),
    multiSig: aggregateSignature,
  }),
});
export interface ValidatorTransactionSchema extends DeclSchema<typeof validatorTransactionDecl> {}
export const validatorTransaction: Decl<ValidatorTransactionSchema> = validatorTransactionDecl;

const blockEndInfo = /* @__PURE__ */ enumerationDecl('BlockEndInfo', {
  V0: /* @__PURE__ */ structDecl('BlockEndInfoV0', {
    blockGasLimitReached: boolDecl,
    blockOutputLimitReached: boolDecl,
    blockEffectiveBlockGasUnits: u64Decl,
    blockApproxOutputSize: u64Decl,
  }),
});

const blockEpiloguePayloadDecl = /* @__PURE__ */ enumerationDecl('BlockEpiloguePayload', {
  V0: /* @__PURE__ */ structDecl('BlockEpiloguePayloadV0', { blockId: hashValue, blockEndInfo }),
  V1: /* @__PURE__ */ structDecl('BlockEpiloguePayloadV1', {
    blockId: hashValue,
    blockEndInfo,
    feeDistribution: /* @__PURE__ */ enumerationDecl('FeeDistribution', { V0: /* @__PURE__ */ structDecl('FeeDistributionV0', { amount: /* @__PURE__ */ mapDecl(u64Decl, u64Decl) }) }),
  }),
});
export interface BlockEpiloguePayloadSchema extends DeclSchema<typeof blockEpiloguePayloadDecl> {}
export const blockEpiloguePayload: Decl<BlockEpiloguePayloadSchema> = blockEpiloguePayloadDecl;

const changeSetDecl = /* @__PURE__ */ structDecl('ChangeSet', { writeSet, events: /* @__PURE__ */ vectorDecl(contractEvent) });
export interface ChangeSetSchema extends DeclSchema<typeof changeSetDecl> {}
export const changeSet: Decl<ChangeSetSchema> = changeSetDecl;

const writeSetPayloadDecl = /* @__PURE__ */ enumerationDecl('WriteSetPayload', {
  Direct: changeSet,
  Script: /* @__PURE__ */ structDecl('WriteSetScript', { executeAs: addressDecl, script }),
});
export interface WriteSetPayloadSchema extends DeclSchema<typeof writeSetPayloadDecl> {}
export const writeSetPayload: Decl<WriteSetPayloadSchema> = writeSetPayloadDecl;

/** Variant indices are the declaration order of `Transaction` in types/src/transaction/mod.rs. */
const transactionDecl = /* @__PURE__ */ enumerationDecl('Transaction', {
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
const transactionOnChainDataDecl = /* @__PURE__ */ structDecl('TransactionOnChainData', {
  version: u64Decl,
  transaction,
  info: transactionInfo,
  events: /* @__PURE__ */ vectorDecl(contractEvent),
  accumulatorRootHash: hashValue,
  changes: writeSet,
});
export interface TransactionOnChainDataSchema extends DeclSchema<typeof transactionOnChainDataDecl> {}
export const transactionOnChainData: Decl<TransactionOnChainDataSchema> = transactionOnChainDataDecl;
export interface TransactionOnChainData extends DeclValue<typeof transactionOnChainData> {}
export interface TransactionOnChainDataInput extends DeclInput<typeof transactionOnChainData> {}

/** api/types/src/transaction.rs `TransactionData`: committed, or still pending in mempool. */
const transactionDataDecl = /* @__PURE__ */ enumerationDecl('TransactionData', {
  OnChain: transactionOnChainData,
  Pending: signedTransaction,
});
export interface TransactionDataSchema extends DeclSchema<typeof transactionDataDecl> {}
export const transactionData: Decl<TransactionDataSchema> = transactionDataDecl;
