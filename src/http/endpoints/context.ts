import { formatAddress, type Address } from '../../bcs/index.js';
import type { LedgerSource, LedgerSummary, Sha3 } from '../../ledger/index.js';
import { ApiError, type BlockHeader, type EndpointSpec } from '../../records/index.js';
import type { AbiRegistry } from '../../submission/index.js';
import { BoundedMap } from '../../submission/internal.js';
import type { MaybeReply, Reply } from '../exchange.js';
import type { RouteArgs } from '../params.js';
import type { GasEstimationConfig } from './gas-estimate.js';
import { DEFAULT_TRANSACTION_CACHE_BYTES, transactionTexts, type TransactionTexts } from './transaction-json.js';

// What every state endpoint gets: the exchange, its table entry and path parameters (read them with
// params.ts `arg`), the latest ledger info (read once per request, as api/src/context.rs
// `get_latest_ledger_info` is) and its X-SVC-* headers, the source, and the node's limits. The
// helpers below are api/src/context.rs and response.rs rules every endpoint shares.

export interface PageLimits {
  /** config/src/config/api_config.rs `max_transactions_page_size` (default `DEFAULT_MAX_PAGE_SIZE`, 100). */
  maxTransactionsPageSize: number;
  /** `max_block_transactions_page_size` (default consensus `MAX_RECEIVING_BLOCK_TXNS`, 10000). */
  maxBlockTransactionsPageSize: number;
  /** `max_events_page_size` (default 100). */
  maxEventsPageSize: number;
  /** `max_account_resources_page_size` and `max_account_modules_page_size` (default 9999 each). */
  maxAccountResourcesPageSize: number;
  maxAccountModulesPageSize: number;
}

export const DEFAULT_LIMITS: PageLimits = {
  maxTransactionsPageSize: 100,
  maxBlockTransactionsPageSize: 10_000,
  maxEventsPageSize: 100,
  maxAccountResourcesPageSize: 9999,
  maxAccountModulesPageSize: 9999,
};

/** api/src/page.rs `DEFAULT_PAGE_SIZE`: transactions and events pages without a limit. */
export const DEFAULT_PAGE_SIZE = 25;

/**
 * api/src/page.rs `determine_limit`: the default when absent, 400 `invalid_input` for 0, and at most
 * `max` (a larger limit is clamped, not refused).
 */
export function pageLimit(requested: number | undefined, defaultSize: number, max: number): number {
  if (requested === undefined) return Math.min(defaultSize, max);
  if (requested === 0) throw new ApiError(400, 'invalid_input', `Given limit value (${requested}) must not be zero`);
  return Math.min(requested, max);
}

export interface EndpointContext<S extends EndpointSpec = EndpointSpec> extends RouteArgs<S> {
  readonly info: LedgerSummary;
  readonly headers: Record<string, string>;
  readonly source: LedgerSource;
  readonly limits: PageLimits;
  /** Module ABIs for rendering transactions as JSON (the handler's registry). */
  readonly abis: AbiRegistry;
  /** sha3-256 for the state-key hashes of rendered transactions (the handler's; undefined: @noble/hashes). */
  readonly sha3: Sha3 | undefined;
  /** What the handler keeps between requests. */
  readonly memo: EndpointMemo;
  /** Largest request body read (the handler's `maxBodyBytes`). */
  readonly maxBodyBytes: number;
  /** The node's gas estimation settings (gas-estimate.ts). */
  readonly gasEstimation: GasEstimationConfig;
}

/**
 * What the handler keeps between requests, all of it derived from inputs that never change: request
 * text (a parsed asset type, a hashed address) and stored values, which a source never modifies
 * once answered (LedgerSource). Stored values are weak keys, so what is derived from them goes
 * when the ledger drops them.
 */
export interface EndpointMemo {
  /** An account's address and `Account` state key, by the address parameter as sent. */
  readonly accounts: BoundedMap<string, { address: Address; key: Uint8Array }>;
  /** A balance's two state keys, by `address/asset_type` as sent (neither can hold a '/'). */
  readonly balances: BoundedMap<string, { coinStore: Uint8Array | undefined; primaryStore: Uint8Array }>;
  /** Parsed asset types, by their text. */
  readonly assets: BoundedMap<string, ParsedAsset>;
  /** `AccountData` JSON of a stored `AccountResource`. */
  readonly accountJson: WeakMap<Uint8Array, string>;
  /** The balance of a primary store's `ObjectGroup`. */
  readonly storeBalance: WeakMap<Uint8Array, bigint>;
  /** `MoveModuleBytecode` JSON (bytecode and ABI) of a stored module. */
  readonly moduleJson: WeakMap<Uint8Array, string>;
  /** The `MoveResource` JSON of a stored resource, or of a group's members (comma-joined), by the stored value. */
  readonly resourceJson: WeakMap<Uint8Array, string>;
  /** A committed block's header forms, written once (block.ts), by the stored header the source answers. */
  readonly blockHeads: WeakMap<BlockHeader, BlockHeadForms>;
  /** The resources page cursor (hex) a next state key gives, by the key's bytes. */
  readonly cursors: WeakMap<Uint8Array, string>;
  /** A committed transaction's summary row (transaction_summaries' JSON), by version. */
  readonly summaryRows: BoundedMap<number, string>;
  /** Committed transactions' JSON (UTF-8) by version, bounded in bytes (transaction-json.ts). */
  readonly transactions: TransactionTexts;
  /** The gas estimate of the latest ledger version asked, and the blocks' prices it was built from. */
  gas: { version: bigint; json: string; bcs: Uint8Array } | undefined;
}

