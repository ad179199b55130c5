import type { Address } from '../bcs/index.js';
import type { BlockHeader, IndexedTransactionSummary, LedgerInfo } from '../records/index.js';

// What a host stores and answers, and nothing of HTTP: the handler (src/http) does the interface's
// work on top. Modelled on aptos-core storage/storage-interface `DbReader` as api/src/context.rs reads
// it: the latest ledger info, a state value at a version, an account's transaction summaries, a
// block's extent and its transactions. Every method may answer synchronously or with a promise.

export type MaybePromise<T> = T | Promise<T>;

/**
 * The latest ledger position (api/types/src/ledger_info.rs `LedgerInfo`): chain id, epoch, latest
 * and oldest retained version, latest and oldest retained block height, and the ledger timestamp.
 * The records layer's `LedgerInfo` without the per-answer parts (gas used, cursor).
 */
export type LedgerSummary = Omit<LedgerInfo, 'gasUsed' | 'cursor'>;

/**
 * One committed transaction as stored: its version and the BCS of api/types/src/transaction.rs
 * `TransactionOnChainData` (decoded only by whoever needs its fields).
 */
export interface StoredTransaction {
  version: bigint;
  bytes: Uint8Array;
}

/**
 * storage-interface `DbReader::get_account_transaction_summaries`: with `startVersion`, the
 * account's summaries from that version on; else the ones ending at `endVersion` (or the latest);
 * at most `limit`, never past `ledgerVersion`, ascending.
 */
export interface SummariesQuery {
  startVersion?: bigint;
  endVersion?: bigint;
  limit: number;
  ledgerVersion: bigint;
}

/** An account's state keys of one kind (api/src/context.rs `get_resources_by_pagination`, `get_modules_by_pagination`). */
export interface AccountStateQuery {
  /** `code`: `Path::Code` keys (modules); `resource`: `Path::Resource` and `Path::ResourceGroup` keys. */
  kind: 'code' | 'resource';
  /** The first key to include (the node's cursor, a BCS state key), or undefined for the first. */
  start?: Uint8Array;
  limit: number;
  version: bigint;
}

/**
 * A page of an account's state: keys in the node's iteration order, and the first key after the page.
 * As with state values, neither side modifies the other's bytes (the handler keeps what it derives
 * from a key or value, weakly, for as long as the array lives).
 */
export interface AccountStatePage {
  entries: { key: Uint8Array; value: Uint8Array }[];
  /** The next key of the same kind, or undefined when the page is the last. */
  next: Uint8Array | undefined;
}

/** One v1 event as stored (storage/aptosdb `EventByKeySchema`): its version and the BCS of its `ContractEvent`. */
export interface StoredEvent {
  version: bigint;
  bytes: Uint8Array;
}

/**
 * DbReader `get_events`: with `start`, the key's events from that sequence number on (ascending);
 * without, the latest `limit` of them (ascending). Never past `ledgerVersion`.
 */
export interface EventsQuery {
  start?: bigint;
  limit: number;
  ledgerVersion: bigint;
}

export interface LedgerSource {
  /** The latest position; every answer's X-SVC-* headers come from it. */
  ledgerInfo(): MaybePromise<LedgerSummary>;
  /**
   * The state value under `stateKey` (the BCS of types/src/state_store/state_key `StateKey`) as of
   * `version`, or undefined when there is none. Versions outside [oldest, latest] are refused by the
   * handler before it asks. Neither side modifies the other's bytes: the handler may pass the same
   * key array again, and keeps what it renders from an answered value (by the array, weakly) for as
   * long as the value lives.
   */
  stateValue(stateKey: Uint8Array, version: bigint): MaybePromise<Uint8Array | undefined>;
  /** Summaries of the transactions `address` sent (sequence-number and orderless), ascending. */
  accountTransactionSummaries(address: Address, query: SummariesQuery): MaybePromise<IndexedTransactionSummary[]>;
  /** The header of the block at `height` (records' `BlockHeader`), or undefined when the source has none. */
  blockByHeight(height: bigint): MaybePromise<BlockHeader | undefined>;
  /** Up to `limit` committed transactions from `startVersion` on, in version order. */
  transactions(startVersion: bigint, limit: number): MaybePromise<StoredTransaction[]>;
  /** The version of the retained transaction whose hash is `hash` (32 bytes), or undefined (DbReader `get_transaction_by_hash`). */
  transactionVersion(hash: Uint8Array): MaybePromise<bigint | undefined>;
  /** The header of the retained block holding `version` (DbReader `get_block_info_by_version`), or undefined. */
  blockByVersion(version: bigint): MaybePromise<BlockHeader | undefined>;
  /**
   * The account's state keys of `query.kind` that hold a value at `query.version`, in the node's
   * iteration order (the bytes of the state key), from `query.start` on, at most `query.limit`.
   */
  accountState(address: Address, query: AccountStateQuery): MaybePromise<AccountStatePage>;
  /**
   * DbReader `get_account_ordered_transactions`: the account's sequence-number transactions with
   * sequence numbers from `startSequenceNumber`, at most `limit`, never past `ledgerVersion`, in order.
   */
  accountTransactions(address: Address, startSequenceNumber: bigint, limit: number, ledgerVersion: bigint): MaybePromise<StoredTransaction[]>;
  /** The v1 events under the event key (creation number, address), as `EventsQuery` says. */
  events(creationNumber: bigint, address: Address, query: EventsQuery): MaybePromise<StoredEvent[]>;
}
