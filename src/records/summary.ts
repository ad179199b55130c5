import { addressDecl, enumerationDecl, structDecl, u64Decl, vectorDecl } from '../transactions/internal.js';
import { hashValue } from './declare.js';

// types/src/transaction/mod.rs: `ReplayProtector { Nonce(u64), SequenceNumber(u64) }` and
// `IndexedTransactionSummary::V1 { sender, version, transaction_hash, replay_protector }`.

export const replayProtector = /* @__PURE__ */ enumerationDecl('ReplayProtector', { Nonce: u64Decl, SequenceNumber: u64Decl });

export const indexedTransactionSummary = /* @__PURE__ */ enumerationDecl('IndexedTransactionSummary', {
  V1: /* @__PURE__ */ structDecl('IndexedTransactionSummaryV1', {
    sender: addressDecl,
    version: u64Decl,
    transactionHash: hashValue,
    replayProtector,
  }),
});

/** GET /accounts/{address}/transaction_summaries. */
export const transactionSummaries = /* @__PURE__ */ vectorDecl(indexedTransactionSummary);
