import { isLedgerApiError, isLedgerNetworkError, isLedgerResponseError, type LedgerClient, type LedgerResult } from '../client/index.js';
import { backoffMs, sleep as abortableSleep } from '../client/internal.js';
import { isLedgerError, type BlockInput, type IngestingLedger } from '../ledger/index.js';
import { completeBlock, readBlockHead, readListHead } from './block-bytes.js';
import { diagnoseBlock } from './diagnose.js';
import { ReplicaError, isReplicaError } from './errors.js';
import type { FollowerState } from './follower.js';
import type { ReadThroughSource } from './read-through.js';
import type { BlockVerifier } from './verify/verifier.js';

// The follower's run and its steps: the upstream's answers checked (seen), a block fetched whole
// (fetchBlock), ingested with a refusal named (ingestNamed), and the follow loop: a window of block
// fetches in flight (fillSlots), verified and ingested in order as they settle (takeSettled,
// ingestBatch), polling once caught up (poll), and what a failure means (recover).

interface Slot {
  height: bigint;
  settled: boolean;
  value?: Uint8Array;
  error?: unknown;
  promise: Promise<void>;
}

/** The options, checked and defaulted. */
export interface Settings {
  client: LedgerClient;
  concurrency: number;
  pageSize: number;
  pollMs: number;
  maxBackoff: number;
  now: () => number;
  random: () => number;
  log: (line: string) => void;
}

/** What one follower run knows and has done; `status()` reports it. */
export interface Run {
  state: FollowerState;
  ledger: IngestingLedger | undefined;
  source: ReadThroughSource | undefined;
  /** Checks each block before it is stored (verify/); made at start. */
  verifier: BlockVerifier | undefined;
  /** Whether the source has read its framework state from the upstream (not while it was away at start). */
  primed: boolean;
  chainId: number | undefined;
  upstreamHeight: bigint | undefined;
  ingested: number;
  error: ReplicaError | undefined;
  lastUpstreamError: string | undefined;
  /** One listener for the whole run: requests in flight are left to finish (or time out) on their own. */
  abort: AbortController;
  aborted: Promise<void>;
}

/** Checks an answer's chain id (fixed by the first) and notes the upstream's tip. */
export function seen<T>(run: Run, r: LedgerResult<T>, height?: bigint): LedgerResult<T> {
  if (run.chainId === undefined) run.chainId = r.ledgerInfo.chainId;
  else if (r.ledgerInfo.chainId !== run.chainId) {
    throw new ReplicaError('chain_id_mismatch', `the upstream answered for chain ${r.ledgerInfo.chainId}, the replica follows chain ${run.chainId}${height === undefined ? '' : ` (block ${height})`}`, height, undefined, 'chain_id');
  }
  if (run.upstreamHeight === undefined || r.ledgerInfo.blockHeight > run.upstreamHeight) run.upstreamHeight = r.ledgerInfo.blockHeight;
  return r;
}

/** Block `height` with all its transactions, as bytes the ledger ingests (the rest of a large block from the listing). */
export async function fetchBlock(s: Settings, run: Run, height: bigint): Promise<Uint8Array> {
  const bytes = seen(run, await s.client.getBlockBytes(height, { withTransactions: true }), height).data;
  const head = readBlockHead(bytes);
  const want = head.lastVersion - head.firstVersion + 1n;
  if (head.lastVersion < head.firstVersion || want > 0x7fffffffn) return bytes; // the ledger refuses it, named
  const pages: Uint8Array[] = [];
  let have = BigInt(head.carried);
  while (have < want) {
    const limit = Number(want - have < BigInt(s.pageSize) ? want - have : BigInt(s.pageSize));
    const page = seen(run, await s.client.getTransactionsBytes({ start: head.firstVersion + have, limit }), height).data;
    const n = readListHead(page).count;
    if (n === 0 || n > limit) {
      throw new ReplicaError('verification_failed', `block ${height}: the listing from version ${head.firstVersion + have} answered ${n} transactions for ${limit}`, height, head.firstVersion + have, 'transactions');
    }
    pages.push(page);
    have += BigInt(n);
  }
  return completeBlock(bytes, head, pages);
}

/**
 * Ingests `blocks` (consecutive from the ledger's next height, as verified; `bytes` as received); a
 * refusal is named and thrown.
 */
export async function ingestNamed(l: IngestingLedger, blocks: readonly BlockInput[], bytes: readonly Uint8Array[], first?: { height: bigint; version: bigint }): Promise<number> {
  try {
    return (await l.ingest(blocks)).transactions;
  } catch (e) {
    if (!isLedgerError(e)) throw e;
  }
  // Keep the verified prefix: one block at a time up to the one refused.
  let n = 0;
  for (const [i, b] of bytes.entries()) {
    const before = first ?? { height: l.ledgerInfo().blockHeight + 1n, version: l.ledgerInfo().ledgerVersion + 1n };
    try {
      n += (await l.ingest(blocks[i]!)).transactions;
    } catch (e) {
      if (!isLedgerError(e)) throw e;
      throw diagnoseBlock(b, before.height, before.version, e.message);
    }
  }
  return n;
}

