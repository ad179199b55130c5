import { address, enumeration, struct, u64, vector } from '../transactions/internal.js';
import { hashValue } from './declare.js';

// types/src/transaction/mod.rs: `ReplayProtector { Nonce(u64), SequenceNumber(u64) }` and
// `IndexedTransactionSummary::V1 { sender, version, transaction_hash, replay_protector }`.

export const replayProtector = /* @__PURE__ */ enumeration('ReplayProtector', { Nonce: u64, SequenceNumber: u64 });

export const indexedTransactionSummary = /* @__PURE__ */ enumeration('IndexedTransactionSummary', {
  V1: /* @__PURE__ */ struct('IndexedTransactionSummaryV1', {
    sender: address,
    version: u64,
    transactionHash: hashValue,
    replayProtector,
  }),
});

/** GET /accounts/{address}/transaction_summaries. */
export const transactionSummaries = /* @__PURE__ */ vector(indexedTransactionSummary);
