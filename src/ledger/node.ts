import { createHash } from 'node:crypto';
import { readFile, writeFile, rename } from 'node:fs/promises';
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
  const buf = await readFile(path);
  return loadMemoryLedger(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), { sha3: nodeSha3, ...options });
}

/** Writes `ledger.save()` to `path` through a temporary file, so a crash leaves the old file whole. */
export async function writeLedgerFile(path: string, ledger: Pick<MemoryLedger, 'save'>): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, ledger.save());
  await rename(tmp, path);
}