/** Waits `ms`; `stop()` ends the wait early (the loop then sees the abort). */
export const pause = (run: Run, ms: number): Promise<void> => abortableSleep(ms, run.abort.signal).catch(() => undefined);

const jitter = (s: Settings, ms: number) => Math.floor(ms / 2 + s.random() * (ms / 2));

/** Starts fetches for the heights after the last slot (or the ledger's next), up to the window and the upstream's tip. */
function fillSlots(s: Settings, run: Run, slots: Slot[], next: bigint): void {
  const tip = run.upstreamHeight ?? -1n;
  let h = slots.length > 0 ? slots[slots.length - 1]!.height + 1n : next;
  while (slots.length < s.concurrency && h <= tip) {
    const slot: Slot = { height: h, settled: false, promise: Promise.resolve() };
    slot.promise = fetchBlock(s, run, h).then(
      (v) => void ((slot.value = v), (slot.settled = true)),
      (e: unknown) => void ((slot.error = e), (slot.settled = true)),
    );
    slots.push(slot);
    h++;
  }
}

/** The settled blocks in order; a failed fetch ends the batch after the blocks before it (and empties the window). */
function takeSettled(slots: Slot[]): { ready: Uint8Array[]; failed: unknown } {
  const ready: Uint8Array[] = [];
  let failed: unknown;
  while (slots.length > 0 && slots[0]!.settled && failed === undefined) {
    const slot = slots.shift()!;
    if (slot.error !== undefined) failed = slot.error;
    else ready.push(slot.value!);
  }
  if (failed !== undefined) slots.length = 0;
  return { ready, failed };
}

/** The ingest rate since the last mark (moved every five seconds), in transactions a second. */
interface Rate {
  at: number;
  count: number;
}

/** The ledger's tip as last logged (batches finish in order). */
interface Logged {
  blockHeight: bigint;
  ledgerVersion: bigint;
}

/**
 * Verifies and ingests a batch (the verified prefix, up to a refused block) and logs it; unless a
 * fetch failed or a block was refused, sets the state by how far behind the upstream is and logs the
 * catch-up progress. Returns the refusal, if any. `handed` is called once the batch is verified and
 * handed to the ledger, with the refusal that cut it short.
 */
async function ingestBatch(s: Settings, run: Run, ready: Uint8Array[], failed: boolean, rate: Rate, progress: { at: number }, from: Logged, handed: (refused: ReplicaError | undefined) => void): Promise<ReplicaError | undefined> {
  const l = run.ledger!;
  if (ready.length === 0) handed(undefined);
  const admitted = ready.length > 0 ? await run.verifier!.admit(ready, (b, bytes) => ingestNamed(l, b, bytes), handed) : { stored: 0 };
  const n = admitted.stored;
  run.ingested += n;
  run.lastUpstreamError = undefined;
  if (n > 0) run.error = undefined;
  const to = l.ledgerInfo();
  const t = s.now();
  const secs = Math.max(1, t - rate.at) / 1000;
  const perSecond = Math.round((run.ingested - rate.count) / secs);
  if (t - rate.at > 5000) Object.assign(rate, { at: t, count: run.ingested });
  if (to.blockHeight > from.blockHeight) {
    s.log(`ingested blocks ${from.blockHeight + 1n}..=${to.blockHeight} versions ${from.ledgerVersion + 1n}..=${to.ledgerVersion} (${n} tx, ${perSecond} tx/s)`);
    Object.assign(from, { blockHeight: to.blockHeight, ledgerVersion: to.ledgerVersion });
  }
  if (failed || admitted.refused !== undefined) return admitted.refused;
  const behind = (run.upstreamHeight ?? 0n) - to.blockHeight;
  run.state = behind > BigInt(s.concurrency) ? 'catching_up' : 'following';
  if (run.state === 'catching_up' && t - progress.at >= 2000) {
    progress.at = t;
    s.log(`catching up: block ${to.blockHeight} of ${run.upstreamHeight} (${behind} behind), ${perSecond} tx/s`);
  }
  return undefined;
}

/** Caught up: asks where the upstream is, then waits a little if it has nothing new. False once stopped. */
async function poll(s: Settings, run: Run, next: bigint): Promise<boolean> {
  const h = await Promise.race([s.client.healthy(), run.aborted]);
  if (h === undefined) return false;
  seen(run, h);
  if (!run.primed) {
    await run.source!.prime();
    run.primed = true;
  }
  if (next > (run.upstreamHeight ?? -1n)) {
    if (run.error === undefined) run.state = 'following';
    await pause(run, jitter(s, s.pollMs));
  }
  return true;
}

