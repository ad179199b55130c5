import { isLedgerApiError, isLedgerNetworkError, isLedgerResponseError, type LedgerClient, type LedgerResult } from '../client/index.js';
import { backoffMs, sleep as abortableSleep } from '../client/internal.js';
import { createMemoryLedger, isLedgerError, type IngestingLedger, type LedgerBase, type MemoryLedger, type Sha3 } from '../ledger/index.js';
import { completeBlock, readBlockHead, readListHead } from './block-bytes.js';
import { diagnoseBlock } from './diagnose.js';
import { ReplicaError, isReplicaError } from './errors.js';
import { readThroughSource, type ReadThroughSource } from './read-through.js';
import { nobleSha3 } from './verify/hashers.js';
import { storedBlocks } from './verify/stored-blocks.js';
import { createBlockVerifier, type BlockVerifier, type TrustPin, type VerificationStatus } from './verify/verifier.js';
import type { Witness } from './verify/witness.js';

// A read replica's ingest: blocks by height from the upstream in BCS with their transactions (the
// rest of a large block from the transactions listing), a window of them in flight, verified in order
// before they are stored (verify/: every hash the node's answers can prove, the accumulator from
// genesis, the block structure, the witnesses' agreement) and the chain id of every answer. A refused
// block is never stored: the replica reports it (unhealthy), keeps serving what it verified, and
// retries after a wait until a block verifies again. The upstream being slow or away only delays.

export type StartAt = { height: bigint } | 'oldest';

export interface FollowerOptions<L extends IngestingLedger = MemoryLedger> {
  client: LedgerClient;
  /** A ledger to continue (a saved file loaded, a store reopened): ingest resumes after its last block. */
  ledger?: L;
  /**
   * Makes the new ledger when there is none to continue (default: a memory ledger), e.g. an empty
   * store started at `base`.
   */
  createLedger?: (options: { pruneWindow?: number; chainId?: number; sha3?: Sha3 }, base: LedgerBase | undefined) => L;
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
  /** Independent nodes that must agree on the transaction infos and accumulator roots of a batch before it is stored. */
  witnesses?: readonly Witness[];
  /** Accumulator roots known by other means (needs verification from genesis). */
  trust?: readonly TrustPin[];
  /** How long a witness may be behind or away before the batch is refused (default 30 000 ms). */
  witnessWaitMs?: number;
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
  /** What is proven of what is served (docs/replica.md, "What each mode proves"). */
  verification: VerificationStatus;
}

