import type { Database, Transaction } from 'lmdb';
import { LedgerError } from '../errors.js';

// The store's head record (meta "head"), rewritten in the same transaction as every ingest and
// prune: where the store starts, what it still holds, where it continues, and the ledger info's
// state-derived parts. One record, so a reopened store never needs the progress reconciliation that
// AptosDB's per-sub-DB progress keys do (storage/aptosdb/src/utils/truncation_helper.rs).

/**
 * 2: the v1 event index (`events`) and the event keys in each transaction's meta.
 * 3: `state` holds each key once, its writes as sorted duplicates led by the version (keys.ts), and
 *    values too long for a duplicate in `state_values`.
 */
export const STORE_FORMAT = 3;

export interface Head {
  /** The first version and height the store ever held (its genesis, or where a follower started). */
  baseVersion: number;
  baseHeight: number;
  /** The oldest version and block still held (the pruner's progress). */
  oldestVersion: number;
  oldestHeight: number;
  nextVersion: number;
  nextHeight: number;
  chainId: number;
  epoch: bigint;
  timestamp: bigint;
}

export function encodeHead(h: Head): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ format: STORE_FORMAT, ...h, epoch: String(h.epoch), timestamp: String(h.timestamp) }));
}

export function decodeHead(b: Uint8Array): Head {
  let j: Record<string, unknown>;
  try {
    j = JSON.parse(new TextDecoder().decode(b)) as Record<string, unknown>;
  } catch {
    throw new LedgerError('unknown_format', 'the store head record is not readable: not a ledger-bcs store');
  }
  if (j.format !== STORE_FORMAT) throw new LedgerError('unknown_format', `the store is of format ${String(j.format)}; this ledger-bcs reads format ${STORE_FORMAT}`);
  const n = (k: string): number => {
    const v = j[k];
    if (!Number.isSafeInteger(v) || (v as number) < 0) throw new LedgerError('malformed', `the store head record's ${k} is not a version`);
    return v as number;
  };
  return {
    baseVersion: n('baseVersion'),
    baseHeight: n('baseHeight'),
    oldestVersion: n('oldestVersion'),
    oldestHeight: n('oldestHeight'),
    nextVersion: n('nextVersion'),
    nextHeight: n('nextHeight'),
    chainId: n('chainId'),
    epoch: BigInt(String(j.epoch)),
    timestamp: BigInt(String(j.timestamp)),
  };
}

/** The head record's key in the `meta` table. */
export const HEAD_KEY: Uint8Array = /* @__PURE__ */ new TextEncoder().encode('head');

/** The head stored in `meta` (as of `transaction`, when given), or the empty head of a store that holds nothing yet. */
export function readHead(meta: Database<Uint8Array, Uint8Array>, chainId: number, transaction?: Transaction): Head {
  const stored = meta.get(HEAD_KEY, transaction === undefined ? undefined : { transaction });
  return stored === undefined ? emptyHead(chainId) : decodeHead(stored);
}

/** The head of a store that holds nothing yet. */
export function emptyHead(chainId: number): Head {
  return { baseVersion: 0, baseHeight: 0, oldestVersion: 0, oldestHeight: 0, nextVersion: 0, nextHeight: 0, chainId, epoch: 0n, timestamp: 0n };
}
