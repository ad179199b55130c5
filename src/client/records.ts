import { bcs, BcsError, schema, type Infer } from '../bcs/index.js';

// PROVISIONAL: the records layer (src/records) has not landed its codecs yet; these are the minimal
// response schemas the client needs, to be replaced by the record codecs. Shapes from aptos-core:
// types/src/account_config/resources/core_account.rs `AccountResource`,
// types/src/transaction/mod.rs `IndexedTransactionSummary` / `ReplayProtector`,
// api/types/src/block.rs `BcsBlock` (transactions not decodable here yet).

const eventHandle = bcs.struct('EventHandle', {
  count: bcs.u64,
  key: bcs.struct('EventKey', { creationNumber: bcs.u64, accountAddress: bcs.address }),
});
const capabilityOffer = bcs.struct('CapabilityOffer', { forAddress: bcs.option(bcs.address) });

export const accountResource = bcs.struct('AccountResource', {
  authenticationKey: bcs.bytes,
  sequenceNumber: bcs.u64,
  guidCreationNum: bcs.u64,
  coinRegisterEvents: eventHandle,
  keyRotationEvents: eventHandle,
  rotationCapabilityOffer: capabilityOffer,
  signerCapabilityOffer: capabilityOffer,
});

const replayProtector = bcs.enum('ReplayProtector', { Nonce: bcs.u64, SequenceNumber: bcs.u64 });

export const indexedTransactionSummary = bcs.enum('IndexedTransactionSummary', {
  V1: bcs.struct('IndexedTransactionSummaryV1', {
    sender: bcs.address,
    version: bcs.u64,
    transactionHash: bcs.fixedBytes(32),
    replayProtector,
  }),
});

export const transactionSummaries = bcs.vector(indexedTransactionSummary);

const blockHeader = {
  blockHeight: bcs.u64,
  blockHash: bcs.fixedBytes(32),
  blockTimestamp: bcs.u64,
  firstVersion: bcs.u64,
  lastVersion: bcs.u64,
};

/** `BcsBlock` with `transactions: None` only (the provisional client cannot decode transactions). */
export const bcsBlock = bcs.struct('BcsBlock', {
  ...blockHeader,
  transactions: bcs.option(bcs.vector(schema<never>({
    name: 'TransactionOnChainData',
    write: () => notYet(),
    read: () => notYet(),
  }))),
});

function notYet(): never {
  throw new BcsError('not_supported', 'decoding TransactionOnChainData needs the record codecs');
}

export type AccountResource = Infer<typeof accountResource>;
export type IndexedTransactionSummary = Infer<typeof indexedTransactionSummary>;
export type BcsBlock = Infer<typeof bcsBlock>;
