import type { ParsedBlock } from '../block-reader.js';
import { equalBytes } from '../../bcs/index.js';
import { CHAIN_ID_KEY, CONFIGURATION_KEY, leadingU64, TIMESTAMP_KEY } from '../framework-state.js';
import type { LedgerBase } from '../memory.js';
import { keyString } from '../memory-state.js';
import { elsewhereKey, encodeBlockRow, encodeTxnMeta, eventEntryKey, INLINE_VALUE, stateWrite, u64, withU64 } from './keys.js';
import { encodeHead, HEAD_KEY, type Head } from './head.js';
import type { Tables } from './reads.js';
import { slab } from './slab.js';

// One ingest's puts (ledger-store.ts runs them in one LMDB write transaction): each block's row and
// version index, each transaction's meta, events, hash, summary and sequence-number index, every
// state write, and the head record they move. Key layouts in keys.ts.

// Versions and heights only grow: such tables are written with MDB_APPEND, which fills each page
// before starting the next (a plain put splits the last page in half; measured: disk bytes a
// transaction fall by a third) and skips the search for the slot. lmdb's typings give put's third
// argument as a version only; write.js reads an options object there.
const APPEND = { append: true } as unknown as number;

/** What the puts need of the open store. */
export interface WriteContext {
  t: Tables;
  /** A state key as the `state` table keys it (short as it is, long by its hash: keys.ts). */
  formOf: (key: Uint8Array) => Uint8Array;
  /** The chain id a store without the chain-id resource reports. */
  fallbackChainId: number;
}

/** Puts `parsed` (after `first`'s base state, for a store that starts there) and returns the new head. */
export function writeBlocks({ t, formOf, fallbackChainId }: WriteContext, head: Head, parsed: ParsedBlock[], first: LedgerBase | undefined): Head {
  const next: Head = { ...head };
  const alloc = slab();
  const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
    const out = alloc(a.length + b.length);
    out.set(a);
    out.set(b, a.length);
    return out;
  };
  const noteInfo = (key: Uint8Array, value: Uint8Array | null) => {
    if (equalBytes(key, CHAIN_ID_KEY)) next.chainId = value !== null && value.length === 1 ? value[0]! : fallbackChainId;
    else if (equalBytes(key, CONFIGURATION_KEY)) next.epoch = leadingU64(value ?? undefined);
    else if (equalBytes(key, TIMESTAMP_KEY)) next.timestamp = leadingU64(value ?? undefined);
  };
  /** `index`: the write's place in its write set, which names a value kept in `state_values`. */
  const putState = (key: Uint8Array, version: number, value: Uint8Array | null, index: number) => {
    const form = formOf(key);
    if (form !== key) {
      t.long_keys.put(form, key);
      // An account's long access-path keys, for its state listing (reads.ts `accountKeys`).
      if (key[0] === 0) t.long_keys.put(concat(key.subarray(0, 33), form.subarray(1)), new Uint8Array(0));
    }
    const w = stateWrite(version, value, index, alloc);
    if (value !== null && value.length > INLINE_VALUE) t.state_values.put(elsewhereKey(w, alloc), value, APPEND);
    t.state.put(form, w);
    noteInfo(key, value);
  };
  if (first !== undefined) {
    next.baseVersion = next.oldestVersion = next.nextVersion = first.version;
    next.baseHeight = next.oldestHeight = next.nextHeight = first.height;
    // A key listed twice takes its last value, as the memory ledger's (a write is one duplicate a version).
    const base = new Map<string, [Uint8Array, Uint8Array | null]>();
    if (first.version > 0) for (const [k, v] of first.state) base.set(keyString(k), [k, v]);
    let i = 0;
    for (const [k, v] of base.values()) putState(k, first.version - 1, v, i++);
  }
  for (const b of parsed) {
    const height = Number(b.blockHeight);
    t.blocks.put(u64(height, alloc), encodeBlockRow(b, alloc), APPEND);
    t.block_at.put(u64(Number(b.firstVersion), alloc), u64(height, alloc), APPEND);
    for (const x of b.transactions) {
      const s = x.summary;
      const nonce = s?.replayProtector.$kind === 'Nonce';
      const version = u64(x.version, alloc);
      t.tx.put(version, encodeTxnMeta({ hash: x.hash, writesAt: x.writesAt, ...(s && { sender: s.senderBytes, nonce, number: s.replayProtector.value }) }, x.events, x.bytes, alloc), APPEND);
      for (const e of x.events) t.events.put(eventEntryKey(e.key, e.sequenceNumber, alloc), concat(version, e.bytes));
      t.by_hash.put(x.hash, version);
      if (s !== undefined) {
        const summary = alloc(41);
        summary.set(s.hash);
        summary[32] = nonce ? 2 : 1;
        new DataView(summary.buffer, summary.byteOffset, 41).setBigUint64(33, s.replayProtector.value);
        t.summaries.put(withU64(s.senderBytes, x.version, alloc), summary);
        if (!nonce) t.by_account.put(withU64(s.senderBytes, Number(s.replayProtector.value), alloc), version);
      }
      x.writes.forEach((w, i) => putState(w.key, x.version, w.value, i));
    }
    next.nextVersion = Number(b.lastVersion) + 1;
    next.nextHeight = height + 1;
  }
  t.meta.put(HEAD_KEY, encodeHead(next));
  return next;
}
