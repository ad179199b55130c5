import type { Database } from 'lmdb';
import { addressBytes, compareBytes, normalizeAddress, type Address } from '../../bcs/index.js';
import type { IndexedTransactionSummary } from '../../records/index.js';
import type { AccountStatePage, AccountStateQuery, EventsQuery, StoredEvent, StoredTransaction, SummariesQuery } from '../source.js';
import { decodeTxnMeta, EVENT_ENTRY, eventEntryKey, hasPrefix, LONG_KEY, readU64, u64, withU64, type TableName } from './keys.js';
import { StateCache } from './state-cache.js';
import type { StateSeeker } from './state-seek.js';

// The store's range reads beyond one key: the state value at a version through the cache, an account's
// transaction summaries (forward or backward over `summaries`), an account's
// state keys of a kind (the node's prefix iteration over StateValueSchema, api/src/context.rs
// `get_resources_by_pagination`), an account's sequence-number transactions (a range over
// `by_account`, as OrderedTransactionByAccountSchema is read) and v1 events by key (EventByKeySchema:
// a prefix per event key, sequence numbers ascending). Pruned entries are deleted by the pruner; the
// `oldest` bound only hides what a prune in flight has not reached yet.

export type Tables = Record<TableName, Database<Uint8Array, Uint8Array>>;

const MAX_U64 = (1n << 64n) - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const cap = (v: bigint): number => Number(v > MAX_SAFE ? MAX_SAFE : v < 0n ? 0n : v);

/** lmdb answers Node Buffers (copies); the contract answers plain Uint8Arrays over the same bytes. */
export function plain(b: Uint8Array): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** The first key after every key that starts with `prefix`, or undefined when there is none (all ff). */
function prefixEnd(prefix: Uint8Array): Uint8Array | undefined {
  const out = prefix.slice();
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== 0xff) {
      out[i]!++;
      return out.subarray(0, i + 1);
    }
  }
  return undefined;
}

/**
 * The value of `form` at `version` and whether the key had an entry at or below it, through the
 * cache (state-cache.ts); a miss is one seek (state-seek.ts). A seek at `ledgerVersion` (the latest)
 * opens its span.
 */
export function stateAt(s: StateSeeker, cache: StateCache, form: Uint8Array, version: number, ledgerVersion: number): { value: Uint8Array | undefined; has: boolean } {
  const key = StateCache.keyOf(form);
  const hit = cache.find(key, version);
  if (hit !== undefined) return hit;
  const hi = version === ledgerVersion ? Infinity : version;
  const at = s.seek(form, version, version === ledgerVersion);
  // A copy of its own: the seek's value shares a chunk (state-seek.ts) the cache would keep whole.
  return at < 0 ? cache.note(key, 0, hi, undefined, false) : cache.note(key, at, hi, s.value?.slice(), true);
}

/** An `AccessPath` key's kind (00 ‖ address ‖ uleb128 length ‖ Path, whose variant is Code 0, Resource 1, ResourceGroup 2). */
function accessPathKind(key: Uint8Array): AccountStateQuery['kind'] | undefined {
  if (key[0] !== 0 || key.length < 35) return undefined;
  let at = 33;
  while (at < key.length && key[at]! >= 0x80) at++;
  const variant = key[at + 1];
  return variant === 0 ? 'code' : variant === 1 || variant === 2 ? 'resource' : undefined;
}

interface Candidate {
  key: Uint8Array;
  form: Uint8Array;
}

/**
 * The account's state keys in byte order from `start` on: the ones short enough to be their own
 * form, found under 00 ‖ address in `state` (each key once: its writes are duplicates); merged with
 * the account's keys longer than LONG_KEY (stored by hash, so out of that range), which `long_keys`
 * lists under 00 ‖ address and which are read and sorted whole (rare: a resource type over 1 KB long).
 */
function* accountKeys(t: Tables, prefix: Uint8Array, start: Uint8Array | undefined): Generator<Candidate> {
  const from = start === undefined || compareBytes(start, prefix) < 0 ? prefix : start.length > LONG_KEY ? start.subarray(0, LONG_KEY) : start;
  const end = prefixEnd(prefix);
  const longs: Candidate[] = [];
  for (const entry of t.long_keys.getKeys({ start: prefix, end })) {
    const form = new Uint8Array(33);
    form[0] = 0xff;
    form.set(entry.subarray(33), 1);
    const key = t.long_keys.get(form);
    if (key !== undefined && (start === undefined || compareBytes(key, start) >= 0)) longs.push({ key: plain(key), form });
  }
  longs.sort((a, b) => compareBytes(a.key, b.key));
  let i = 0;
  for (const k of t.state.getKeys({ start: from, end })) {
    const form = plain(k);
    if (start !== undefined && compareBytes(form, start) < 0) continue;
    while (i < longs.length && compareBytes(longs[i]!.key, form) < 0) yield longs[i++]!;
    yield { key: form, form };
  }
  while (i < longs.length) yield longs[i++]!;
}

