import { addressBytes, type Address } from '../bcs/index.js';
import type { ParsedTransaction } from './block-reader.js';
import { keyString, lastAtMost, type VersionedState } from './memory-state.js';
import type { AccountStatePage, AccountStateQuery, EventsQuery, StoredEvent } from './source.js';

// The memory ledger's read indexes beside its state and blocks, after storage/aptosdb's schemas:
// transaction hash → version (`TransactionByHashSchema`), an account's sequence-number transactions
// (`OrderedTransactionByAccountSchema`), v1 events by key and sequence number (`EventByKeySchema`)
// and each account's state keys in key order (the prefix iterator of `StateValueSchema`, which the
// node's resource and module listings walk). Fed by ingest, one transaction at a time; pruned
// versions are filtered out where they are read (the indexes keep them, as the account index does).

interface Ordered {
  sequenceNumbers: bigint[];
  versions: number[];
}

interface EventList {
  sequenceNumbers: bigint[];
  versions: number[];
  bytes: Uint8Array[];
}

interface AccountKeys {
  /** Each key's bytes (a view of the block it was first written in), by its string. */
  keys: Map<string, Uint8Array>;
  /** The keys in byte order, rebuilt after a key is added. */
  sorted: string[] | undefined;
}

/** An `AccessPath` state key: 00 ‖ address (32) ‖ uleb128 path length ‖ path, whose first byte is `Path`'s variant. */
function accessPathKind(key: string): 'code' | 'resource' | undefined {
  if (key.charCodeAt(0) !== 0 || key.length < 35) return undefined;
  let at = 33;
  while (at < key.length && key.charCodeAt(at) >= 0x80) at++;
  const variant = key.charCodeAt(at + 1);
  // access_path.rs `Path`: Code 0, Resource 1, ResourceGroup 2.
  return variant === 0 ? 'code' : variant === 1 || variant === 2 ? 'resource' : undefined;
}

export class ReadIndexes {
  private readonly byHash = new Map<string, number>();
  private readonly ordered = new Map<string, Ordered>();
  private readonly events = new Map<string, EventList>();
  private readonly accounts = new Map<string, AccountKeys>();

  /** Indexes a transaction's hash, sequence number and events (its writes' keys go through `addKey`). */
  add(t: ParsedTransaction): void {
    this.byHash.set(keyString(t.hash), t.version);
    const s = t.summary;
    if (s !== undefined && s.replayProtector.$kind === 'SequenceNumber') {
      const k = keyString(s.senderBytes);
      let o = this.ordered.get(k);
      if (o === undefined) this.ordered.set(k, (o = { sequenceNumbers: [], versions: [] }));
      o.sequenceNumbers.push(s.replayProtector.value);
      o.versions.push(t.version);
    }
    for (const e of t.events) {
      const k = keyString(e.key);
      let list = this.events.get(k);
      if (list === undefined) this.events.set(k, (list = { sequenceNumbers: [], versions: [], bytes: [] }));
      list.sequenceNumbers.push(e.sequenceNumber);
      list.versions.push(t.version);
      list.bytes.push(e.bytes);
    }
  }

  /** Notes a state key (base state on load, or a write) under its account: `key` is `keyString(bytes)`. */
  addKey(key: string, bytes: Uint8Array): void {
    if (accessPathKind(key) === undefined) return;
    const account = key.slice(1, 33);
    let a = this.accounts.get(account);
    if (a === undefined) this.accounts.set(account, (a = { keys: new Map(), sorted: undefined }));
    if (a.keys.has(key)) return;
    a.keys.set(key, bytes);
    a.sorted = undefined;
  }

  versionOf(hash: Uint8Array): number | undefined {
    return this.byHash.get(keyString(hash));
  }

  accountTransactionVersions(address: Address, start: bigint, limit: number, ledgerVersion: number): number[] {
    const o = this.ordered.get(keyString(addressBytes(address)));
    if (o === undefined || limit <= 0) return [];
    const s = o.sequenceNumbers;
    // Sequence numbers ascend with versions: the first ≥ start by binary search.
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if (s[m]! < start) lo = m + 1;
      else hi = m;
    }
    const out: number[] = [];
    const end = start + BigInt(limit);
    for (let i = lo; i < s.length && s[i]! < end && o.versions[i]! <= ledgerVersion; i++) out.push(o.versions[i]!);
    return out;
  }

  eventsOf(creationNumber: bigint, address: Address, q: EventsQuery, oldestVersion: number): StoredEvent[] {
    const key = new Uint8Array(40);
    new DataView(key.buffer).setBigUint64(0, creationNumber, true);
    key.set(addressBytes(address), 8);
    const list = this.events.get(keyString(key));
    if (list === undefined || q.limit <= 0) return [];
    const ledgerVersion = Number(q.ledgerVersion);
    // The events visible at the ledger version end at `visible` (versions ascend with sequence numbers).
    const visible = lastAtMost(list.versions, ledgerVersion) + 1;
    let from: number;
    if (q.start === undefined) from = Math.max(0, visible - q.limit);
    else {
      const s = list.sequenceNumbers;
      from = 0;
      let hi = visible;
      while (from < hi) {
        const m = (from + hi) >>> 1;
        if (s[m]! < q.start) from = m + 1;
        else hi = m;
      }
    }
    const out: StoredEvent[] = [];
    for (let i = from; i < visible && out.length < q.limit; i++) {
      if (list.versions[i]! >= oldestVersion) out.push({ version: BigInt(list.versions[i]!), bytes: list.bytes[i]! });
    }
    return out;
  }

  accountState(address: Address, q: AccountStateQuery, state: VersionedState): AccountStatePage {
    const a = this.accounts.get(keyString(addressBytes(address)));
    if (a === undefined || q.limit <= 0) return { entries: [], next: undefined };
    const sorted = (a.sorted ??= [...a.keys.keys()].sort());
    // Each char is one byte, so string order is the keys' byte order (the node's iteration order).
    let i = 0;
    if (q.start !== undefined) {
      const start = keyString(q.start);
      let hi = sorted.length;
      while (i < hi) {
        const m = (i + hi) >>> 1;
        if (sorted[m]! < start) i = m + 1;
        else hi = m;
      }
    }
    const version = Number(q.version);
    const entries: AccountStatePage['entries'] = [];
    for (; i < sorted.length; i++) {
      const k = sorted[i]!;
      if (accessPathKind(k) !== q.kind) continue;
      const value = state.get(k, version);
      if (value === undefined) continue;
      if (entries.length === q.limit) return { entries, next: a.keys.get(k)! };
      entries.push({ key: a.keys.get(k)!, value });
    }
    return { entries, next: undefined };
  }
}
