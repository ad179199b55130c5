import { mkdirSync } from 'node:fs';
import type { RootDatabase, Transaction } from 'lmdb';
import { addressBytes, equalBytes } from '../../bcs/index.js';
import type { BlockHeader } from '../../records/index.js';
import type { ParsedBlock, Sha3 } from '../block-reader.js';
import { LedgerError } from '../errors.js';
import { CHAIN_ID_KEY, CONFIGURATION_KEY, leadingU64, TIMESTAMP_KEY } from '../framework-state.js';
import { checkBatch, checkedLedgerOptions, type BlockInput, type IngestingLedger, type IngestResult } from '../ingesting.js';
import type { LedgerBase } from '../memory.js';
import { nodeSha3 } from '../node.js';
import type { LedgerSummary } from '../source.js';
import { keyString } from '../memory-state.js';
import { blockRowFirst, blockRowLast, decodeBlockRow, decodeTxnMeta, elsewhereKey, ELSEWHERE, encodeBlockRow, encodeTxnMeta, eventEntryKey, INLINE_VALUE, LONG_KEY, readU64, stateWrite, TABLES, u64, withU64, type TableName } from './keys.js';
import { decodeHead, encodeHead, type Head } from './head.js';
import { pruneTo } from './prune.js';
import { accountState, accountSummaries, accountTransactions, events, plain, stateAt, type Tables } from './reads.js';
import { slab } from './slab.js';
import { StateCache } from './state-cache.js';
import { stateSeeker } from './state-seek.js';

// The durable ledger: the memory ledger's contract and ingest rules over LMDB (one file, readers never
// block the writer, reads synchronous). Each ingest is one LMDB write transaction holding whole blocks
// and the store's head record, committed off the main thread (lmdb's batched async writes), so a
// reader, or a process reopening the store after a crash, sees a block whole or not at all. What
// falls out of the pruning window is deleted after the commit, in its own transaction.

export interface LedgerStoreOptions {
  /** Versions kept (at least; whole blocks are dropped). Default: everything. */
  pruneWindow?: number;
  /** The chain id while the state has no `0x1::chain_id::ChainId` (default 4). */
  chainId?: number;
  /** sha3-256 for the transaction-hash check (default: node:crypto's). */
  sha3?: Sha3;
  /**
   * 'fsync' (default): an ingest resolves once its transaction is on disk (survives power loss).
   * 'relaxed': once committed to the OS (survives the process being killed, not the machine).
   */
  durability?: 'fsync' | 'relaxed';
  /** Bytes of state answers kept in memory beside LMDB (state-cache.ts; default 32 MiB, 0: none). */
  cacheBytes?: number;
}

export interface LedgerStore extends IngestingLedger {
  /** Resolves once the blocks are committed (and, with 'fsync', on disk). */
  ingest(blocks: BlockInput | readonly BlockInput[]): Promise<IngestResult>;
  /** The store's directory. */
  readonly path: string;
  /** Whether it holds no block yet. */
  isEmpty(): boolean;
  /** Where an empty store starts, when not at genesis (as createMemoryLedger's base); refused once it holds blocks. */
  startAt(base: LedgerBase): void;
  /** The block holding `version` (block_by_version, seek for the last first-version ≤ it). */
  blockByVersion(version: bigint): BlockHeader | undefined;
  /** The version of the transaction with `hash` (transaction_by_hash). */
  versionByHash(hash: Uint8Array): bigint | undefined;
  /** The version of `address`'s transaction with sequence number `sequenceNumber`. */
  versionBySequenceNumber(address: string, sequenceNumber: bigint): bigint | undefined;
  /**
   * What a ledger file of the retained ledger holds, read from one snapshot (a writer in this or
   * another process may go on): where it starts, its last block, the state before it, and per block
   * its head and records. The snapshot is released when `blocks` is iterated to its end.
   */
  snapshot(): StoreSnapshot;
  /** Waits for ingests in flight, then closes the environment. */
  close(): Promise<void>;
}

