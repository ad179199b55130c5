import type { Address } from '../bcs/index.js';
import type { BlockHeader } from '../records/index.js';
import { nobleSha3, type ParsedBlock, type Sha3 } from './block-reader.js';
import { LedgerError } from './errors.js';
import { checkBatch, checkedLedgerOptions, type BlockInput, type IngestingLedger, type IngestResult } from './ingesting.js';
import { CHAIN_ID_STR, CONFIGURATION_STR, leadingU64, TIMESTAMP_STR } from './framework-state.js';
import { decodeLedgerFile, encodeLedgerFile, type LedgerFileParts } from './ledger-file.js';
import { accountSummaries, indexTransaction, type AccountIndexes } from './account-index.js';
import { ReadIndexes } from './memory-indexes.js';
import { keyString, VersionedState } from './memory-state.js';
import type { AccountStatePage, AccountStateQuery, EventsQuery, LedgerSummary, StoredEvent, StoredTransaction } from './source.js';

// The embedded ledger: blocks of the node's own records (BcsBlock with TransactionOnChainData) kept as
// their bytes, with small indexes beside them: versioned state from each write set (memory-state.ts),
// each account's user transactions (account-index.ts), the read API's indexes (memory-indexes.ts:
// hashes, sequence numbers, v1 events, each account's state keys), and the blocks' headers. Ingest checks a whole
// batch before it changes anything (parseBatch), then applies, prunes and refreshes the ledger info.

export interface MemoryLedgerOptions {
  /**
   * Versions kept (at least; whole blocks are dropped): older versions and blocks answer 410, as a
   * node's pruned history does. Default: everything is kept.
   */
  pruneWindow?: number;
  /** The chain id when the state has no `0x1::chain_id::ChainId` yet (default 4, a local testnet). */
  chainId?: number;
  /**
   * sha3-256 for the transaction-hash check (default: @noble/hashes). In Node, `nodeSha3` from
   * ledger-bcs/ledger/node (the platform's own) makes ingest several times faster.
   */
  sha3?: Sha3;
}

export type { BlockInput, IngestResult } from './ingesting.js';

export interface MemoryLedger extends IngestingLedger {
  /** Answers at once: the blocks are applied when it returns. */
  ingest(blocks: BlockInput | readonly BlockInput[]): IngestResult;
  // The rest of LedgerSource, synchronous here as IngestingLedger's reads are.
  transactionVersion(hash: Uint8Array): bigint | undefined;
  blockByVersion(version: bigint): BlockHeader | undefined;
  accountState(address: Address, query: AccountStateQuery): AccountStatePage;
  accountTransactions(address: Address, startSequenceNumber: bigint, limit: number, ledgerVersion: bigint): StoredTransaction[];
  events(creationNumber: bigint, address: Address, query: EventsQuery): StoredEvent[];
  /** The retained blocks' records (and the state before them, when pruned), as a ledger file. */
  save(): Uint8Array;
}

/** Where a ledger starts when it does not start at genesis (a loaded, pruned ledger). */
export interface LedgerBase {
  version: number;
  height: number;
  state: Iterable<[Uint8Array, Uint8Array]>;
}

/** What the ledger holds beside its state: its retained transactions and blocks, each from a head index. */
interface Retained {
  txs: Uint8Array[];
  txHead: number;
  blocks: BlockHeader[];
  blockHead: number;
  nextVersion: number;
  nextHeight: number;
}

