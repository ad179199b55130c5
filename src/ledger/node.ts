import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { removeLeftoverTemps, writeFileDurably } from './durable-file.js';
import type { Sha3 } from './block-reader.js';
import { loadMemoryLedger, type MemoryLedger, type MemoryLedgerOptions } from './memory.js';

// ledger-bcs/ledger/node: the memory ledger's file on disk, and Node's own sha3-256 for ingest (Node
// only; the file format is ledger-file.ts).

/** sha3-256 by node:crypto (OpenSSL): ~8× faster than @noble/hashes, which ingest spends most time in. */
export const nodeSha3: Sha3 = (chunks) => {
  const h = createHash('sha3-256');
  for (const c of chunks) h.update(c);
  const d = h.digest();
  return new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
};

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

