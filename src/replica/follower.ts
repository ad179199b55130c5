import { isLedgerApiError, isLedgerNetworkError, isLedgerResponseError, type LedgerClient, type LedgerResult } from '../client/index.js';
import { backoffMs, sleep as abortableSleep } from '../client/internal.js';
import { createMemoryLedger, isLedgerError, type MemoryLedger, type Sha3 } from '../ledger/index.js';
import { completeBlock, readBlockHead, readListHead } from './block-bytes.js';
import { diagnoseBlock } from './diagnose.js';
import { ReplicaError, isReplicaError } from './errors.js';
import { readThroughSource, type ReadThroughSource } from './read-through.js';

// A read replica's ingest: blocks by height from the upstream in BCS with their transactions (the
// rest of a large block from the transactions listing), a window of them in flight, checked by the
// memory ledger as they are ingested in order (contiguous heights and versions, each transaction's
// hash, a block's versions against its transactions) and the chain id of every answer. A block that
// fails stops ingest for good with a typed error; what was ingested before it stays and is served.
// The upstream being slow or away only delays: polls back off with jitter and resume.

export type StartAt = { height: bigint } | 'oldest';

export interface FollowerOptions {
  client: LedgerClient;
  /** A ledger to continue (a saved file loaded): ingest resumes after its last block. */
  ledger?: MemoryLedger;
  /** Where a new ledger starts (default 'oldest': the upstream's oldest retained block). */
  from?: StartAt;
  /** The new ledger's pruning window, in versions (default: keep everything). */
  pruneWindow?: number;
  /** sha3-256 for the new ledger's hash checks (default @noble/hashes; in Node, ledger-bcs/ledger/node's `nodeSha3`). */
  sha3?: Sha3;
  /** Blocks requested at once (default 8). */
  concurrency?: number;
  /** Transactions asked per listing page when a block arrives incomplete (default 100, the node's page). */
  pageSize?: number;
  /** Wait between polls once caught up, in ms (default 500); jittered. */
  pollMs?: number;
  /** Largest wait after failed requests, in ms (default 30 000). */
  maxBackoffMs?: number;
  /** Read-through cache size, in state keys (default 100 000). */
  cacheEntries?: number;
  /** One line per ingested batch and progress while catching up (default: none). */
  log?: (line: string) => void;
  /** For tests: wall clock and randomness. */
  now?: () => number;
  random?: () => number;
}

export type FollowerState = 'starting' | 'catching_up' | 'following' | 'retrying' | 'failed' | 'stopped';

export interface FollowerStatus {
  state: FollowerState;
  chainId: number | undefined;
  /** The replica's latest block height and version (undefined before the first block). */
  blockHeight: bigint | undefined;
  ledgerVersion: bigint | undefined;
  /** The upstream's latest block height as last seen. */
  upstreamHeight: bigint | undefined;
  transactionsIngested: number;
  error: ReplicaError | undefined;
  /** The last upstream failure retried (network, 5xx), if the follower is retrying. */
  lastUpstreamError: string | undefined;
}

export interface Follower {
  /** The ledger being fed; it exists once `start()` resolves. */
  readonly ledger: MemoryLedger;
  /** What to serve: the ledger, with state older than it read through from the upstream. */
  readonly source: ReadThroughSource;
  status(): FollowerStatus;
  /** Fixes the chain, creates or checks the ledger and ingests its first block; resolves once servable. */
  start(): Promise<void>;
  /** Resolves when the follow loop ends (after `stop()`, or on a verification failure). */
  readonly done: Promise<void>;
  /** Stops polling; the in-flight requests are abandoned. The ledger stays as it is. */
  stop(): Promise<void>;
}

interface Slot {
  height: bigint;
  settled: boolean;
  value?: Uint8Array;
  error?: unknown;
  promise: Promise<void>;
}