export function createMemoryLedger(options: MemoryLedgerOptions = {}, base?: LedgerBase): MemoryLedger {
  const { window, fallbackChainId, sha3 } = checkedOptions(options);
  const state = new VersionedState();
  const accounts: AccountIndexes = new Map();
  const indexes = new ReadIndexes();
  const r: Retained = { txs: [], txHead: 0, blocks: [], blockHead: 0, nextVersion: base?.version ?? 0, nextHeight: base?.height ?? 0 };
  if (base !== undefined) {
    for (const [k, v] of base.state) {
      const key = keyString(k);
      state.put(key, base.version - 1, v);
      indexes.addKey(key, k);
    }
    state.floor = base.version - 1;
  }
  let info: LedgerSummary | undefined;

  return {
    ingest(input) {
      // Everything is read and checked before anything is applied.
      const parsed = checkBatch(input, r.nextVersion, r.nextHeight, sha3);
      let count = 0;
      for (const p of parsed) {
        applyBlock(p, r, state, accounts, indexes);
        count += p.transactions.length;
      }
      if (parsed.length > 0) {
        prune(r, state, window);
        info = latestInfo(r, state, fallbackChainId);
      }
      return { blocks: parsed.length, transactions: count, ledgerVersion: BigInt(r.nextVersion - 1) };
    },
    ledgerInfo() {
      if (info === undefined) throw new LedgerError('incomplete_block', 'the ledger holds no block yet');
      return info;
    },
    stateValue(stateKey, version) {
      if (version < BigInt(oldestVersion(r)) || version >= BigInt(r.nextVersion)) return undefined;
      return state.get(keyString(stateKey), Number(version));
    },
    hasStateAt: (stateKey, version) => state.has(keyString(stateKey), Number(version)),
    accountTransactionSummaries: (address, q) => accountSummaries(accounts, address, q, oldestVersion(r)),
    blockByHeight: (height) => blockAt(r, height),
    transactions: (startVersion, limit) => transactionsFrom(r, startVersion, limit),
    transactionVersion(hash) {
      const v = indexes.versionOf(hash);
      return v === undefined || v < oldestVersion(r) ? undefined : BigInt(v);
    },
    blockByVersion: (version) => blockHolding(r, version),
    accountState: (address, q) => indexes.accountState(address, q, state),
    accountTransactions(address, start, limit, ledgerVersion) {
      const oldest = oldestVersion(r);
      const out: StoredTransaction[] = [];
      for (const v of indexes.accountTransactionVersions(address, start, limit, Number(ledgerVersion))) {
        if (v >= oldest) out.push({ version: BigInt(v), bytes: r.txs[r.txHead + v - oldest]! });
      }
      return out;
    },
    events: (creationNumber, address, q) => indexes.eventsOf(creationNumber, address, q, oldestVersion(r)),
    save: () => encodeLedgerFile(ledgerParts(r, state), sha3),
  };
}

function checkedOptions(options: MemoryLedgerOptions): { window: number | undefined; fallbackChainId: number; sha3: Sha3 } {
  return { ...checkedLedgerOptions(options), sha3: options.sha3 ?? nobleSha3 };
}

const oldestVersion = (r: Retained): number => (r.blocks.length > r.blockHead ? Number(r.blocks[r.blockHead]!.firstVersion) : r.nextVersion);

/** Keeps a checked block: its header, its transactions' bytes, their state writes, summaries and read indexes. */
function applyBlock(b: ParsedBlock, r: Retained, state: VersionedState, accounts: AccountIndexes, indexes: ReadIndexes): void {
  r.blocks.push({ blockHeight: b.blockHeight, blockHash: b.blockHash, blockTimestamp: b.blockTimestamp, firstVersion: b.firstVersion, lastVersion: b.lastVersion });
  for (const t of b.transactions) {
    r.txs.push(t.bytes);
    for (const w of t.writes) {
      const key = keyString(w.key);
      state.put(key, t.version, w.value);
      indexes.addKey(key, w.key);
    }
    indexTransaction(accounts, t);
    indexes.add(t);
  }
  r.nextVersion = Number(b.lastVersion) + 1;
  r.nextHeight = Number(b.blockHeight) + 1;
}

