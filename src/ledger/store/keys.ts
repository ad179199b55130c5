import type { BlockHeader } from '../../records/index.js';
import type { Alloc } from './slab.js';

// The LMDB store's key layouts, after aptos-core storage/aptosdb/src/schema/ (RocksDB column families
// there, named LMDB databases here). Integers are u64 big-endian so byte order is version order.
//
//   table        key                                  value                        aptos-core schema
//   tx           version                              TxnMeta ‖ TransactionOnChainData  transaction (+ info, events, write set)
//   events       EventKey 40 ‖ seq_num                version ‖ bcs(ContractEvent)  event_by_key (+ the event itself)
//   by_hash      hash 32                              version                      transaction_by_hash
//   by_account   address 32 ‖ seq_num                 version                      ordered_transaction_by_account
//   summaries    address 32 ‖ version                 hash 32 ‖ kind u8 ‖ number   transaction_summaries_by_account
//   blocks       height                               block row (hash, ts, first, last) block_info
//   block_at     first version                        height                       block_by_version
//   state        StateKeyForm (dupSort)               per write, a sorted duplicate:  state_value
//                                                     version ‖ 00 (deleted) | 01 ‖ value | 02 ‖ index u32
//   state_values version ‖ index u32                  a value over INLINE_VALUE bytes
//   long_keys    ff ‖ sha3(key)                       the state key                (keys too long for LMDB)
//                00 ‖ address ‖ sha3(key)             (empty)                      an account's long access-path keys
//   meta         name                                 a record                     db_metadata
//
// `StateKeyForm` is the BCS of the StateKey itself (self-delimiting, so no form is a prefix of
// another), as the unsharded StateValueSchema keys by `StateKey::encode`; a key longer than
// LONG_KEY bytes (a large table-item key) is `ff ‖ sha3-256(key)` instead, whose bytes long_keys keeps.
// A key's tag byte is 00–02 (StateKey variants), so ff never collides.
//
// `state` holds a key once, its writes as LMDB sorted duplicates (MDB_DUPSORT) led by the version:
// the value newest at or below v is one cursor call (MDB_GET_BOTH_RANGE to the first write after v,
// then one step back), as StateValueSchema's `(key, !version)` layout makes it one RocksDB seek
// (state_kv_db.rs `get_state_value_with_version_by_version`). The versions ascend rather than being
// inverted: a key's new write lands after its last one, so its pages fill up as LMDB splits a page
// at its end (a write before the newest splits pages in half: measured, 8 writes a 4 KB page where 17 fit).
// Duplicates are at most LMDB's key size, so a value over INLINE_VALUE bytes (a module, a large
// resource) lives in `state_values`, under its version and its place in the write set.
//
// `EventKey 40` is bcs(EventKey): creation number u64 little-endian ‖ address, as EventByKeySchema
// keys it (storage/indexer_schemas/src/schema/event_by_key/mod.rs): a prefix lookup per key, then
// sequence numbers in order. Its pruner finds the entries to delete through the events of the
// pruned versions (`prune_event_indices`); here the `tx` meta lists each transaction's event keys.
//
// There is no stale index (stale_state_value_index): the write sets it would repeat are in `tx`
// already. The pruner reads the write set of each transaction it drops (its offset is in the meta);
// a write of K at version `since` ≤ the new floor makes every older value of K invisible from the
// floor on, so they go, and a deletion at `since` goes too. One put per state write at ingest.

const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);

export const TABLES = ['meta', 'tx', 'events', 'by_hash', 'by_account', 'summaries', 'blocks', 'block_at', 'state', 'state_values', 'long_keys'] as const;
export type TableName = (typeof TABLES)[number];

/** State keys longer than this are stored by their hash (LMDB keys are at most 1978 bytes here). */
export const LONG_KEY = 1024;

const fresh: Alloc = (n) => new Uint8Array(n);

export function u64(n: number, alloc = fresh): Uint8Array {
  const out = alloc(8);
  writeU64(out, 0, n);
  return out;
}

export function writeU64(out: Uint8Array, at: number, n: number): void {
  const hi = Math.floor(n / 0x1_0000_0000);
  const lo = n >>> 0;
  out[at] = hi >>> 24;
  out[at + 1] = (hi >>> 16) & 0xff;
  out[at + 2] = (hi >>> 8) & 0xff;
  out[at + 3] = hi & 0xff;
  out[at + 4] = lo >>> 24;
  out[at + 5] = (lo >>> 16) & 0xff;
  out[at + 6] = (lo >>> 8) & 0xff;
  out[at + 7] = lo & 0xff;
}

export function readU64(b: Uint8Array, at = 0): number {
  const hi = ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
  const lo = ((b[at + 4]! << 24) | (b[at + 5]! << 16) | (b[at + 6]! << 8) | b[at + 7]!) >>> 0;
  return hi * 0x1_0000_0000 + lo;
}

/** `prefix ‖ u64(n)`. */
export function withU64(prefix: Uint8Array, n: number, alloc = fresh): Uint8Array {
  const out = alloc(prefix.length + 8);
  out.set(prefix);
  writeU64(out, prefix.length, n);
  return out;
}

/** Values longer than this are kept in `state_values`, not in their `state` duplicate. */
export const INLINE_VALUE = 1024;