export function createFollower(o: FollowerOptions): Follower {
  const client = o.client;
  const concurrency = o.concurrency ?? 8;
  const pageSize = o.pageSize ?? 100;
  const pollMs = o.pollMs ?? 500;
  const maxBackoff = o.maxBackoffMs ?? 30_000;
  const now = o.now ?? Date.now;
  const random = o.random ?? Math.random;
  const log = o.log ?? (() => undefined);
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 256)) throw new ReplicaError('invalid_option', 'concurrency must be an integer from 1 to 256');
  if (!(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 65535)) throw new ReplicaError('invalid_option', 'pageSize must be an integer from 1 to 65535');

  let ledger: MemoryLedger | undefined = o.ledger;
  let source: ReadThroughSource | undefined;
  let state: FollowerState = 'starting';
  let chainId: number | undefined;
  let upstreamHeight: bigint | undefined;
  let ingested = 0;
  let error: ReplicaError | undefined;
  let lastUpstreamError: string | undefined;
  // One listener for the whole run: requests in flight are left to finish (or time out) on their own.
  const abort = new AbortController();
  const aborted = new Promise<void>((r) => abort.signal.addEventListener('abort', () => r(), { once: true }));
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));

  /** Checks an answer's chain id (fixed by the first) and notes the upstream's tip. */
  function seen<T>(r: LedgerResult<T>, height?: bigint): LedgerResult<T> {
    if (chainId === undefined) chainId = r.ledgerInfo.chainId;
    else if (r.ledgerInfo.chainId !== chainId) {
      throw new ReplicaError('chain_id_mismatch', `the upstream answered for chain ${r.ledgerInfo.chainId}, the replica follows chain ${chainId}${height === undefined ? '' : ` (block ${height})`}`, height, undefined, 'chain_id');
    }
    if (upstreamHeight === undefined || r.ledgerInfo.blockHeight > upstreamHeight) upstreamHeight = r.ledgerInfo.blockHeight;
    return r;
  }

  /** Block `height` with all its transactions, as bytes the ledger ingests. */
  async function fetchBlock(height: bigint): Promise<Uint8Array> {
    const bytes = seen(await client.getBlockBytes(height, { withTransactions: true }), height).data;
    const head = readBlockHead(bytes);
    const want = head.lastVersion - head.firstVersion + 1n;
    if (head.lastVersion < head.firstVersion || want > 0x7fffffffn) return bytes; // the ledger refuses it, named
    const pages: Uint8Array[] = [];
    let have = BigInt(head.carried);
    while (have < want) {
      const limit = Number(want - have < BigInt(pageSize) ? want - have : BigInt(pageSize));
      const page = seen(await client.getTransactionsBytes({ start: head.firstVersion + have, limit }), height).data;
      const n = readListHead(page).count;
      if (n === 0 || n > limit) {
        throw new ReplicaError('verification_failed', `block ${height}: the listing from version ${head.firstVersion + have} answered ${n} transactions for ${limit}`, height, head.firstVersion + have, 'transactions');
      }
      pages.push(page);
      have += BigInt(n);
    }
    return completeBlock(bytes, head, pages);
  }

  /** Ingests `blocks` (consecutive from the ledger's next height); a refusal is named and thrown. */
  function ingest(blocks: Uint8Array[], first?: { height: bigint; version: bigint }): number {
    const l = ledger!;
    try {
      return l.ingest(blocks).transactions;
    } catch (e) {
      if (!isLedgerError(e)) throw e;
    }
    // Keep the verified prefix: one block at a time up to the one refused.
    let n = 0;
    for (const b of blocks) {
      const before = first ?? { height: l.ledgerInfo().blockHeight + 1n, version: l.ledgerInfo().ledgerVersion + 1n };
      try {
        n += l.ingest(b).transactions;
      } catch (e) {
        if (!isLedgerError(e)) throw e;
        throw diagnoseBlock(b, before.height, before.version, e.message);
      }
    }
    return n;
  }

  /** Waits `ms`; `stop()` ends the wait early (the loop then sees the abort). */
  const sleep = (ms: number): Promise<void> => abortableSleep(ms, abort.signal).catch(() => undefined);

  const jitter = (ms: number) => Math.floor(ms / 2 + random() * (ms / 2));

  async function start(): Promise<void> {
    const first = seen(await client.healthy());
    if (ledger !== undefined) {
      const mine = ledger.ledgerInfo().chainId;
      if (mine !== first.ledgerInfo.chainId) {
        throw new ReplicaError('chain_id_mismatch', `the ledger is of chain ${mine}, the upstream of chain ${first.ledgerInfo.chainId}`, undefined, undefined, 'chain_id');
      }
    } else {
      const from = o.from ?? 'oldest';
      const height = from === 'oldest' ? first.ledgerInfo.oldestBlockHeight : from.height;
      let bytes: Uint8Array;
      try {
        bytes = await fetchBlock(height);
      } catch (e) {
        if (isLedgerApiError(e) && (e.status === 404 || e.status === 410)) throw new ReplicaError('unavailable_start', `the upstream cannot serve block ${height}: ${e.message}`, height);
        throw e;
      }
      const head = readBlockHead(bytes);
      if (head.blockHeight !== height) throw diagnoseBlock(bytes, height, head.firstVersion, 'height');
      const base = head.firstVersion > 0n ? { version: Number(head.firstVersion), height: Number(height), state: [] } : undefined;
      ledger = createMemoryLedger({ pruneWindow: o.pruneWindow, chainId, sha3: o.sha3 }, base);
      ingested += ingest([bytes], { height, version: head.firstVersion });
    }
    const info = ledger.ledgerInfo();
    source = readThroughSource({ ledger, client, firstVersion: info.oldestLedgerVersion, cacheEntries: o.cacheEntries });
    await source.prime();
    state = 'catching_up';
    void loop().finally(resolveDone);
  }

  async function loop(): Promise<void> {
    const l = ledger!;
    const slots: Slot[] = [];
    let failures = 0;
    let lastProgress = now();
    let rateFrom = { at: now(), count: ingested };
    const next = () => l.ledgerInfo().blockHeight + 1n;
    const fill = () => {
      const tip = upstreamHeight ?? -1n;
      let h = slots.length > 0 ? slots[slots.length - 1]!.height + 1n : next();
      while (slots.length < concurrency && h <= tip) {
        const slot: Slot = { height: h, settled: false, promise: Promise.resolve() };
        slot.promise = fetchBlock(h).then(
          (v) => void ((slot.value = v), (slot.settled = true)),
          (e: unknown) => void ((slot.error = e), (slot.settled = true)),
        );
        slots.push(slot);
        h++;
      }
    };
    while (!abort.signal.aborted) {
      try {
        fill();
        if (slots.length === 0) {
          // Caught up: ask where the upstream is, then wait a little if it has nothing new.
          const h = await Promise.race([client.healthy(), aborted]);
          if (h === undefined) break;
          seen(h);
          if (next() > (upstreamHeight ?? -1n)) {
            state = 'following';
            await sleep(jitter(pollMs));
          }
          failures = 0;
          continue;
        }
        await Promise.race([slots[0]!.promise, aborted]);
        if (abort.signal.aborted) break;
        // The settled blocks in order; a failed fetch ends the batch after the blocks before it.
        const ready: Uint8Array[] = [];
        let failed: unknown;
        while (slots.length > 0 && slots[0]!.settled && failed === undefined) {
          const s = slots.shift()!;
          if (s.error !== undefined) failed = s.error;
          else ready.push(s.value!);
        }
        if (failed !== undefined) slots.length = 0;
        const from = l.ledgerInfo();
        const n = ready.length > 0 ? ingest(ready) : 0;
        ingested += n;
        failures = 0;
        lastUpstreamError = undefined;
        const to = l.ledgerInfo();
        const t = now();
        const secs = Math.max(1, t - rateFrom.at) / 1000;
        const rate = Math.round((ingested - rateFrom.count) / secs);
        if (t - rateFrom.at > 5000) rateFrom = { at: t, count: ingested };
        if (ready.length > 0) log(`ingested blocks ${from.blockHeight + 1n}..=${to.blockHeight} versions ${from.ledgerVersion + 1n}..=${to.ledgerVersion} (${n} tx, ${rate} tx/s)`);
        if (failed !== undefined) throw failed;
        const behind = (upstreamHeight ?? 0n) - to.blockHeight;
        state = behind > BigInt(concurrency) ? 'catching_up' : 'following';
        if (state === 'catching_up' && t - lastProgress >= 2000) {
          lastProgress = t;
          log(`catching up: block ${to.blockHeight} of ${upstreamHeight} (${behind} behind), ${rate} tx/s`);
        }
      } catch (e) {
        if (abort.signal.aborted) break;
        if (isReplicaError(e)) {
          error = e;
          state = 'failed';
          log(`ingest stopped: ${e.message}`);
          return;
        }
        slots.length = 0;
        if (isLedgerApiError(e) && e.status === 410) {
          // The upstream pruned what comes next: nothing to wait for.
          error = new ReplicaError('unavailable_start', `the upstream has pruned block ${next()}: ${e.message}`, next());
          state = 'failed';
          log(`ingest stopped: ${error.message}`);
          return;
        }
        if (isLedgerApiError(e) && e.status === 404) {
          // Asked past the upstream's tip (it answered a height it then did not have): poll.
          await sleep(jitter(pollMs));
          continue;
        }
        if (!(isLedgerNetworkError(e) || isLedgerResponseError(e) || isLedgerApiError(e))) throw e;
        failures++;
        state = 'retrying';
        lastUpstreamError = e.message;
        const wait = backoffMs({ retries: 0, baseDelayMs: pollMs, maxDelayMs: maxBackoff }, Math.min(failures, 20), random);
        log(`upstream failed (${e.message}); retrying in ${wait} ms`);
        await sleep(wait);
      }
    }
    if (state !== 'failed') state = 'stopped';
  }

  return {
    get ledger() {
      if (ledger === undefined) throw new ReplicaError('invalid_option', 'the follower has not started');
      return ledger;
    },
    get source() {
      if (source === undefined) throw new ReplicaError('invalid_option', 'the follower has not started');
      return source;
    },
    status() {
      const info = ledger !== undefined && state !== 'starting' ? ledger.ledgerInfo() : undefined;
      return {
        state,
        chainId,
        blockHeight: info?.blockHeight,
        ledgerVersion: info?.ledgerVersion,
        upstreamHeight,
        transactionsIngested: ingested,
        error,
        lastUpstreamError,
      };
    },
    start,
    done,
    async stop() {
      abort.abort();
      if (state === 'starting') resolveDone();
      await done;
    },
  };
}