/** Stops the run for good with `error`. */
function fail(s: Settings, run: Run, error: ReplicaError): void {
  run.error = error;
  run.state = 'failed';
  s.log(`ingest stopped: ${error.message}`);
}

/**
 * What a failed step means: a verification failure or a pruned next block stops the run (false); a
 * 404 (asked past the tip) polls again; the upstream's other failures are retried with backoff.
 */
async function recover(s: Settings, run: Run, e: unknown, next: bigint, failures: number): Promise<boolean> {
  if (isReplicaError(e)) {
    fail(s, run, e);
    return false;
  }
  if (isLedgerApiError(e) && e.status === 410) {
    // The upstream pruned what comes next: nothing to wait for.
    fail(s, run, new ReplicaError('unavailable_start', `the upstream has pruned block ${next}: ${e.message}`, next));
    return false;
  }
  if (isLedgerApiError(e) && e.status === 404) {
    // Asked past the upstream's tip (it answered a height it then did not have): poll.
    await pause(run, jitter(s, s.pollMs));
    return true;
  }
  if (!(isLedgerNetworkError(e) || isLedgerResponseError(e) || isLedgerApiError(e))) throw e;
  run.state = 'retrying';
  run.lastUpstreamError = e.message;
  const wait = backoffMs({ retries: 0, baseDelayMs: s.pollMs, maxDelayMs: s.maxBackoff }, Math.min(failures, 20), s.random);
  s.log(`upstream failed (${e.message}); retrying in ${wait} ms`);
  await pause(run, wait);
  return true;
}

/**
 * The follow loop: a window of block fetches in flight, verified in order as they settle and handed to
 * the ledger; while a batch is stored (a store commits off the thread), the next one is verified. A
 * batch with a refusal or a failed fetch is waited for before the failure is handled. Until stopped
 * or failed.
 */
export async function followLoop(s: Settings, run: Run): Promise<void> {
  const l = run.ledger!;
  const slots: Slot[] = [];
  let failures = 0;
  const progress = { at: s.now() };
  const rate: Rate = { at: s.now(), count: run.ingested };
  const info = l.ledgerInfo();
  const logged: Logged = { blockHeight: info.blockHeight, ledgerVersion: info.ledgerVersion };
  // The verifier's tip: what the ledger holds and the batch being stored.
  const next = () => (run.verifier!.tipHeight() ?? l.ledgerInfo().blockHeight) + 1n;
  let storing: Promise<ReplicaError | undefined> | undefined;
  const drain = async () => {
    const b = storing;
    storing = undefined;
    await b?.catch(() => undefined);
  };
  while (!run.abort.signal.aborted) {
    try {
      fillSlots(s, run, slots, next());
      if (slots.length === 0) {
        await drain();
        if (!(await poll(s, run, next()))) break;
        failures = 0;
        continue;
      }
      await Promise.race([slots[0]!.promise, run.aborted]);
      if (run.abort.signal.aborted) break;
      // The batch being stored writes first (a store puts after a turn of the event loop, then commits
      // off the thread): verifying this one then overlaps its commit, instead of running before its
      // puts and leaving the thread idle through the commit (measured: one or the other, never both).
      if (storing !== undefined) await new Promise((r) => setTimeout(r, 0));
      if (run.abort.signal.aborted) break;
      const { ready, failed } = takeSettled(slots);
      let refused: ReplicaError | undefined;
      let onHanded!: () => void;
      const handed = new Promise<void>((r) => (onHanded = r));
      const batch = ingestBatch(s, run, ready, failed !== undefined, rate, progress, logged, (e) => ((refused = e), onHanded()));
      batch.catch(() => undefined);
      await Promise.race([handed, batch]);
      const before = storing;
      storing = batch;
      await before;
      failures = 0;
      // The blocks before a failed fetch or a refused block are kept; then the failure is handled.
      if (refused !== undefined || failed !== undefined) {
        storing = undefined;
        const r = await batch;
        if (r !== undefined) throw r;
        throw failed;
      }
    } catch (e) {
      await drain();
      if (run.abort.signal.aborted) break;
      slots.length = 0;
      if (isReplicaError(e) && e.code !== 'unavailable_start' && e.code !== 'invalid_option') {
        // Refused: nothing of the block is stored; unhealthy until a block verifies again.
        run.error = e;
        run.state = 'failed';
        failures++;
        const wait = backoffMs({ retries: 0, baseDelayMs: s.pollMs, maxDelayMs: s.maxBackoff }, Math.min(failures, 20), s.random);
        s.log(`refused: ${e.message}; retrying in ${wait} ms`);
        await pause(run, wait);
        continue;
      }
      if (!isReplicaError(e) && !(isLedgerApiError(e) && (e.status === 404 || e.status === 410))) failures++;
      if (!(await recover(s, run, e, next(), failures))) return;
    }
  }
  await drain();
  if (run.state !== 'failed') run.state = 'stopped';
}
