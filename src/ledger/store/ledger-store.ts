import { mkdirSync } from 'node:fs';
import type { RootDatabase } from 'lmdb';
import type { BlockHeader } from '../../records/index.js';
import type { ParsedBlock, Sha3 } from '../block-reader.js';
import { LedgerError } from '../errors.js';
import { checkBatch, checkedLedgerOptions, type BlockInput, type IngestingLedger, type IngestResult } from '../ingesting.js';
import type { LedgerBase } from '../memory.js';
import { nodeSha3 } from '../node.js';
import { LONG_KEY, TABLES, type TableName } from './keys.js';
import { readHead, type Head } from './head.js';
import { pruneTo } from './prune.js';
import type { Tables } from './reads.js';
import { StateCache } from './state-cache.js';
import { stateSeeker } from './state-seek.js';
import { snapshotOf } from './snapshot.js';
import { setHead, storeReads, type Live } from './store-reads.js';
import { writeBlocks, type WriteContext } from './write.js';

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

/** One consistent cut of the store: its window's blocks, read lazily, and the state before them (built by snapshot.ts). */
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

export async function openLedgerStore(path: string, options: LedgerStoreOptions = {}): Promise<LedgerStore> {
  const { window, fallbackChainId } = checkedLedgerOptions(options);
  const cacheBytes = options.cacheBytes ?? 32 * 2 ** 20;
  if (!(Number.isSafeInteger(cacheBytes) && cacheBytes >= 0)) throw new LedgerError('invalid_option', `cacheBytes must be a byte count, got ${String(cacheBytes)}`);
  const sha3 = options.sha3 ?? nodeSha3;
  const relaxed = options.durability === 'relaxed';
  const { env, t, head } = await openTables(path, relaxed, fallbackChainId);
  const live: Live = { head, info: undefined };
  setHead(live, head);
  /** Where the next ingest continues (ahead of `head` while a commit is in flight). */
  let tail = { version: head.nextVersion, height: head.nextHeight };
  let base: LedgerBase | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let broken: Error | undefined;
  let queued = false;
  const cache = cacheBytes > 0 ? new StateCache(cacheBytes) : undefined;
  const seeker = stateSeeker(env, t.state_values);

  const keyHash = (key: Uint8Array): Uint8Array => {
    const out = new Uint8Array(33);
    out[0] = 0xff;
    out.set(sha3([key]), 1);
    return out;
  };
  const formOf = (key: Uint8Array): Uint8Array => (key.length <= LONG_KEY ? key : keyHash(key));
  const writing: WriteContext = { t, formOf, fallbackChainId };

  async function commit(parsed: ParsedBlock[], first: LedgerBase | undefined): Promise<void> {
    // A turn of the event loop between the caller's parse and these puts, so requests waiting since
    // the parse are answered before the puts take the thread.
    await new Promise((resolve) => setImmediate(resolve));
    let next!: Head;
    await env.batch(() => {
      next = writeBlocks(writing, live.head, parsed, first);
    });
    // Before the new versions are readable: close the cached spans of the keys they wrote.
    if (cache !== undefined) for (const b of parsed) for (const x of b.transactions) for (const w of x.writes) cache.written(formOf(w.key), x.version);
    setHead(live, next);
    if (window !== undefined) {
      const pruned = await pruneTo(env, t, live.head, live.head.nextVersion - window, formOf);
      if (pruned !== undefined) setHead(live, pruned);
    }
  }

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

    isEmpty: () => !queued && live.info === undefined,

    startAt(b) {
      if (!store.isEmpty()) throw new LedgerError('invalid_option', `the store ${path} holds blocks already: it continues at block ${live.head.nextHeight}`);
      if (!(Number.isSafeInteger(b.version) && b.version >= 0 && Number.isSafeInteger(b.height) && b.height >= 0)) throw new LedgerError('invalid_option', 'a base is a version and a height');
      base = b;
      tail = { version: b.version, height: b.height };
    },

    ...storeReads(live, t, seeker, cache, formOf),

    snapshot: () => snapshotOf(env, t, fallbackChainId),

    async close() {
      await queue;
      await env.close();
    },
  };
  return store;
}

/** The environment and its tables, and the head record (the store's format checked before any other table is opened). */
async function openTables(path: string, relaxed: boolean, fallbackChainId: number): Promise<{ env: RootDatabase; t: Tables; head: Head }> {
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
  const meta = table('meta');
  let head: Head;
  try {
    head = readHead(meta, fallbackChainId);
  } catch (e) {
    await env.close();
    throw e;
  }
  const t = Object.fromEntries(TABLES.map((name) => [name, name === 'meta' ? meta : table(name)])) as Tables;
  return { env, t, head };
}