/** A `state` duplicate's tag after its version. */
export const DELETED = 0;
export const INLINE = 1;
export const ELSEWHERE = 2;

/** A `state` duplicate: version ‖ 00 (deleted), ‖ 01 ‖ value, or ‖ 02 ‖ `index` (the value in `state_values`). */
export function stateWrite(version: number, value: Uint8Array | null, index: number, alloc = fresh): Uint8Array {
  const out = alloc(value === null ? 9 : value.length > INLINE_VALUE ? 13 : 9 + value.length);
  writeU64(out, 0, version);
  if (value === null) out[8] = DELETED;
  else if (value.length > INLINE_VALUE) {
    out[8] = ELSEWHERE;
    view(out).setUint32(9, index);
  } else {
    out[8] = INLINE;
    out.set(value, 9);
  }
  return out;
}

/** The `state_values` key of an ELSEWHERE duplicate: its version ‖ its index. */
export function elsewhereKey(write: Uint8Array, alloc = fresh): Uint8Array {
  const out = alloc(12);
  out.set(write.subarray(0, 8));
  out.set(write.subarray(9, 13), 8);
  return out;
}

/** Whether `key` starts with `prefix` and has exactly `rest` bytes after it. */
export function hasPrefix(key: Uint8Array, prefix: Uint8Array, rest: number): boolean {
  if (key.length !== prefix.length + rest) return false;
  for (let i = 0; i < prefix.length; i++) if (key[i] !== prefix[i]) return false;
  return true;
}

/**
 * A block's row in `blocks`, keyed by its height: the rest of its header (records' `BlockHeader`),
 * hash 32 ‖ timestamp ‖ first version ‖ last version, each u64 big-endian.
 */
export function encodeBlockRow(h: BlockHeader, alloc = fresh): Uint8Array {
  const out = alloc(56);
  out.set(h.blockHash);
  view(out).setBigUint64(32, h.blockTimestamp);
  writeU64(out, 40, Number(h.firstVersion));
  writeU64(out, 48, Number(h.lastVersion));
  return out;
}

/** The header of the block at `height` from its row. */
export function decodeBlockRow(height: bigint, b: Uint8Array): BlockHeader {
  const v = new DataView(b.buffer, b.byteOffset, 56);
  return { blockHeight: height, blockHash: b.slice(0, 32), blockTimestamp: v.getBigUint64(32), firstVersion: v.getBigUint64(40), lastVersion: v.getBigUint64(48) };
}

/** A row's first version, as a number, without decoding the rest (pruning and listing walk by it). */
export function blockRowFirst(b: Uint8Array): number {
  return readU64(b, 40);
}

/**
 * What `tx` keeps before a transaction's record, for pruning and lookups without decoding it:
 * hash 32 ‖ kind u8 (0: not a user transaction, 1: sequence number, 2: nonce) [‖ sender 32 ‖ number u64]
 * ‖ the write set's offset in the record u32 ‖ v1 event count u32 ‖ per event its `events` key
 * (EventKey 40 ‖ seq_num u64).
 */
export interface TxnMeta {
  hash: Uint8Array;
  writesAt: number;
  sender?: Uint8Array;
  nonce?: boolean;
  number?: bigint;
}

export const EVENT_ENTRY = 48;

/** An `events` key: bcs(EventKey) ‖ u64 BE sequence number. */
export function eventEntryKey(eventKey: Uint8Array, sequenceNumber: bigint, alloc = fresh): Uint8Array {
  const out = alloc(EVENT_ENTRY);
  out.set(eventKey);
  view(out).setBigUint64(40, sequenceNumber);
  return out;
}

export function encodeTxnMeta(m: TxnMeta, events: readonly { key: Uint8Array; sequenceNumber: bigint }[], record: Uint8Array, alloc = fresh): Uint8Array {
  const at = m.sender === undefined ? 33 : 73;
  const head = at + 8 + EVENT_ENTRY * events.length;
  const out = alloc(head + record.length);
  const dv = view(out);
  out.set(m.hash);
  if (m.sender !== undefined) {
    out[32] = m.nonce ? 2 : 1;
    out.set(m.sender, 33);
    dv.setBigUint64(65, m.number!);
  }
  dv.setUint32(at, m.writesAt);
  dv.setUint32(at + 4, events.length);
  events.forEach((e, i) => {
    out.set(e.key, at + 8 + i * EVENT_ENTRY);
    dv.setBigUint64(at + 8 + i * EVENT_ENTRY + 40, e.sequenceNumber);
  });
  out.set(record, head);
  return out;
}

/** The meta of a `tx` value, where its event keys start, and where the record starts. */
export function decodeTxnMeta(b: Uint8Array): TxnMeta & { eventsAt: number; eventCount: number; recordAt: number } {
  const dv = view(b);
  const at = b[32] === 0 ? 33 : 73;
  const eventCount = dv.getUint32(at + 4);
  const common = { hash: b.subarray(0, 32), writesAt: dv.getUint32(at), eventsAt: at + 8, eventCount, recordAt: at + 8 + EVENT_ENTRY * eventCount };
  if (at === 33) return common;
  return { ...common, sender: b.subarray(33, 65), nonce: b[32] === 2, number: dv.getBigUint64(65) };
}