/** A block header's answers, each written the first time it is asked for. */
export interface BlockHeadForms {
  /** The header's JSON without its closing brace (records' `blockHeaderJson`). */
  json?: string;
  /** `BcsBlock` without transactions: the header alone. */
  bcs?: Uint8Array;
  /** `BcsBlock`'s bytes before its first `count` transactions: the header, `01`, uleb128 count. */
  bcsBefore?: { count: number; bytes: Uint8Array };
}

/** An `asset_type` as the balance endpoint reads it: where a coin's store is keyed, and the fungible asset's metadata. */
export interface ParsedAsset {
  /** A coin's `CoinStore<T>` key tail (framework.ts `keyAt`), or undefined for a fungible-asset address. */
  coinStoreTail: Uint8Array | undefined;
  metadata: Address;
}

export function endpointMemo(transactionCacheBytes = DEFAULT_TRANSACTION_CACHE_BYTES): EndpointMemo {
  return {
    accounts: new BoundedMap(MEMO_ENTRIES),
    balances: new BoundedMap(MEMO_ENTRIES),
    assets: new BoundedMap(MEMO_ENTRIES),
    accountJson: new WeakMap(),
    storeBalance: new WeakMap(),
    moduleJson: new WeakMap(),
    resourceJson: new WeakMap(),
    transactions: transactionTexts(transactionCacheBytes),
    summaryRows: new BoundedMap(SUMMARY_ROWS),
    blockHeads: new WeakMap(),
    cursors: new WeakMap(),
    gas: undefined,
  };
}

/** The most entries a memo map holds, and the longest key it keeps (longer request text is not kept). */
export const MEMO_ENTRIES = 4096;
export const MEMO_KEY_CHARS = 512;
/** The most summary rows kept: some 250 bytes each, about 16 MB. */
export const SUMMARY_ROWS = 65_536;

/**
 * `map[key]`, made and kept when missing (a throw keeps nothing; an overlong key is not kept). Bounded
 * in bytes as well as entries: 4,096 keys of at most 512 characters, each with a few small arrays, is
 * a few MB per map whatever a peer sends; past that the oldest entry goes (submission's BoundedMap,
 * the library's one bounded cache).
 */
export function remember<T>(map: BoundedMap<string, T>, key: string, make: () => T): T {
  if (key.length > MEMO_KEY_CHARS) return make();
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}

/** `map[bytes]`, made and kept when missing. */
export function derivedFrom<T>(map: WeakMap<Uint8Array, T>, bytes: Uint8Array, make: (bytes: Uint8Array) => T): T {
  let v = map.get(bytes);
  if (v === undefined) map.set(bytes, (v = make(bytes)));
  return v;
}

/** A state endpoint's handler. */
export type StateEndpoint<S extends EndpointSpec = EndpointSpec> = (ctx: EndpointContext<S>) => MaybeReply;

/**
 * context.rs `get_latest_ledger_info_and_verify_lookup_version`: the requested version, or the
 * latest; 404 `version_not_found` past the latest (retriable), 410 `version_pruned` below the oldest.
 */
export function lookupVersion(info: LedgerSummary, requested: bigint | undefined): bigint {
  const v = requested ?? info.ledgerVersion;
  if (v > info.ledgerVersion) throw new ApiError(404, 'version_not_found', `Ledger version not found by Ledger version(${v})`);
  if (v < info.oldestLedgerVersion) throw new ApiError(410, 'version_pruned', `Ledger version(${v}) has been pruned`);
  return v;
}

/** response.rs `account_not_found`: the address as the API's `Address` displays it (0x, no leading zeros). */
export function accountNotFound(address: Address, version: bigint): ApiError {
  return new ApiError(404, 'account_not_found', `Account not found by Address(${formatAddress(address, 'short')}) and Ledger version(${version})`);
}

/** A store failure: the host's own text stays on the server (it may name hosts or paths). */
export function internal(): ApiError {
  return new ApiError(500, 'internal_error', 'Internal error');
}
