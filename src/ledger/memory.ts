import { addressBytes, isBcsError, normalizeAddress, type Address } from '../bcs/index.js';
import { bcsBlock, type BcsBlockInput, type BlockHeader, type IndexedTransactionSummary } from '../records/index.js';
import { nobleSha3, parseBlock, type ParsedBlock, type Sha3 } from './block-reader.js';
import { LedgerError } from './errors.js';
import { CHAIN_ID_STR, CONFIGURATION_STR, leadingU64, TIMESTAMP_STR } from './framework-state.js';
import { decodeLedgerFile, encodeLedgerFile, type LedgerFileParts } from './ledger-file.js';
import { keyString, lastAtMost, VersionedState } from './memory-state.js';
import { ReadIndexes } from './memory-indexes.js';
import type { AccountStatePage, AccountStateQuery, EventsQuery, LedgerSource, LedgerSummary, StoredEvent, StoredTransaction, SummariesQuery } from './source.js';

// The embedded ledger: blocks of the node's own records (BcsBlock with TransactionOnChainData) kept as
// their bytes, with small indexes beside them: versioned state from each write set, each account's
// user transactions (storage/aptosdb `TransactionSummariesByAccountSchema`: sequence-number and
// orderless alike), and the blocks' extents. Ingest checks a whole batch before it changes anything.

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

export type BlockInput = Uint8Array | BcsBlockInput;

export interface IngestResult {
  blocks: number;
  transactions: number;
  ledgerVersion: bigint;
}

export interface MemoryLedger extends LedgerSource {
  /**
   * Appends verified blocks (the BCS of `BcsBlock` with its transactions, or its decoded form): each
   * block must start at the next version and height, and every transaction's hash must equal its
   * info's `transaction_hash`. All or nothing: a `LedgerError` leaves the ledger as it was.
   */
  ingest(blocks: BlockInput | readonly BlockInput[]): IngestResult;
  ledgerInfo(): LedgerSummary;
  stateValue(stateKey: Uint8Array, version: bigint): Uint8Array | undefined;
  /**
   * Whether the ledger knows `stateKey` at `version`: written (or deleted) at or before it since the
   * ledger's first version, or held in its base state. False means its value, if any, is older than
   * the ledger (a replica reads it through from its upstream).
   */
  hasStateAt(stateKey: Uint8Array, version: bigint): boolean;
  accountTransactionSummaries(address: Address, query: SummariesQuery): IndexedTransactionSummary[];
  blockByHeight(height: bigint): BlockHeader | undefined;
  transactions(startVersion: bigint, limit: number): StoredTransaction[];
  transactionVersion(hash: Uint8Array): bigint | undefined;
  blockByVersion(version: bigint): BlockHeader | undefined;
  accountState(address: Address, query: AccountStateQuery): AccountStatePage;
  accountTransactions(address: Address, startSequenceNumber: bigint, limit: number, ledgerVersion: bigint): StoredTransaction[];
  events(creationNumber: bigint, address: Address, query: EventsQuery): StoredEvent[];
  /** The retained blocks' records (and the state before them, when pruned), as a ledger file. */
  save(): Uint8Array;
}

interface AccountIndex {
  versions: number[];
  hashes: Uint8Array[];
  /** Sequence number or nonce, per `nonce`. */
  numbers: bigint[];
  nonce: boolean[];
}

/** Where a ledger starts when it does not start at genesis (a loaded, pruned ledger). */
export interface LedgerBase {
  version: number;
  height: number;
  state: Iterable<[Uint8Array, Uint8Array]>;
}

