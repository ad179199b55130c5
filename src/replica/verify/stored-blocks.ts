import { BcsWriter, u64 } from '../../bcs/index.js';
import type { MemoryLedger } from '../../ledger/index.js';

// A stored block as the upstream sent it (BcsBlock with its transactions), rebuilt from the ledger's
// header and transaction records, so that a resumed replica verifies what it holds before serving on.

/** Every retained block of `ledger`, oldest first, as BcsBlock bytes. */
export function* storedBlocks(ledger: Pick<MemoryLedger, 'ledgerInfo' | 'blockByHeight' | 'transactions'>): Generator<Uint8Array> {
  const info = ledger.ledgerInfo();
  for (let h = info.oldestBlockHeight; h <= info.blockHeight; h++) {
    const b = ledger.blockByHeight(h)!;
    const n = Number(b.lastVersion - b.firstVersion + 1n);
    const txs = ledger.transactions(b.firstVersion, n);
    const w = new BcsWriter(64 + txs.reduce((s, t) => s + t.bytes.length, 0));
    u64.write(w, b.blockHeight);
    w.raw(b.blockHash);
    u64.write(w, b.blockTimestamp);
    u64.write(w, b.firstVersion);
    u64.write(w, b.lastVersion);
    w.u8(1);
    w.uleb128(txs.length);
    for (const t of txs) w.raw(t.bytes);
    yield w.toBytes();
  }
}