export interface StoreSnapshot {
  firstVersion: number;
  firstHeight: number;
  blockCount: number;
  lastHeight: number;
  lastVersion: number;
  /** The state as of firstVersion − 1 (deleted keys left out), in key order. */
  baseState: [Uint8Array, Uint8Array][];
  blocks: Generator<{ header: BlockHeader; txs: Uint8Array[] }>;
}

/**
 * Versions and heights only grow: such tables are written with MDB_APPEND, which fills each page
 * before starting the next (a plain put splits the last page in half; measured: disk bytes a
 * transaction fall by a third) and skips the search for the slot.
 */
// lmdb's typings give put's third argument as a version only; write.js reads an options object there.
const APPEND = { append: true } as unknown as number;

export async function openLedgerStore(path: string, options: LedgerStoreOptions = {}): Promise<LedgerStore> {
  const { window, fallbackChainId } = checkedLedgerOptions(options);
  const cacheBytes = options.cacheBytes ?? 32 * 2 ** 20;
  if (!(Number.isSafeInteger(cacheBytes) && cacheBytes >= 0)) throw new LedgerError('invalid_option', `cacheBytes must be a byte count, got ${String(cacheBytes)}`);
  const sha3 = options.sha3 ?? nodeSha3;
  const relaxed = options.durability === 'relaxed';
  mkdirSync(path, { recursive: true });
  // Loaded here, not at the top: importing this entry costs nothing until a store is opened. A store
  // is a directory whatever its name (lmdb-js takes a path with an extension for a file by default).
  const { open } = await import('lmdb');
  // 16 KiB pages for a new store (an existing one keeps its own: lmdb-js README, `pageSize`): an
  // ingest dirties a page per transaction in each hash- or account-keyed table, and LMDB keeps its
  // dirty pages in one sorted list (mdb.c `mdb_mid2l_insert`: a third of its CPU in the catch-up
  // profile); a quarter as many, larger pages: 2.3 % fewer instructions in one pair of catch-up
  // runs into a store (callgrind, near its noise there), the same bytes on disk.
  const env: RootDatabase = open({ path, noSubdir: false, maxDbs: TABLES.length + 2, noSync: relaxed, overlappingSync: false, pageSize: 16384, encoding: 'binary', keyEncoding: 'binary', compression: false });
  const table = (name: TableName) => env.openDB<Uint8Array, Uint8Array>({ name, encoding: 'binary', keyEncoding: 'binary', compression: false, dupSort: name === 'state' });
  // The head first: a store of another format is refused by its format number, before a table
  // whose layout changed is opened with flags it was not made with.
  const HEAD_KEY = new TextEncoder().encode('head');
  const meta = table('meta');
  const stored = meta.get(HEAD_KEY);
  let head: Head;
  try {
    head = stored === undefined ? emptyHead(fallbackChainId) : decodeHead(stored);
  } catch (e) {
    await env.close();
    throw e;
  }
  const t = Object.fromEntries(TABLES.map((name) => [name, name === 'meta' ? meta : table(name)])) as Tables;
  /** Where the next ingest continues (ahead of `head` while a commit is in flight). */
  let tail = { version: head.nextVersion, height: head.nextHeight };
  let base: LedgerBase | undefined;
  let info: LedgerSummary | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let broken: Error | undefined;
  let queued = false;
  const cache = cacheBytes > 0 ? new StateCache(cacheBytes) : undefined;
  const seeker = stateSeeker(env, t.state_values);

  const refreshInfo = () => {
    info =
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
  };
  refreshInfo();

  const keyHash = (key: Uint8Array): Uint8Array => {
    const out = new Uint8Array(33);
    out[0] = 0xff;
    out.set(sha3([key]), 1);
    return out;
  };
  const formOf = (key: Uint8Array): Uint8Array => (key.length <= LONG_KEY ? key : keyHash(key));

  function write(parsed: ParsedBlock[], first: LedgerBase | undefined): Head {
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

  async function commit(parsed: ParsedBlock[], first: LedgerBase | undefined): Promise<void> {
    // A turn of the event loop between the caller's parse and these puts, so requests waiting since
    // the parse are answered before the puts take the thread.
    await new Promise((resolve) => setImmediate(resolve));
    let next!: Head;
    await env.batch(() => {
      next = write(parsed, first);
    });
    // Before the new versions are readable: close the cached spans of the keys they wrote.
    if (cache !== undefined) for (const b of parsed) for (const x of b.transactions) for (const w of x.writes) cache.written(formOf(w.key), x.version);
    head = next;
    refreshInfo();
    if (window !== undefined) {
      const pruned = await pruneTo(env, t, head, head.nextVersion - window, HEAD_KEY, formOf);
      if (pruned !== undefined) {
        head = pruned;
        refreshInfo();
      }
    }
  }

  // Against the ledger info's bigints: no conversion per read.
  const inRange = (v: bigint): v is bigint => info !== undefined && v >= info.oldestLedgerVersion && v <= info.ledgerVersion;

  const store: LedgerStore = {
    path,
    ingest(input) {
      if (broken !== undefined) return Promise.reject(broken);
      let parsed: ParsedBlock[];
      try {
        parsed = checkBatch(input, tail.version, tail.height, sha3);
      } catch (e) {
        return Promise.reject(e);
      }
      const count = parsed.reduce((n, p) => n + p.transactions.length, 0);
      if (parsed.length === 0) return queue.then(() => ({ blocks: 0, transactions: 0, ledgerVersion: BigInt(tail.version - 1) }));
      queued = true;
      const last = parsed[parsed.length - 1]!;
      tail = { version: Number(last.lastVersion) + 1, height: Number(last.blockHeight) + 1 };
      const first = base;
      base = undefined;
      // After a failed commit nothing queued behind it is written: its blocks would follow a gap.
      const done = queue.then(() => {
        if (broken !== undefined) throw broken;
        return commit(parsed, first);
      });
      queue = done.catch((e: unknown) => {
        broken = e instanceof Error ? e : new Error(String(e));
      });
      return done.then(() => ({ blocks: parsed.length, transactions: count, ledgerVersion: BigInt(last.lastVersion) }));
    },

    isEmpty: () => !queued && info === undefined,

    startAt(b) {
      if (!store.isEmpty()) throw new LedgerError('invalid_option', `the store ${path} holds blocks already: it continues at block ${head.nextHeight}`);
      if (!(Number.isSafeInteger(b.version) && b.version >= 0 && Number.isSafeInteger(b.height) && b.height >= 0)) throw new LedgerError('invalid_option', 'a base is a version and a height');
      base = b;
      tail = { version: b.version, height: b.height };
    },

    ledgerInfo() {
      if (info === undefined) throw new LedgerError('incomplete_block', 'the ledger holds no block yet');
      return info;
    },

    stateValue(stateKey, version) {
      if (!inRange(version)) return undefined;
      if (cache === undefined) return seeker.seek(formOf(stateKey), Number(version), version === info!.ledgerVersion) < 0 ? undefined : seeker.value;
      return stateAt(seeker, cache, formOf(stateKey), Number(version), head.nextVersion - 1).value;
    },

    hasStateAt(stateKey, version) {
      if (version < 0n) return false;
      // Below the window (the replica's read-through check) straight from LMDB, uncached.
      if (cache !== undefined && version >= BigInt(head.oldestVersion - 1) && version < BigInt(head.nextVersion)) return stateAt(seeker, cache, formOf(stateKey), Number(version), head.nextVersion - 1).has;
      return seeker.seek(formOf(stateKey), Number(version > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : version)) >= 0;
    },

    accountTransactionSummaries: (address, q) => accountSummaries(t, address, q, head.oldestVersion),

    blockByHeight(height) {
      if (height < BigInt(head.oldestHeight) || height >= BigInt(head.nextHeight)) return undefined;
      const b = t.blocks.get(u64(Number(height)));
      return b === undefined ? undefined : decodeBlockRow(height, plain(b));
    },

    blockByVersion(version) {
      if (!inRange(version)) return undefined;
      for (const { value } of t.block_at.getRange({ start: u64(Number(version)), reverse: true, limit: 1 })) return store.blockByHeight(BigInt(readU64(value)));
      return undefined;
    },

    versionByHash(hash) {
      if (hash.length !== 32) return undefined;
      const v = t.by_hash.get(hash);
      return v !== undefined && inRange(BigInt(readU64(v))) ? BigInt(readU64(v)) : undefined;
    },

    transactionVersion: (hash) => store.versionByHash(hash),

    accountTransactions: (address, start, limit, ledgerVersion) => accountTransactions(t, address, start, limit, ledgerVersion, head.oldestVersion),
    accountState: (address, q) => accountState(t, seeker, address, q, head.nextVersion - 1),
    events: (creationNumber, address, q) => events(t, creationNumber, address, q, head.oldestVersion),

    versionBySequenceNumber(address, sequenceNumber) {
      if (sequenceNumber < 0n || sequenceNumber > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
      const v = t.by_account.get(withU64(addressBytes(address), Number(sequenceNumber)));
      return v !== undefined && inRange(BigInt(readU64(v))) ? BigInt(readU64(v)) : undefined;
    },

    transactions(startVersion, limit) {
      if (!inRange(startVersion) || limit <= 0) return [];
      const out = [];
      for (const { key, value } of t.tx.getRange({ start: u64(Number(startVersion)), end: u64(head.nextVersion), limit })) {
        out.push({ version: BigInt(readU64(key)), bytes: plain(value).subarray(decodeTxnMeta(value).recordAt) });
      }
      return out;
    },

    snapshot() {
      const transaction = env.useReadTransaction();
      try {
        const stored = t.meta.get(HEAD_KEY, { transaction });
        const h = stored === undefined ? emptyHead(fallbackChainId) : decodeHead(stored);
        const baseState = h.oldestVersion > 0 ? [...entriesAt(t, h.oldestVersion - 1, transaction)] : [];
        function* blocks() {
          try {
            for (const { key, value } of t.blocks.getRange({ start: u64(h.oldestHeight), end: u64(h.nextHeight), transaction })) {
              const row = plain(value);
              const txs: Uint8Array[] = [];
              for (const { value: tx } of t.tx.getRange({ start: u64(blockRowFirst(row)), end: u64(blockRowLast(row) + 1), transaction })) txs.push(plain(tx).subarray(decodeTxnMeta(tx).recordAt));
              yield { header: decodeBlockRow(BigInt(readU64(key)), row), txs };
            }
          } finally {
            transaction.done();
          }
        }
        return { firstVersion: h.oldestVersion, firstHeight: h.oldestHeight, blockCount: h.nextHeight - h.oldestHeight, lastHeight: Math.max(0, h.nextHeight - 1), lastVersion: Math.max(0, h.nextVersion - 1), baseState, blocks: blocks() };
      } catch (e) {
        transaction.done();
        throw e;
      }
    },

    async close() {
      await queue;
      await env.close();
    },
  };
  return store;
}

/** Every state key's value as of `version` (deleted keys left out), in key order. */
function* entriesAt(t: Tables, version: number, transaction: Transaction): Generator<[Uint8Array, Uint8Array]> {
  // Each key's writes in version order: the last one at or below `version` is its value then.
  let form: Uint8Array | undefined;
  let last: Uint8Array | undefined;
  function* flush(): Generator<[Uint8Array, Uint8Array]> {
    if (form === undefined || last === undefined || last[8] === 0) return;
    const stateKey = form[0] === 0xff ? t.long_keys.get(form, { transaction }) : form;
    const value = last[8] === ELSEWHERE ? t.state_values.get(elsewhereKey(last), { transaction }) : last.subarray(9);
    if (stateKey === undefined || value === undefined) throw new LedgerError('malformed', 'the store has a hashed state key or a long value it holds no bytes for');
    yield [plain(stateKey).slice(), plain(value).slice()];
  }
  for (const { key, value } of t.state.getRange({ transaction })) {
    if (form === undefined || !equalBytes(key, form)) {
      yield* flush();
      form = plain(key);
      last = undefined;
    }
    if (readU64(value) <= version) last = plain(value);
  }
  yield* flush();
}

function emptyHead(chainId: number): Head {
  return { baseVersion: 0, baseHeight: 0, oldestVersion: 0, oldestHeight: 0, nextVersion: 0, nextHeight: 0, chainId, epoch: 0n, timestamp: 0n };
}