export interface Follower<L extends IngestingLedger = MemoryLedger> {
  /** The ledger being fed; it exists once `start()` resolves. */
  readonly ledger: L;
  /** What to serve: the ledger, with state older than it read through from the upstream. */
  readonly source: ReadThroughSource;
  status(): FollowerStatus;
  /** Fixes the chain, creates or checks the ledger and ingests its first block; resolves once servable. */
  start(): Promise<void>;
  /** Resolves when the follow loop ends (after `stop()`, or when the upstream has pruned what comes next). */
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

export function createFollower<L extends IngestingLedger = MemoryLedger>(o: FollowerOptions<L>): Follower<L> {
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

  let ledger: L | undefined = o.ledger;
  let primed = false;
  let source: ReadThroughSource | undefined;
  let state: FollowerState = 'starting';
  let chainId: number | undefined;
  let upstreamHeight: bigint | undefined;
  let ingested = 0;
  let error: ReplicaError | undefined;
  let lastUpstreamError: string | undefined;
  let verifier: BlockVerifier | undefined;
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
  async function ingest(blocks: Uint8Array[], first?: { height: bigint; version: bigint }): Promise<number> {
    const l = ledger!;
    try {
      return (await l.ingest(blocks)).transactions;
    } catch (e) {
      if (!isLedgerError(e)) throw e;
    }
    // Keep the verified prefix: one block at a time up to the one refused.
    let n = 0;
    for (const b of blocks) {
      const before = first ?? { height: l.ledgerInfo().blockHeight + 1n, version: l.ledgerInfo().ledgerVersion + 1n };
      try {
        n += (await l.ingest(b)).transactions;
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
    let first: LedgerResult<unknown> | undefined;
    try {
      first = seen(await client.healthy());
    } catch (e) {
      // With a ledger to serve, an upstream that is away only delays: verify what it holds, serve
      // it, and retry.
      if (ledger === undefined || !(isLedgerNetworkError(e) || isLedgerResponseError(e) || (isLedgerApiError(e) && e.status >= 500))) throw e;
      chainId = ledger.ledgerInfo().chainId;
      lastUpstreamError = (e as Error).message;
    }
    const v = (verifier = createBlockVerifier({
      chainId: chainId!,
      sha3: o.sha3 ?? nobleSha3,
      witnesses: o.witnesses,
      trust: o.trust,
      witnessWaitMs: o.witnessWaitMs,
      pollMs,
      now,
      sleep,
      stopped: () => abort.signal.aborted,
      storedHeight: () => (ledger === undefined ? undefined : ledger.ledgerInfo().blockHeight),
    }));
    if (first === undefined) {
      v.replay(storedBlocks(ledger!));
      log(`upstream unavailable (${lastUpstreamError}); serving the ledger as it is, and retrying`);
      log(`${v.status().description} (docs/replica.md: what each mode proves)`);
      source = readThroughSource({ ledger: ledger!, client, firstVersion: ledger!.ledgerInfo().oldestLedgerVersion, cacheEntries: o.cacheEntries });
      state = 'retrying';
      void loop().finally(resolveDone);
      return;
    }
    if (ledger !== undefined) {
      const mine = ledger.ledgerInfo().chainId;
      if (mine !== first.ledgerInfo.chainId) {
        throw new ReplicaError('chain_id_mismatch', `the ledger is of chain ${mine}, the upstream of chain ${first.ledgerInfo.chainId}`, undefined, undefined, 'chain_id');
      }
      v.replay(storedBlocks(ledger));
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
      if (head.height !== height) throw diagnoseBlock(bytes, height, head.firstVersion, 'height');
      const base = head.firstVersion > 0n ? { version: Number(head.firstVersion), height: Number(height), state: [] } : undefined;
      ledger = (o.createLedger ?? (createMemoryLedger as unknown as NonNullable<FollowerOptions<L>['createLedger']>))({ pruneWindow: o.pruneWindow, chainId, sha3: o.sha3 }, base);
      const r = await v.admit([bytes], (b) => ingest(b, { height, version: head.firstVersion }));
      if (r.refused !== undefined) throw r.refused;
      ingested += r.stored;
    }
    log(`${v.status().description} (docs/replica.md: what each mode proves)`);
    const info = ledger.ledgerInfo();
    source = readThroughSource({ ledger, client, firstVersion: info.oldestLedgerVersion, cacheEntries: o.cacheEntries });
    await source.prime();
    primed = true;
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
          if (!primed) {
            await source!.prime();
            primed = true;
          }
          if (next() > (upstreamHeight ?? -1n)) {
            if (error === undefined) state = 'following';
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
        const admitted = ready.length > 0 ? await verifier!.admit(ready, ingest) : { stored: 0 };
        const n = admitted.stored;
        if (admitted.refused !== undefined) failed = admitted.refused;
        ingested += n;
        failures = 0;
        lastUpstreamError = undefined;
        if (n > 0) error = undefined;
        const to = l.ledgerInfo();
        const t = now();
        const secs = Math.max(1, t - rateFrom.at) / 1000;
        const rate = Math.round((ingested - rateFrom.count) / secs);
        if (t - rateFrom.at > 5000) rateFrom = { at: t, count: ingested };
        if (to.blockHeight > from.blockHeight) log(`ingested blocks ${from.blockHeight + 1n}..=${to.blockHeight} versions ${from.ledgerVersion + 1n}..=${to.ledgerVersion} (${n} tx, ${rate} tx/s)`);
        if (failed !== undefined) throw failed;
        const behind = (upstreamHeight ?? 0n) - to.blockHeight;
        state = behind > BigInt(concurrency) ? 'catching_up' : 'following';
        if (state === 'catching_up' && t - lastProgress >= 2000) {
          lastProgress = t;
          log(`catching up: block ${to.blockHeight} of ${upstreamHeight} (${behind} behind), ${rate} tx/s`);
        }
      } catch (e) {
        if (abort.signal.aborted) break;
        slots.length = 0;
        if (isReplicaError(e) && e.code !== 'unavailable_start' && e.code !== 'invalid_option') {
          // Refused: nothing of the block is stored; unhealthy until a block verifies again.
          error = e;
          state = 'failed';
          failures++;
          const wait = backoffMs({ retries: 0, baseDelayMs: pollMs, maxDelayMs: maxBackoff }, Math.min(failures, 20), random);
          log(`refused: ${e.message}; retrying in ${wait} ms`);
          await sleep(wait);
          continue;
        }
        if (isReplicaError(e)) {
          error = e;
          state = 'failed';
          log(`ingest stopped: ${e.message}`);
          return;
        }
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
        verification: verifier?.status() ?? { mode: undefined, witnesses: o.witnesses?.length ?? 0, trusted: o.trust?.length ?? 0, description: 'not started' },
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
