import { addressBytes } from '../../bcs/index.js';
import { LedgerError } from '../errors.js';
import type { LedgerSummary } from '../source.js';
import type { Head } from './head.js';
import { decodeBlockRow, decodeTxnMeta, readU64, u64, withU64 } from './keys.js';
import type { LedgerStore } from './ledger-store.js';
import { accountState, accountSummaries, accountTransactions, events, plain, stateAt, type Tables } from './reads.js';
import type { StateCache } from './state-cache.js';
import type { StateSeeker } from './state-seek.js';

// The store's answers to LedgerSource's reads (ledger/source.ts): synchronous LMDB reads of the
// tables (keys.ts), bounded by what the store holds now (`live`, moved by each commit and prune).

/** What the store holds now: its head record and the ledger info made from it (undefined while empty). */
export interface Live {
  head: Head;
  info: LedgerSummary | undefined;
}

/** `live` moved to `head`, its ledger info made once (a read converts nothing). */
export function setHead(live: Live, head: Head): void {
  live.head = head;
  live.info =
    head.nextHeight > head.oldestHeight
      ? {
          chainId: head.chainId,
          epoch: head.epoch,
          ledgerVersion: BigInt(head.nextVersion - 1),
          oldestLedgerVersion: BigInt(head.oldestVersion),
          ledgerTimestampUsec: head.timestamp,
          blockHeight: BigInt(head.nextHeight - 1),
          oldestBlockHeight: BigInt(head.oldestHeight),
        }
      : undefined;
}

/** The reads, over the store's tables; `formOf` is the state table's form of a key (keys.ts). */
export type StoreReads = Omit<LedgerStore, 'path' | 'ingest' | 'isEmpty' | 'startAt' | 'snapshot' | 'close'>;

export function storeReads(live: Live, t: Tables, seeker: StateSeeker, cache: StateCache | undefined, formOf: (key: Uint8Array) => Uint8Array): StoreReads {
  // Against the ledger info's bigints: no conversion per read.
  const inRange = (v: bigint): v is bigint => live.info !== undefined && v >= live.info.oldestLedgerVersion && v <= live.info.ledgerVersion;
  const reads: StoreReads = {
    ledgerInfo() {
      if (live.info === undefined) throw new LedgerError('incomplete_block', 'the ledger holds no block yet');
      return live.info;
    },

    stateValue(stateKey, version) {
      if (!inRange(version)) return undefined;
      if (cache === undefined) return seeker.seek(formOf(stateKey), Number(version), version === live.info!.ledgerVersion) < 0 ? undefined : seeker.value;
      return stateAt(seeker, cache, formOf(stateKey), Number(version), live.head.nextVersion - 1).value;
    },

    hasStateAt(stateKey, version) {
      if (version < 0n) return false;
      // Below the window (the replica's read-through check) straight from LMDB, uncached.
      if (cache !== undefined && version >= BigInt(live.head.oldestVersion - 1) && version < BigInt(live.head.nextVersion)) return stateAt(seeker, cache, formOf(stateKey), Number(version), live.head.nextVersion - 1).has;
      return seeker.seek(formOf(stateKey), Number(version > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : version)) >= 0;
    },

    accountTransactionSummaries: (address, q) => accountSummaries(t, address, q, live.head.oldestVersion),

    blockByHeight(height) {
      if (height < BigInt(live.head.oldestHeight) || height >= BigInt(live.head.nextHeight)) return undefined;
      const b = t.blocks.get(u64(Number(height)));
      return b === undefined ? undefined : decodeBlockRow(height, plain(b));
    },

    blockByVersion(version) {
      if (!inRange(version)) return undefined;
      for (const { value } of t.block_at.getRange({ start: u64(Number(version)), reverse: true, limit: 1 })) return reads.blockByHeight(BigInt(readU64(value)));
      return undefined;
    },

    versionByHash(hash) {
      if (hash.length !== 32) return undefined;
      const v = t.by_hash.get(hash);
      return v !== undefined && inRange(BigInt(readU64(v))) ? BigInt(readU64(v)) : undefined;
    },

    transactionVersion: (hash) => reads.versionByHash(hash),

    accountTransactions: (address, start, limit, ledgerVersion) => accountTransactions(t, address, start, limit, ledgerVersion, live.head.oldestVersion),
    accountState: (address, q) => accountState(t, seeker, address, q, live.head.nextVersion - 1),
    events: (creationNumber, address, q) => events(t, creationNumber, address, q, live.head.oldestVersion),

    versionBySequenceNumber(address, sequenceNumber) {
      if (sequenceNumber < 0n || sequenceNumber > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
      const v = t.by_account.get(withU64(addressBytes(address), Number(sequenceNumber)));
      return v !== undefined && inRange(BigInt(readU64(v))) ? BigInt(readU64(v)) : undefined;
    },

    transactions(startVersion, limit) {
      if (!inRange(startVersion) || limit <= 0) return [];
      const out = [];
      for (const { key, value } of t.tx.getRange({ start: u64(Number(startVersion)), end: u64(live.head.nextVersion), limit })) {
        out.push({ version: BigInt(readU64(key)), bytes: plain(value).subarray(decodeTxnMeta(value).recordAt) });
      }
      return out;
    },
  };
  return reads;
}
