import { copyAccumulator, type Accumulator, type Hashers } from './hashers.js';
import { isReplicaError, ReplicaError, type ReplicaErrorCode, type ReplicaErrorField } from '../errors.js';
import type { BlockParts } from '../../ledger/internal.js';
import type { HashedBlock, HashedTransaction } from './transaction-checks.js';
import { hashChecks } from './verify-block.js';

// Where verification hashes. Per transaction about twenty sha3s (its hash, its events' root, its
// write set's hash, its info chained into the accumulator: ~log2(versions) nodes for each root
// checked) are most of a follower's CPU after parsing; they need only the block's bytes and the
// accumulator before it, so they can run beside the parsing and the store's writes. In this thread
// by default (browsers); ledger-bcs/replica/node runs them in a worker thread.

/** What the hashing made of a run of blocks. */
export interface HashVerdict {
  /** The accumulator after each block that passed, in order (undefined mid-chain). */
  after: (Accumulator | undefined)[];
  /** Why the next block (at index `after.length`) did not pass. */
  refused?: ReplicaError;
}

/** A run of blocks to hash-check, each as read (parts) and as received (bytes). */
export interface HashJob {
  blocks: readonly { parts: BlockParts; bytes: Uint8Array }[];
  /** The accumulator the first block's infos are appended to (not changed); undefined mid-chain. */
  start: Accumulator | undefined;
}

/** Runs verification's hash checks (verify-block.ts `hashChecks`), in order, refusing at the first block that fails. */
export interface BlockHasher {
  check(job: HashJob): HashVerdict | Promise<HashVerdict>;
  /** Frees what it holds (a worker). */
  close?(): Promise<void>;
}

/** Makes a verifier's hasher from its hashers and its trusted roots. */
export type BlockHasherFactory = (h: Hashers, pins: ReadonlyMap<bigint, Uint8Array>) => BlockHasher;

/** The checks over blocks already read, in order; each block's accumulator a copy of the one before. */
export function runHashChecks(h: Hashers, pins: ReadonlyMap<bigint, Uint8Array>, parts: readonly HashedBlock[], start: Accumulator | undefined): HashVerdict {
  const after: (Accumulator | undefined)[] = [];
  let acc = start;
  for (const b of parts) {
    const a = acc === undefined ? undefined : copyAccumulator(acc);
    try {
      hashChecks(h, pins, b, a);
    } catch (e) {
      if (isReplicaError(e)) return { after, refused: e };
      throw e;
    }
    after.push(a);
    acc = a;
  }
  return { after };
}

/** In this thread, over the parts the verifier read (nothing read twice). */
export const inThreadHasher: BlockHasherFactory = (h, pins) => ({
  check: (job) => runHashChecks(h, pins, job.blocks.map((b) => b.parts), job.start),
});

/** A refusal as a worker posts it (structured clone keeps no class). */
export interface PostedRefusal {
  code: ReplicaErrorCode;
  message: string;
  block?: bigint;
  version?: bigint;
  field?: ReplicaErrorField;
}

export const postedRefusal = (e: ReplicaError): PostedRefusal => ({ code: e.code, message: e.message, block: e.block, version: e.version, field: e.field });
export const refusalFromPost = (p: PostedRefusal): ReplicaError => new ReplicaError(p.code, p.message, p.block, p.version, p.field);

/**
 * Where the hashed spans of a block's transactions lie in its bytes (all views of them), for a
 * hasher elsewhere that need not read the block again: per transaction its event count, then the
 * transaction, the info and the write set (start, end each), the offsets of the accumulator root and
 * of the info's transaction hash, event root and state change hash, then each event (start, end).
 */
export function hashSpans(b: BlockParts, bytes: Uint8Array): Int32Array {
  let n = 0;
  for (const t of b.transactions) n += SPAN_FIELDS + 2 * t.events.length;
  const out = new Int32Array(n);
  const at = (v: Uint8Array) => {
    if (v.buffer !== bytes.buffer) throw new Error('a block part is not a view of its bytes');
    return v.byteOffset - bytes.byteOffset;
  };
  let i = 0;
  for (const t of b.transactions) {
    const v = t.info.value;
    out[i++] = t.events.length;
    for (const span of [t.transactionBytes, t.infoBytes, t.changesBytes]) {
      out[i++] = at(span);
      out[i++] = at(span) + span.length;
    }
    for (const h of [t.accumulatorRootHash, v.transactionHash, v.eventRootHash, v.stateChangeHash]) out[i++] = at(h);
    for (const e of t.events) {
      out[i++] = at(e.bytes);
      out[i++] = at(e.bytes) + e.bytes.length;
    }
  }
  return out;
}

const SPAN_FIELDS = 11;

/** A block's parts as the hash checks read them, from its bytes and `hashSpans` (nothing else of it is there). */
export function partsFromSpans(bytes: Uint8Array, spans: Int32Array, blockHeight: bigint, firstVersion: bigint): HashedBlock {
  const transactions: HashedTransaction[] = [];
  const span = (i: number) => bytes.subarray(spans[i]!, spans[i + 1]!);
  const hash = (i: number) => bytes.subarray(spans[i]!, spans[i]! + 32);
  for (let i = 0; i < spans.length; ) {
    const events = Array.from({ length: spans[i]! }, (_, k) => ({ bytes: span(i + SPAN_FIELDS + 2 * k) }));
    const info = { value: { transactionHash: hash(i + 8), eventRootHash: hash(i + 9), stateChangeHash: hash(i + 10) } };
    const version = firstVersion + BigInt(transactions.length);
    transactions.push({ version, transactionBytes: span(i + 1), infoBytes: span(i + 3), changesBytes: span(i + 5), accumulatorRootHash: hash(i + 7), info, events });
    i += SPAN_FIELDS + 2 * events.length;
  }
  return { blockHeight, transactions };
}
