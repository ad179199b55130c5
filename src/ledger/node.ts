import * as crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { removeLeftoverTemps, writeFileDurably } from './durable-file.js';
import type { Sha3 } from './block-reader.js';
import type { Sha3Into } from '../hash/internal.js';
import { loadMemoryLedger, type MemoryLedger, type MemoryLedgerOptions } from './memory.js';

// ledger-bcs/ledger/node: the memory ledger's file on disk, and Node's own sha3-256 for ingest (Node
// only; the file format is ledger-file.ts).

/** sha3-256 by node:crypto's Hash object (any Node 20): one chunk at a time, the digest a new Buffer. */
const streamedSha3: Sha3 = (chunks) => {
  const h = crypto.createHash('sha3-256');
  for (const c of chunks) h.update(c);
  const d = h.digest();
  return new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
};

// Node >= 20.12's one-shot `crypto.hash` (absent before: read off the namespace, not imported by name).
const oneShot = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'binary') => string }).hash;

/**
 * SHA3-256 by its OID, an OpenSSL 3 name of the same digest (providers' `PROV_NAMES_SHA3_256`
 * "SHA3-256:2.16.840.1.101.3.4.2.8"). Node's `crypto.hash` lowercases the name and replaces its '-'
 * on every call (lib/internal/crypto/hash.js `normalizeAlgorithm`): a new string for 'sha3-256',
 * none for a name without one (measured: 145 bytes allocated a hash, 88 by the OID). Used only where it
 * gives the digest 'sha3-256' gives of "abc"; 'sha3-256' otherwise.
 */
const SHA3_256_NAME = ((oid: string): string => {
  try {
    const abc = new Uint8Array([0x61, 0x62, 0x63]);
    return oneShot !== undefined && oneShot(oid, abc, 'binary') === oneShot('sha3-256', abc, 'binary') ? oid : 'sha3-256';
  } catch {
    return 'sha3-256';
  }
})('2.16.840.1.101.3.4.2.8');

/**
 * sha3-256 by node:crypto (OpenSSL): ~8× faster than @noble/hashes, which ingest and verification
 * spend most time in. Where Node has the one-shot `crypto.hash`, over one contiguous input (chunks
 * joined first), and its digest taken as a 'binary' (latin1) string, one char per byte: about twice as fast on
 * the 96-byte inputs of an accumulator's nodes as a Hash object and a Buffer digest, whose native
 * allocations cost more than the hashing.
 */
export const nodeSha3: Sha3 & { into?: Sha3Into } =
  oneShot === undefined
    ? streamedSha3
    : Object.assign(
        (chunks: readonly Uint8Array[]) => {
          const digest = oneShot(SHA3_256_NAME, chunks.length === 1 ? chunks[0]! : joined(chunks), 'binary');
          const out = new Uint8Array(32);
          for (let i = 0; i < 32; i++) out[i] = digest.charCodeAt(i);
          return out;
        },
        {
          // The digest written where the caller wants it: an accumulator's root, ~log2(versions)
          // nodes a version, allocates no array per node (each one was garbage at once).
          into(input: Uint8Array, out: Uint8Array, at: number): void {
            const digest = oneShot(SHA3_256_NAME, input, 'binary');
            for (let i = 0; i < 32; i++) out[at + i] = digest.charCodeAt(i);
          },
        },
      );

function joined(chunks: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) n += c.length;
  const out = new Uint8Array(n);
  n = 0;
  for (const c of chunks) {
    out.set(c, n);
    n += c.length;
  }
  return out;
}

/** Loads a ledger file (`LedgerError` when it is not one, or its blocks do not check out). */
export async function readLedgerFile(path: string, options?: MemoryLedgerOptions): Promise<MemoryLedger> {
  removeLeftoverTemps(path);
  const buf = await readFile(path);
  return loadMemoryLedger(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), { sha3: nodeSha3, ...options });
}

/**
 * Writes `ledger.save()` to `path` so that a crash at any moment leaves the old file or the new one,
 * whole: a temporary file beside it, fsynced, renamed over it, and the directory fsynced (the rename
 * itself is then on disk).
 */
export async function writeLedgerFile(path: string, ledger: Pick<MemoryLedger, 'save'>): Promise<void> {
  await writeFileDurably(path, [ledger.save()]);
}

