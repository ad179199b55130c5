import type { IngestingLedger } from '../../ledger/index.js';
import { encodeBlock } from '../../records/internal.js';

// A stored block as the upstream sent it (BcsBlock with its transactions), rebuilt from the ledger's
// header and transaction records, so that a resumed replica verifies what it holds before serving on.

/** Every retained block of `ledger`, oldest first, as BcsBlock bytes. */
export function* storedBlocks(ledger: Pick<IngestingLedger, 'ledgerInfo' | 'blockByHeight' | 'transactions'>): Generator<Uint8Array> {
  const info = ledger.ledgerInfo();
  for (let h = info.oldestBlockHeight; h <= info.blockHeight; h++) {
    const b = ledger.blockByHeight(h)!;
    const n = Number(b.lastVersion - b.firstVersion + 1n);
    const txs = ledger.transactions(b.firstVersion, n);
    yield encodeBlock(b, txs.length, txs.map((t) => t.bytes));
  }
}