export function accountState(t: Tables, s: StateSeeker, address: Address, q: AccountStateQuery, ledgerVersion: number): AccountStatePage {
  if (q.limit <= 0) return { entries: [], next: undefined };
  const prefix = new Uint8Array(33);
  prefix.set(addressBytes(address), 1);
  const version = cap(q.version);
  const entries: AccountStatePage['entries'] = [];
  for (const c of accountKeys(t, prefix, q.start)) {
    if (accessPathKind(c.key) !== q.kind) continue;
    if (s.seek(c.form, version, version === ledgerVersion) < 0 || s.value === undefined) continue;
    if (entries.length === q.limit) return { entries, next: c.key };
    entries.push({ key: c.key, value: s.value });
  }
  return { entries, next: undefined };
}

/** An account's transaction summaries (transaction_summaries_by_account): forward from a version, or backward from one. */
export function accountSummaries(t: Tables, address: Address, q: SummariesQuery, oldest: number): IndexedTransactionSummary[] {
  if (q.limit <= 0) return [];
  const sender = addressBytes(address);
  const ledgerVersion = cap(q.ledgerVersion);
  const rows: [number, Uint8Array][] = [];
  if (q.startVersion !== undefined) {
    const start = cap(q.startVersion);
    if (start > ledgerVersion) return [];
    for (const { key, value } of t.summaries.getRange({ start: withU64(sender, Math.max(start, oldest)), end: withU64(sender, ledgerVersion + 1), limit: q.limit })) {
      rows.push([readU64(key, 32), plain(value)]);
    }
  } else {
    const end = q.endVersion === undefined ? ledgerVersion : cap(q.endVersion);
    // Backward from end_version; a summary past the ledger version ends the scan, as the node's iterator does.
    for (const { key, value } of t.summaries.getRange({ start: withU64(sender, end), end: oldest === 0 ? sender : withU64(sender, oldest - 1), reverse: true, limit: q.limit + 1 })) {
      if (!hasPrefix(key, sender, 8)) break;
      const v = readU64(key, 32);
      if (v > end) continue;
      if (rows.length === 0 && v > ledgerVersion) return [];
      if (rows.length === q.limit) break;
      rows.push([v, plain(value)]);
    }
    rows.reverse();
  }
  const out: IndexedTransactionSummary[] = [];
  const name = normalizeAddress(address);
  for (const [version, s] of rows) {
    const number = new DataView(s.buffer, s.byteOffset + 33, 8).getBigUint64(0);
    out.push({
      $kind: 'V1',
      value: { sender: name, version: BigInt(version), transactionHash: s.slice(0, 32), replayProtector: s[32] === 2 ? { $kind: 'Nonce', value: number } : { $kind: 'SequenceNumber', value: number } },
    });
  }
  return out;
}

export function accountTransactions(t: Tables, address: Address, start: bigint, limit: number, ledgerVersion: bigint, oldest: number): StoredTransaction[] {
  const out: StoredTransaction[] = [];
  if (limit <= 0 || start < 0n || start > MAX_SAFE) return out;
  const sender = addressBytes(address);
  const last = cap(ledgerVersion);
  const end = cap(start + BigInt(limit));
  for (const { value } of t.by_account.getRange({ start: withU64(sender, Number(start)), end: withU64(sender, end) })) {
    const version = readU64(value);
    if (version > last) break;
    if (version < oldest) continue;
    const tx = t.tx.get(u64(version));
    if (tx === undefined) break;
    out.push({ version: BigInt(version), bytes: plain(tx).subarray(decodeTxnMeta(tx).recordAt) });
  }
  return out;
}

export function events(t: Tables, creationNumber: bigint, address: Address, q: EventsQuery, oldest: number): StoredEvent[] {
  const out: StoredEvent[] = [];
  if (q.limit <= 0 || creationNumber < 0n || creationNumber > MAX_U64) return out;
  const key = new Uint8Array(40);
  new DataView(key.buffer).setBigUint64(0, creationNumber, true);
  key.set(addressBytes(address), 8);
  const last = cap(q.ledgerVersion);
  const take = (value: Uint8Array): StoredEvent => ({ version: BigInt(readU64(value)), bytes: plain(value).subarray(8) });
  if (q.start !== undefined) {
    if (q.start < 0n || q.start > MAX_U64) return out;
    for (const { value } of t.events.getRange({ start: eventEntryKey(key, q.start), end: prefixEnd(key) })) {
      const version = readU64(value);
      if (version > last) break;
      if (version < oldest) continue;
      out.push(take(value));
      if (out.length === q.limit) break;
    }
    return out;
  }
  // The latest `limit` visible at the ledger version: backward from the key's last sequence number.
  for (const { key: k, value } of t.events.getRange({ start: eventEntryKey(key, MAX_U64), end: key, reverse: true })) {
    if (!hasPrefix(k, key, EVENT_ENTRY - 40)) break;
    const version = readU64(value);
    if (version > last) continue;
    if (version < oldest) break;
    out.push(take(value));
    if (out.length === q.limit) break;
  }
  return out.reverse();
}