export function createMemoryLedger(options: MemoryLedgerOptions = {}, base?: LedgerBase): MemoryLedger {
  const window = options.pruneWindow;
  if (window !== undefined && !(Number.isSafeInteger(window) && window >= 1)) {
    throw new LedgerError('invalid_option', `pruneWindow must be a positive integer of versions, got ${String(window)}`);
  }
  const fallbackChainId = options.chainId ?? 4;
  if (!(Number.isInteger(fallbackChainId) && fallbackChainId >= 0 && fallbackChainId <= 255)) {
    throw new LedgerError('invalid_option', `chainId must be a u8, got ${String(fallbackChainId)}`);
  }
  const sha3 = options.sha3 ?? nobleSha3;
  const state = new VersionedState();
  const accounts = new Map<string, AccountIndex>();
  const indexes = new ReadIndexes();
  // Retained transactions and blocks, each from a head index (compacted as pruning advances).
  let txs: Uint8Array[] = [];
  let txHead = 0;
  let blocks: BlockHeader[] = [];
  let blockHead = 0;
  let nextVersion = base?.version ?? 0;
  let nextHeight = base?.height ?? 0;
  let info: LedgerSummary | undefined;

  if (base !== undefined) {
    for (const [k, v] of base.state) {
      const key = keyString(k);
      state.put(key, base.version - 1, v);
      indexes.addKey(key);
    }
    state.floor = base.version - 1;
  }

  const oldestVersion = () => (blocks.length > blockHead ? Number(blocks[blockHead]!.firstVersion) : nextVersion);

  function refreshInfo(): void {
    const latest = nextVersion - 1;
    const chain = state.get(CHAIN_ID_STR, latest);
    const oldest = blocks[blockHead]!;
    info = {
      chainId: chain !== undefined && chain.length === 1 ? chain[0]! : fallbackChainId,
      epoch: leadingU64(state.get(CONFIGURATION_STR, latest)),
      ledgerVersion: BigInt(latest),
      oldestLedgerVersion: oldest.firstVersion,
      ledgerTimestampUsec: leadingU64(state.get(TIMESTAMP_STR, latest)),
      blockHeight: BigInt(nextHeight - 1),
      oldestBlockHeight: oldest.blockHeight,
    };
  }

  function apply(b: ParsedBlock): void {
    blocks.push({ blockHeight: b.blockHeight, blockHash: b.blockHash, blockTimestamp: b.blockTimestamp, firstVersion: b.firstVersion, lastVersion: b.lastVersion });
    for (const t of b.transactions) {
      txs.push(t.bytes);
      for (const w of t.writes) {
        const key = keyString(w.key);
        state.put(key, t.version, w.value);
        indexes.addKey(key);
      }
      indexes.add(t);
      const s = t.summary;
      if (s !== undefined) {
        const k = keyString(s.senderBytes);
        let a = accounts.get(k);
        if (a === undefined) accounts.set(k, (a = { versions: [], hashes: [], numbers: [], nonce: [] }));
        a.versions.push(t.version);
        a.hashes.push(s.hash);
        a.numbers.push(s.replayProtector.value);
        a.nonce.push(s.replayProtector.$kind === 'Nonce');
      }
    }
    nextVersion = Number(b.lastVersion) + 1;
    nextHeight = Number(b.blockHeight) + 1;
  }

  function prune(): void {
    if (window === undefined) return;
    const keepFrom = nextVersion - window;
    while (blocks.length - blockHead > 1 && Number(blocks[blockHead + 1]!.firstVersion) <= keepFrom) {
      const b = blocks[blockHead++]!;
      txHead += Number(b.lastVersion - b.firstVersion) + 1;
    }
    if (blockHead > 1024 && blockHead * 2 > blocks.length) {
      blocks = blocks.slice(blockHead);
      blockHead = 0;
    }
    if (txHead > 4096 && txHead * 2 > txs.length) {
      txs = txs.slice(txHead);
      txHead = 0;
    }
    state.floor = oldestVersion() - 1;
  }

  function toBytes(input: BlockInput, i: number): Uint8Array {
    if (input instanceof Uint8Array) return input;
    try {
      return bcsBlock.schema.encode(input);
    } catch (e) {
      if (isBcsError(e)) throw new LedgerError('malformed', `block ${i}: ${e.message}`);
      throw e;
    }
  }

  const ledger: MemoryLedger = {
    ingest(input) {
      const list = Array.isArray(input) ? (input as readonly BlockInput[]) : [input as BlockInput];
      // Everything is read and checked before anything is applied.
      const parsed: ParsedBlock[] = [];
      let version = nextVersion;
      let height = nextHeight;
      list.forEach((b, i) => {
        const p = parseBlock(toBytes(b, i), sha3);
        if (p.blockHeight !== BigInt(height)) throw new LedgerError('height_gap', `block ${i} has height ${p.blockHeight}, the next height is ${height}`);
        if (p.firstVersion !== BigInt(version)) throw new LedgerError('version_gap', `block ${p.blockHeight} starts at version ${p.firstVersion}, the next version is ${version}`);
        version = Number(p.lastVersion) + 1;
        height = Number(p.blockHeight) + 1;
        parsed.push(p);
      });
      let count = 0;
      for (const p of parsed) {
        apply(p);
        count += p.transactions.length;
      }
      if (parsed.length > 0) {
        prune();
        refreshInfo();
      }
      return { blocks: parsed.length, transactions: count, ledgerVersion: BigInt(nextVersion - 1) };
    },

    ledgerInfo() {
      if (info === undefined) throw new LedgerError('incomplete_block', 'the ledger holds no block yet');
      return info;
    },

    stateValue(stateKey, version) {
      if (version < BigInt(oldestVersion()) || version >= BigInt(nextVersion)) return undefined;
      return state.get(keyString(stateKey), Number(version));
    },

    hasStateAt(stateKey, version) {
      return state.has(keyString(stateKey), Number(version));
    },

    accountTransactionSummaries(address, q) {
      const a = accounts.get(keyString(addressBytes(address)));
      if (a === undefined || q.limit <= 0) return [];
      const v = a.versions;
      const floor = oldestVersion();
      const ledgerVersion = Number(q.ledgerVersion > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : q.ledgerVersion);
      let from: number;
      let to: number; // exclusive
      if (q.startVersion !== undefined) {
        // Forward from start_version, never past the ledger version.
        if (q.startVersion > BigInt(v[v.length - 1]!)) return [];
        from = lastAtMost(v, Number(q.startVersion) - 1) + 1;
        to = Math.min(lastAtMost(v, ledgerVersion) + 1, from + q.limit);
      } else {
        // Backward from end_version (default: the ledger version); a summary past the ledger version
        // ends the scan, as the node's iterator does, then the page is put in ascending order.
        const end = q.endVersion === undefined ? ledgerVersion : q.endVersion > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(q.endVersion);
        to = lastAtMost(v, end) + 1;
        if (to > 0 && v[to - 1]! > ledgerVersion) return [];
        from = Math.max(0, to - q.limit);
      }
      const out: IndexedTransactionSummary[] = [];
      const sender = normalizeAddress(address);
      for (let i = from; i < to; i++) {
        if (v[i]! < floor) continue;
        out.push({
          $kind: 'V1',
          value: {
            sender,
            version: BigInt(v[i]!),
            transactionHash: a.hashes[i]!,
            replayProtector: a.nonce[i] ? { $kind: 'Nonce', value: a.numbers[i]! } : { $kind: 'SequenceNumber', value: a.numbers[i]! },
          },
        });
      }
      return out;
    },

    blockByHeight(height) {
      const live = blocks.length - blockHead;
      if (live === 0) return undefined;
      const i = height - blocks[blockHead]!.blockHeight;
      if (i < 0n || i >= BigInt(live)) return undefined;
      return blocks[blockHead + Number(i)];
    },

    transactions(startVersion, limit) {
      const out: StoredTransaction[] = [];
      const oldest = oldestVersion();
      if (startVersion < BigInt(oldest)) return out;
      for (let v = Number(startVersion); v < nextVersion && out.length < limit; v++) {
        out.push({ version: BigInt(v), bytes: txs[txHead + v - oldest]! });
      }
      return out;
    },

    transactionVersion(hash) {
      const v = indexes.versionOf(hash);
      return v === undefined || v < oldestVersion() ? undefined : BigInt(v);
    },

    blockByVersion(version) {
      // The last retained block starting at or before `version`, by binary search.
      let lo = blockHead;
      let hi = blocks.length - 1;
      while (lo <= hi) {
        const m = (lo + hi) >>> 1;
        if (blocks[m]!.firstVersion <= version) lo = m + 1;
        else hi = m - 1;
      }
      const b = hi >= blockHead ? blocks[hi]! : undefined;
      return b !== undefined && version <= b.lastVersion ? b : undefined;
    },

    accountState(address, q) {
      return indexes.accountState(address, q, state);
    },

    accountTransactions(address, start, limit, ledgerVersion) {
      const oldest = oldestVersion();
      const out: StoredTransaction[] = [];
      for (const v of indexes.accountTransactionVersions(address, start, limit, Number(ledgerVersion))) {
        if (v >= oldest) out.push({ version: BigInt(v), bytes: txs[txHead + v - oldest]! });
      }
      return out;
    },

    events(creationNumber, address, q) {
      return indexes.eventsOf(creationNumber, address, q, oldestVersion());
    },

    save() {
      return encodeLedgerFile(ledgerParts());
    },
  };

  function ledgerParts(): LedgerFileParts {
    const oldest = oldestVersion();
    const live = blocks.slice(blockHead);
    return {
      firstVersion: oldest,
      firstHeight: live.length > 0 ? Number(live[0]!.blockHeight) : nextHeight,
      baseState: oldest > 0 ? [...state.entriesAt(oldest - 1)] : [],
      blocks: live.map((b) => ({ header: b, txs: txs.slice(txHead + Number(b.firstVersion) - oldest, txHead + Number(b.lastVersion) - oldest + 1) })),
    };
  }

  return ledger;
}

/** A ledger from a file `save()` wrote: its base state, then its blocks ingested (and checked) again. */
export function loadMemoryLedger(bytes: Uint8Array, options: MemoryLedgerOptions = {}): MemoryLedger {
  const f = decodeLedgerFile(bytes);
  const base = f.firstVersion > 0 ? { version: f.firstVersion, height: f.firstHeight, state: f.baseState } : undefined;
  const ledger = createMemoryLedger(options, base);
  ledger.ingest(f.blocks);
  return ledger;
}
