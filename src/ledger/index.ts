// ledger-bcs/ledger: the storage side of the interface. A `LedgerSource` is what a host implements;
// the in-memory ledger is the embedded one (ingest verified blocks of the node's records, answer as
// a source, save and load itself). The HTTP handler answers the interface's endpoints over a source.
// The public names only (pinned by test/exports.test.ts); files on disk are ledger-bcs/ledger/node.
export type { LedgerSource, LedgerSummary, StoredTransaction, SummariesQuery, MaybePromise, AccountStateQuery, AccountStatePage, StoredEvent, EventsQuery } from './source.js';
export {
  createMemoryLedger,
  loadMemoryLedger,
  type MemoryLedger,
  type MemoryLedgerOptions,
  type BlockInput,
  type IngestResult,
  type LedgerBase,
} from './memory.js';
export type { IngestingLedger } from './ingesting.js';
export { LedgerError, isLedgerError, type LedgerErrorCode } from './errors.js';
export { resourceKey, resourceGroupKey } from './state-keys.js';
export type { Sha3 } from './block-reader.js';
