import { readFile, writeFile, rename } from 'node:fs/promises';
import { loadMemoryLedger, type MemoryLedger, type MemoryLedgerOptions } from './memory.js';

// ledger-bcs/ledger/node: the memory ledger's file on disk (Node only; the format is ledger-file.ts).

/** Loads a ledger file (`LedgerError` when it is not one, or its blocks do not check out). */
export async function readLedgerFile(path: string, options?: MemoryLedgerOptions): Promise<MemoryLedger> {
  const buf = await readFile(path);
  return loadMemoryLedger(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), options);
}

/** Writes `ledger.save()` to `path` through a temporary file, so a crash leaves the old file whole. */
export async function writeLedgerFile(path: string, ledger: Pick<MemoryLedger, 'save'>): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, ledger.save());
  await rename(tmp, path);
}
