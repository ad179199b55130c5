// The crash test's child (bundled by test/ledger/crash.test.ts): ingests the example ledger into the
// store at argv[2], from where the store ends, `argv[3]` blocks an ingest, and prints `ack H` once the
// ingest ending at block H is committed. The parent kills it with SIGKILL at a random moment.
import { readFileSync } from 'node:fs';
import { decodeLedgerFile } from '../../src/ledger/ledger-file.js';
import { openLedgerStore } from '../../src/ledger/store.js';

const [path, per, window] = process.argv.slice(2);
const blocks = decodeLedgerFile(new Uint8Array(readFileSync('fixtures/example-ledger.bin'))).blocks;
const store = await openLedgerStore(path!, { durability: 'relaxed', pruneWindow: Number(window) });
let next = store.isEmpty() ? 0 : Number(store.ledgerInfo().blockHeight) + 1;
process.stdout.write(`start ${next}\n`);
while (next < blocks.length) {
  const batch = blocks.slice(next, next + Number(per));
  await store.ingest(batch);
  next += batch.length;
  process.stdout.write(`ack ${next - 1}\n`);
}
process.stdout.write('done\n');
await store.close();
