import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { nodeSha3 } from '../ledger/internal.js';
import { hashSpans, inThreadHasher, partsFromSpans, postedRefusal, refusalFromPost, runHashChecks, type BlockHasherFactory, type HashVerdict, type PostedRefusal } from './verify/block-hasher.js';
import { hashers, type Accumulator } from './verify/hashers.js';

// ledger-bcs/replica/node: a follower's hash checks in a worker thread (Node only). The worker is this
// module run again (worker_threads, with its mark in workerData), and hashes with Node's sha3. Each
// run of blocks is posted to it as a copy of their bytes and where the hashed spans lie in them
// (block-hasher.ts `hashSpans`: the main thread has read the blocks, the worker does not read them
// again), transferred, with the accumulator before them; it runs the same checks as in-thread
// (`runHashChecks`) and answers the accumulators after each block and the refusal, if any. So a
// batch's hashing runs beside the main thread's store writes. (Node: doc/api/worker_threads.md.)

const MARK = 'ledger-bcs.replica.hash-worker';

interface Job {
  id: number;
  blocks: { bytes: Uint8Array; spans: Int32Array; height: bigint; first: bigint }[];
  start: Accumulator | undefined;
}

interface Answer {
  id: number;
  after: (Accumulator | undefined)[];
  refused?: PostedRefusal;
  /** A failure that is not a refusal (a bug): rethrown in the main thread. */
  error?: string;
}

/** The module's own file, the worker's script, in the ESM build and the CommonJS one. */
function selfPath(): string {
  return typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
}

/**
 * A follower's `hasher` that runs verification's hash checks in one worker thread. Blocks are checked
 * in the order posted; the worker holds no state between jobs (each carries its accumulator), and
 * keeps the process alive only while a job is out. `close()` (the follower's `stop()`) ends it.
 * Run from TypeScript sources (a test runner), whose modules a worker cannot load, it hashes in
 * this thread instead.
 */
export const hashInWorker: BlockHasherFactory = (h, pins) => {
  const script = selfPath();
  // A worker thread runs a built module: from the TypeScript sources (a test runner's), this thread.
  if (!/\.[cm]?js$/.test(script)) return inThreadHasher(h, pins);
  const worker = new Worker(script, { workerData: { [MARK]: true, pins: [...pins] } });
  worker.unref();
  const waiting = new Map<number, { resolve: (v: HashVerdict) => void; reject: (e: unknown) => void }>();
  let next = 0;
  let failed: unknown;
  const failAll = (e: unknown) => {
    failed = e;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('message', (a: Answer) => {
    const w = waiting.get(a.id);
    if (w === undefined) return;
    waiting.delete(a.id);
    if (waiting.size === 0) worker.unref();
    if (a.error !== undefined) w.reject(new Error(`hash worker: ${a.error}`));
    else w.resolve(a.refused === undefined ? { after: a.after } : { after: a.after, refused: refusalFromPost(a.refused) });
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`hash worker exited (${code})`)));
  return {
    check(job) {
      if (failed !== undefined) return Promise.reject(failed);
      const id = next++;
      const blocks = job.blocks.map(({ parts, bytes }) => ({ bytes: bytes.slice(), spans: hashSpans(parts, bytes), height: parts.blockHeight, first: parts.firstVersion }));
      worker.ref();
      const answer = new Promise<HashVerdict>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, blocks, start: job.start } satisfies Job, blocks.flatMap((b) => [b.bytes.buffer as ArrayBuffer, b.spans.buffer as ArrayBuffer]));
      return answer;
    },
    async close() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
};

/** The worker's loop: each job's blocks read and hash-checked, answered in order. */
function serveJobs(): void {
  const pins = new Map<bigint, Uint8Array>((workerData as { pins: [bigint, Uint8Array][] }).pins);
  const h = hashers(nodeSha3);
  parentPort!.on('message', (job: Job) => {
    let answer: Answer;
    try {
      const parts = job.blocks.map((b) => partsFromSpans(b.bytes, b.spans, b.height, b.first));
      const verdict = runHashChecks(h, pins, parts, job.start);
      answer = { id: job.id, after: verdict.after, ...(verdict.refused && { refused: postedRefusal(verdict.refused) }) };
    } catch (e) {
      answer = { id: job.id, after: [], error: e instanceof Error ? e.message : String(e) };
    }
    parentPort!.postMessage(answer);
  });
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[MARK] === true) serveJobs();
