import { isLedgerApiError, type LedgerClient } from '../client/index.js';
import { createMemoryLedger, type MemoryLedger, type Sha3 } from '../ledger/index.js';
import { readBlockHead } from './block-bytes.js';
import { diagnoseBlock } from './diagnose.js';
import { ReplicaError } from './errors.js';
import { fetchBlock, followLoop, ingestNamed, seen, type Run, type Settings } from './follow-loop.js';
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

export function createFollower(o: FollowerOptions): Follower {
  const s = settingsOf(o);
  const abort = new AbortController();
  const aborted = new Promise<void>((r) => abort.signal.addEventListener('abort', () => r(), { once: true }));
  const run: Run = {
    state: 'starting',
    ledger: o.ledger,
    source: undefined,
    chainId: undefined,
    upstreamHeight: undefined,
    ingested: 0,
    error: undefined,
    lastUpstreamError: undefined,
    abort,
    aborted,
  };
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));

  return {
    get ledger() {
      if (run.ledger === undefined) throw new ReplicaError('invalid_option', 'the follower has not started');
      return run.ledger;
    },
    get source() {
      if (run.source === undefined) throw new ReplicaError('invalid_option', 'the follower has not started');
      return run.source;
    },
    status: () => statusOf(run),
    async start() {
      await startRun(s, o, run);
      void followLoop(s, run).finally(resolveDone);
    },
    done,
    async stop() {
      abort.abort();
      if (run.state === 'starting') resolveDone();
      await done;
    },
  };
}

function settingsOf(o: FollowerOptions): Settings {
  const s: Settings = {
    client: o.client,
    concurrency: o.concurrency ?? 8,
    pageSize: o.pageSize ?? 100,
    pollMs: o.pollMs ?? 500,
    maxBackoff: o.maxBackoffMs ?? 30_000,
    now: o.now ?? Date.now,
    random: o.random ?? Math.random,
    log: o.log ?? (() => undefined),
  };
  if (!(Number.isInteger(s.concurrency) && s.concurrency >= 1 && s.concurrency <= 256)) throw new ReplicaError('invalid_option', 'concurrency must be an integer from 1 to 256');
  if (!(Number.isInteger(s.pageSize) && s.pageSize >= 1 && s.pageSize <= 65535)) throw new ReplicaError('invalid_option', 'pageSize must be an integer from 1 to 65535');
  return s;
}

function statusOf(run: Run): FollowerStatus {
  const info = run.ledger !== undefined && run.state !== 'starting' ? run.ledger.ledgerInfo() : undefined;
  return {
    state: run.state,
    chainId: run.chainId,
    blockHeight: info?.blockHeight,
    ledgerVersion: info?.ledgerVersion,
    upstreamHeight: run.upstreamHeight,
    transactionsIngested: run.ingested,
    error: run.error,
    lastUpstreamError: run.lastUpstreamError,
  };
}

/** Fixes the chain, creates or checks the ledger and ingests its first block, then primes the source. */
async function startRun(s: Settings, o: FollowerOptions, run: Run): Promise<void> {
  const first = seen(run, await s.client.healthy());
  if (run.ledger !== undefined) {
    const mine = run.ledger.ledgerInfo().chainId;
    if (mine !== first.ledgerInfo.chainId) {
      throw new ReplicaError('chain_id_mismatch', `the ledger is of chain ${mine}, the upstream of chain ${first.ledgerInfo.chainId}`, undefined, undefined, 'chain_id');
    }
  } else {
    const from = o.from ?? 'oldest';
    const height = from === 'oldest' ? first.ledgerInfo.oldestBlockHeight : from.height;
    let bytes: Uint8Array;
    try {
      bytes = await fetchBlock(s, run, height);
    } catch (e) {
      if (isLedgerApiError(e) && (e.status === 404 || e.status === 410)) throw new ReplicaError('unavailable_start', `the upstream cannot serve block ${height}: ${e.message}`, height);
      throw e;
    }
    const head = readBlockHead(bytes);
    if (head.blockHeight !== height) throw diagnoseBlock(bytes, height, head.firstVersion, 'height');
    const base = head.firstVersion > 0n ? { version: Number(head.firstVersion), height: Number(height), state: [] } : undefined;
    run.ledger = createMemoryLedger({ pruneWindow: o.pruneWindow, chainId: run.chainId, sha3: o.sha3 }, base);
    run.ingested += ingestNamed(run.ledger, [bytes], { height, version: head.firstVersion });
  }
  const info = run.ledger.ledgerInfo();
  run.source = readThroughSource({ ledger: run.ledger, client: s.client, firstVersion: info.oldestLedgerVersion, cacheEntries: o.cacheEntries });
  await run.source.prime();
  run.state = 'catching_up';
}

