import { BcsWriter } from '../../bcs/index.js';
import type { IngestingLedger } from '../../ledger/index.js';
import { BLOCK_HEADER_BYTES, writeBlockHeader } from '../../records/index.js';

// A stored block as the upstream sent it (BcsBlock with its transactions), rebuilt from the ledger's
// header and transaction records, so that a resumed replica verifies what it holds before serving on.

/** Every retained block of `ledger`, oldest first, as BcsBlock bytes. */
export function* storedBlocks(ledger: Pick<IngestingLedger, 'ledgerInfo' | 'blockByHeight' | 'transactions'>): Generator<Uint8Array> {
  const info = ledger.ledgerInfo();
  for (let h = info.oldestBlockHeight; h <= info.blockHeight; h++) {
    const b = ledger.blockByHeight(h)!;
    const n = Number(b.lastVersion - b.firstVersion + 1n);
    const txs = ledger.transactions(b.firstVersion, n);
    const w = new BcsWriter(BLOCK_HEADER_BYTES + 6 + txs.reduce((s, t) => s + t.bytes.length, 0));
    writeBlockHeader(w, b);
    w.u8(1);
    w.uleb128(txs.length);
    for (const t of txs) w.raw(t.bytes);
    yield w.toBytes();
  }
}
