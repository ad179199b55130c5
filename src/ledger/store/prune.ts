import type { RootDatabase } from 'lmdb';
import { BcsReader, isBcsError } from '../../bcs/index.js';
import { LedgerError } from '../errors.js';
import { readWriteSet } from '../transaction-record.js';
import { blockRowFirst, decodeTxnMeta, elsewhereKey, ELSEWHERE, EVENT_ENTRY, readU64, stateWrite, u64, withU64 } from './keys.js';
import { encodeHead, HEAD_KEY, type Head } from './head.js';
import type { Tables } from './reads.js';

// The pruning window, after aptos-core's pruners (storage/aptosdb/src/pruner/): whole blocks older
// than the window go with their transactions and the indexes pointing at them (the transaction
// pruner's by-hash and by-account deletes; the event store pruner's event-by-key entries, found
// through the event keys each transaction's meta lists), and the state values invisible from the
// new floor on, found through the dropped transactions' write sets (where state_kv_metadata_pruner.rs
// walks its stale index). Runs in batches of at most BATCH_VERSIONS, each one transaction with the
// head's new oldest version, so a crash mid-way leaves a store pruned to a block boundary.

const BATCH_VERSIONS = 20_000;

/**
 * Prunes so that `keepFrom` stays readable; the new head, or undefined when nothing was pruned.
 * `formOf` is the store's state key → stored form (keys over LONG_KEY by hash).
 */
export async function pruneTo(env: RootDatabase, t: Tables, head: Head, keepFrom: number, formOf: (key: Uint8Array) => Uint8Array): Promise<Head | undefined> {
  let changed: Head | undefined;
  for (;;) {
    const h = changed ?? head;
    // Whole blocks: the oldest kept is the last whose first version ≤ keepFrom (as the memory ledger).
    let height = h.oldestHeight;
    let version = h.oldestVersion;
    for (const { key, value } of t.blocks.getRange({ start: u64(h.oldestHeight + 1), end: u64(h.nextHeight) })) {
      const first = blockRowFirst(value);
      if (first > keepFrom || first - h.oldestVersion > BATCH_VERSIONS) break;
      height = readU64(key);
      version = first;
    }
    if (height === h.oldestHeight) {
      // A single block larger than the batch: take it alone.
      if (changed !== undefined || !(h.nextHeight - h.oldestHeight > 1)) return changed;
      const b = t.blocks.get(u64(h.oldestHeight + 1));
      if (b === undefined || blockRowFirst(b) > keepFrom) return changed;
      height = h.oldestHeight + 1;
      version = blockRowFirst(b);
    }
    const next: Head = { ...h, oldestHeight: height, oldestVersion: version };
    await env.batch(() => {
      removeRange(t, h, next, formOf);
      t.meta.put(HEAD_KEY, encodeHead(next));
    });
    changed = next;
  }
}

function removeRange(t: Tables, from: Head, to: Head, formOf: (key: Uint8Array) => Uint8Array): void {
  for (const { key, value } of t.blocks.getRange({ start: u64(from.oldestHeight), end: u64(to.oldestHeight) })) {
    t.blocks.remove(key);
    t.block_at.remove(u64(blockRowFirst(value)));
  }
  for (const { key, value } of t.tx.getRange({ start: u64(from.oldestVersion), end: u64(to.oldestVersion) })) {
    const m = decodeTxnMeta(value);
    const version = readU64(key);
    t.by_hash.remove(m.hash.slice());
    // The transaction's v1 events (EventStorePruner `prune_event_indices`).
    for (let i = 0; i < m.eventCount; i++) t.events.remove(value.slice(m.eventsAt + i * EVENT_ENTRY, m.eventsAt + (i + 1) * EVENT_ENTRY));
    if (m.sender !== undefined) {
      t.summaries.remove(withU64(m.sender, version));
      if (!m.nonce) t.by_account.remove(withU64(m.sender, Number(m.number!)));
    }
    // Each write at `version` (≤ the new floor) hides the older values of its key from the floor on;
    // a deletion hides itself too.
    const record = value.subarray(m.recordAt);
    for (const w of storedWrites(record.subarray(m.writesAt), version)) {
      const form = formOf(w.key);
      // The key's writes in version order (`state` duplicates, keys.ts); LMDB drops the key with its last.
      for (const older of t.state.getValues(form)) {
        if (readU64(older) >= version) break;
        if (older[8] === ELSEWHERE) t.state_values.remove(elsewhereKey(older));
        t.state.remove(form, older);
      }
      if (w.value === null) t.state.remove(form, stateWrite(version, null, 0));
    }
    t.tx.remove(key);
  }
}

/** A stored transaction's write set; bytes that do not read as one are the store's `malformed`, not a BcsError. */
function storedWrites(bytes: Uint8Array, version: number): ReturnType<typeof readWriteSet> {
  try {
    return readWriteSet(new BcsReader(bytes, { zeroCopy: true }));
  } catch (e) {
    if (isBcsError(e)) throw new LedgerError('malformed', `the store's transaction ${version}: ${e.message}`);
    throw e;
  }
}