/** Drops whole blocks older than the window (at least `window` versions stay), compacting the arrays now and then. */
function prune(r: Retained, state: VersionedState, window: number | undefined): void {
  if (window === undefined) return;
  const keepFrom = r.nextVersion - window;
  while (r.blocks.length - r.blockHead > 1 && Number(r.blocks[r.blockHead + 1]!.firstVersion) <= keepFrom) {
    const b = r.blocks[r.blockHead++]!;
    r.txHead += Number(b.lastVersion - b.firstVersion) + 1;
  }
  if (r.blockHead > 1024 && r.blockHead * 2 > r.blocks.length) {
    r.blocks = r.blocks.slice(r.blockHead);
    r.blockHead = 0;
  }
  if (r.txHead > 4096 && r.txHead * 2 > r.txs.length) {
    r.txs = r.txs.slice(r.txHead);
    r.txHead = 0;
  }
  state.floor = oldestVersion(r) - 1;
}

/** The ledger info after an ingest: chain id, epoch and timestamp from the framework's state. */
function latestInfo(r: Retained, state: VersionedState, fallbackChainId: number): LedgerSummary {
  const latest = r.nextVersion - 1;
  const chain = state.get(CHAIN_ID_STR, latest);
  const oldest = r.blocks[r.blockHead]!;
  return {
    chainId: chain !== undefined && chain.length === 1 ? chain[0]! : fallbackChainId,
    epoch: leadingU64(state.get(CONFIGURATION_STR, latest)),
    ledgerVersion: BigInt(latest),
    oldestLedgerVersion: oldest.firstVersion,
    ledgerTimestampUsec: leadingU64(state.get(TIMESTAMP_STR, latest)),
    blockHeight: BigInt(r.nextHeight - 1),
    oldestBlockHeight: oldest.blockHeight,
  };
}

function blockAt(r: Retained, height: bigint): BlockHeader | undefined {
  const live = r.blocks.length - r.blockHead;
  if (live === 0) return undefined;
  const i = height - r.blocks[r.blockHead]!.blockHeight;
  if (i < 0n || i >= BigInt(live)) return undefined;
  return r.blocks[r.blockHead + Number(i)];
}

/** The retained block whose versions hold `version` (binary search over the first versions). */
function blockHolding(r: Retained, version: bigint): BlockHeader | undefined {
  let lo = r.blockHead;
  let hi = r.blocks.length - 1;
  while (lo <= hi) {
    const m = (lo + hi) >>> 1;
    if (r.blocks[m]!.firstVersion <= version) lo = m + 1;
    else hi = m - 1;
  }
  const b = hi >= r.blockHead ? r.blocks[hi] : undefined;
  return b !== undefined && version <= b.lastVersion ? b : undefined;
}

function transactionsFrom(r: Retained, startVersion: bigint, limit: number): StoredTransaction[] {
  const out: StoredTransaction[] = [];
  const oldest = oldestVersion(r);
  if (startVersion < BigInt(oldest)) return out;
  for (let v = Number(startVersion); v < r.nextVersion && out.length < limit; v++) {
    out.push({ version: BigInt(v), bytes: r.txs[r.txHead + v - oldest]! });
  }
  return out;
}

/** The retained blocks' records, and the state before them when pruned, for the ledger file. */
function ledgerParts(r: Retained, state: VersionedState): LedgerFileParts {
  const oldest = oldestVersion(r);
  const live = r.blocks.slice(r.blockHead);
  return {
    firstVersion: oldest,
    firstHeight: live.length > 0 ? Number(live[0]!.blockHeight) : r.nextHeight,
    baseState: oldest > 0 ? [...state.entriesAt(oldest - 1)] : [],
    blocks: live.map((b) => ({ header: b, txs: r.txs.slice(r.txHead + Number(b.firstVersion) - oldest, r.txHead + Number(b.lastVersion) - oldest + 1) })),
  };
}

/** A ledger from a file `save()` wrote: its base state, then its blocks ingested (and checked) again. */
export function loadMemoryLedger(bytes: Uint8Array, options: MemoryLedgerOptions = {}): MemoryLedger {
  const f = decodeLedgerFile(bytes, options.sha3);
  const base = f.firstVersion > 0 ? { version: f.firstVersion, height: f.firstHeight, state: f.baseState } : undefined;
  const ledger = createMemoryLedger(options, base);
  ledger.ingest(f.blocks);
  return ledger;
}
