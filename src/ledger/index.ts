// ledger-bcs/ledger: the storage side of the interface. A `LedgerSource` is what a host implements
// (or the in-memory ledger provides); the HTTP handler answers the interface's endpoints over one.
// The public names only (pinned by test/exports.test.ts).
export type { LedgerSource, LedgerSummary, BlockInfo, StoredTransaction, SummariesQuery, MaybePromise } from './source.js';
