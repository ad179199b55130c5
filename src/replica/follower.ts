import { isLedgerApiError, isLedgerNetworkError, isLedgerResponseError, type LedgerClient, type LedgerResult } from '../client/index.js';
import { createMemoryLedger, type IngestingLedger, type LedgerBase, type MemoryLedger, type Sha3 } from '../ledger/index.js';
import { readBlockHead } from './block-bytes.js';
import { diagnoseBlock } from './diagnose.js';
import { ReplicaError } from './errors.js';
import { fetchBlock, followLoop, ingestNamed, pause, seen, type Run, type Settings } from './follow-loop.js';
import { readThroughSource, type ReadThroughSource } from './read-through.js';
import { nobleSha3 } from '../hash/internal.js';
import { storedBlocks } from './verify/stored-blocks.js';
import { createBlockVerifier, type BlockVerifier, type TrustPin, type VerificationStatus } from './verify/verifier.js';
import type { Witness } from './verify/witness.js';
import type { BlockHasherFactory } from './verify/block-hasher.js';

// A read replica's ingest: blocks by height from the upstream in BCS with their transactions (the
// rest of a large block from the transactions listing), a window of them in flight, verified in order
// before they are stored (verify/: every hash the node's answers can prove, the accumulator from
// genesis, the block structure, the witnesses' agreement) and the chain id of every answer, into the
// memory ledger or any ingesting ledger (a store). A refused block is never stored: the replica
// reports it (unhealthy), keeps serving what it verified, and retries after a wait until a block
// verifies again. The upstream being slow or away only delays: polls back off with jitter and resume;
// with a ledger to continue, the follower serves it while the upstream is away.

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
  /**
   * Where verification's hash checks run (default: this thread). In Node, ledger-bcs/replica/node's
   * `hashInWorker` runs them in a worker thread, beside the parsing and the store's writes.
   */
  hasher?: BlockHasherFactory;
  /** Independent nodes that must agree on the transaction infos and accumulator roots of a batch before it is stored. */
  witnesses?: readonly Witness[];
  /** Accumulator roots known by other means (needs verification from genesis). */
  trust?: readonly TrustPin[];
  /** How long a witness may be behind or away before the batch is refused (default 30 000 ms). */
  witnessWaitMs?: number;
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

export function createFollower<L extends IngestingLedger = MemoryLedger>(o: FollowerOptions<L>): Follower<L> {
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
    verifier: undefined,
    primed: false,
    abort,
    aborted,
  };
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));

  return {
    get ledger() {
      if (run.ledger === undefined) throw new ReplicaError('invalid_option', 'the follower has not started');
      return run.ledger as L;
    },
    get source() {
      if (run.source === undefined) throw new ReplicaError('invalid_option', 'the follower has not started');
      return run.source;
    },
    status: () => statusOf(run, o),
    async start() {
      await startRun(s, o, run);
      void followLoop(s, run).finally(resolveDone);
    },
    done,
    async stop() {
      abort.abort();
      if (run.state === 'starting') resolveDone();
      await done;
      await run.verifier?.close();
    },
  };
}

function settingsOf<L extends IngestingLedger>(o: FollowerOptions<L>): Settings {
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

function statusOf<L extends IngestingLedger>(run: Run, o: FollowerOptions<L>): FollowerStatus {
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
    verification: run.verifier?.status() ?? { mode: undefined, witnesses: o.witnesses?.length ?? 0, trusted: o.trust?.length ?? 0, description: 'not started' },
  };
}



/** The upstream's first answer, or undefined when it is away and there is a ledger to serve meanwhile. */
async function firstAnswer(s: Settings, run: Run): Promise<LedgerResult<unknown> | undefined> {
  try {
    return seen(run, await s.client.healthy());
  } catch (e) {
    if (run.ledger === undefined || !(isLedgerNetworkError(e) || isLedgerResponseError(e) || (isLedgerApiError(e) && e.status >= 500))) throw e;
    run.chainId = run.ledger.ledgerInfo().chainId;
    run.lastUpstreamError = (e as Error).message;
    return undefined;
  }
}

function verifierOf<L extends IngestingLedger>(s: Settings, o: FollowerOptions<L>, run: Run): BlockVerifier {
  return createBlockVerifier({
    chainId: run.chainId!,
    sha3: o.sha3 ?? nobleSha3,
    witnesses: o.witnesses,
    trust: o.trust,
    witnessWaitMs: o.witnessWaitMs,
    pollMs: s.pollMs,
    now: s.now,
    sleep: (ms) => pause(run, ms),
    stopped: () => run.abort.signal.aborted,
    storedHeight: () => run.ledger?.ledgerInfo().blockHeight,
    hasher: o.hasher,
  });
}

/**
 * Fixes the chain, creates or checks the ledger (a continued one verified again, block by block) and
 * ingests its first block, then primes the source. With the upstream away and a ledger to continue,
 * serves that ledger and leaves the upstream to the loop's retries.
 */
async function startRun<L extends IngestingLedger>(s: Settings, o: FollowerOptions<L>, run: Run): Promise<void> {
  const first = await firstAnswer(s, run);
  const v = (run.verifier = verifierOf(s, o, run));
  if (run.ledger !== undefined) {
    const mine = run.ledger.ledgerInfo().chainId;
    if (first !== undefined && mine !== first.ledgerInfo.chainId) {
      throw new ReplicaError('chain_id_mismatch', `the ledger is of chain ${mine}, the upstream of chain ${first.ledgerInfo.chainId}`, undefined, undefined, 'chain_id');
    }
    v.replay(storedBlocks(run.ledger));
  } else {
    const from = o.from ?? 'oldest';
    const height = from === 'oldest' ? first!.ledgerInfo.oldestBlockHeight : from.height;
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
    const create = o.createLedger ?? (createMemoryLedger as unknown as NonNullable<FollowerOptions<L>['createLedger']>);
    const ledger = create({ pruneWindow: o.pruneWindow, chainId: run.chainId, sha3: o.sha3 }, base);
    run.ledger = ledger;
    const r = await v.admit([bytes], (b, raw) => ingestNamed(ledger, b, raw, { height, version: head.firstVersion }));
    if (r.refused !== undefined) throw r.refused;
    run.ingested += r.stored;
  }
  s.log(`${v.status().description} (docs/replica.md: what each mode proves)`);
  const info = run.ledger.ledgerInfo();
  run.source = readThroughSource({ ledger: run.ledger, client: s.client, firstVersion: info.oldestLedgerVersion, cacheEntries: o.cacheEntries });
  if (first === undefined) {
    s.log(`upstream unavailable (${run.lastUpstreamError}); serving the ledger as it is, and retrying`);
    run.state = 'retrying';
    return;
  }
  await run.source.prime();
  run.primed = true;
  run.state = 'catching_up';
}
