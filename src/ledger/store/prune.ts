import type { Database, RootDatabase } from 'lmdb';
import { decodeBlockHead, decodeTxnMeta, EVENT_ENTRY, hasPrefix, readU64, stateEntryKey, u64, withU64, type TableName } from './keys.js';
import { encodeHead, type Head } from './head.js';

// The pruning window, after aptos-core's pruners (storage/aptosdb/src/pruner/): whole blocks older
// than the window go with their transactions and the indexes pointing at them (the transaction
// pruner's by-hash and by-account deletes; the event store pruner's event-by-key entries, found
// through the event keys each transaction's meta lists), and the state values the stale index lists
// as invisible from the new floor on (state_kv_metadata_pruner.rs walks its index the same way). Runs in batches of
// at most BATCH_VERSIONS, each one transaction with the head's new oldest version, so a crash mid-way
// leaves a store pruned to a block boundary.

const BATCH_VERSIONS = 20_000;

type Tables = Record<TableName, Database<Uint8Array, Uint8Array>>;

/** Prunes so that `keepFrom` stays readable; the new head, or undefined when nothing was pruned. */
export async function pruneTo(env: RootDatabase, t: Tables, head: Head, keepFrom: number, headKey: Uint8Array): Promise<Head | undefined> {
  let changed: Head | undefined;
  for (;;) {
    const h = changed ?? head;
    // Whole blocks: the oldest kept is the last whose first version ≤ keepFrom (as the memory ledger).
    let height = h.oldestHeight;
    let version = h.oldestVersion;
    for (const { key, value } of t.blocks.getRange({ start: u64(h.oldestHeight + 1), end: u64(h.nextHeight) })) {
      const first = decodeBlockHead(value).first;
      if (first > keepFrom || first - h.oldestVersion > BATCH_VERSIONS) break;
      height = readU64(key);
      version = first;
    }
    if (height === h.oldestHeight) {
      // A single block larger than the batch: take it alone.
      if (changed !== undefined || !(h.nextHeight - h.oldestHeight > 1)) return changed;
      const b = t.blocks.get(u64(h.oldestHeight + 1));
      if (b === undefined || decodeBlockHead(b).first > keepFrom) return changed;
      height = h.oldestHeight + 1;
      version = decodeBlockHead(b).first;
    }
    const next: Head = { ...h, oldestHeight: height, oldestVersion: version };
    await env.batch(() => {
      removeRange(t, h, next);
      t.meta.put(headKey, encodeHead(next));
    });
    changed = next;
  }
}

function removeRange(t: Tables, from: Head, to: Head): void {
  for (const { key, value } of t.blocks.getRange({ start: u64(from.oldestHeight), end: u64(to.oldestHeight) })) {
    t.blocks.remove(key);
    t.block_at.remove(u64(decodeBlockHead(value).first));
  }
  for (const { key, value } of t.tx.getRange({ start: u64(from.oldestVersion), end: u64(to.oldestVersion) })) {
    const m = decodeTxnMeta(value);
    t.by_hash.remove(m.hash.slice());
    // The transaction's v1 events (EventStorePruner `prune_event_indices`).
    for (let i = 0; i < m.eventCount; i++) t.events.remove(value.slice(m.eventsAt + i * EVENT_ENTRY, m.eventsAt + (i + 1) * EVENT_ENTRY));
    if (m.sender !== undefined) {
      const version = readU64(key);
      t.summaries.remove(withU64(m.sender, version));
      if (!m.nonce) t.by_account.remove(withU64(m.sender, Number(m.number!)));
    }
    t.tx.remove(key);
  }
  // Stale entries up to the floor (the last version no longer served): each says the values of its
  // key older than `since` are invisible from `since` on; a deletion at `since` goes too.
  const floor = to.oldestVersion - 1;
  for (const { key, value } of t.stale.getRange({ end: u64(floor + 1) })) {
    const since = readU64(key);
    const form = key.slice(8);
    if (since > 0) {
      for (const k of t.state.getKeys({ start: stateEntryKey(form, since - 1) })) {
        if (!hasPrefix(k, form, 8)) break;
        t.state.remove(k);
      }
    }
    if (value[0] === 1) t.state.remove(stateEntryKey(form, since));
    t.stale.remove(key);
  }
}
