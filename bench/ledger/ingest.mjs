// Memory-ledger bench (issue #20): ingest rate of transfer blocks and resident memory per retained
// transaction at 200k transactions. Not a timed test: run with
//   npm run bench:ingest [-- --transactions 200000]
// Blocks of 100 transactions (block metadata, 98 APT transfers with real signatures, an epilogue):
// bench/ledger/transfer-blocks.mjs's, one transfer block repeated with its versions and heights moved
// on (the transactions' hashes do not cover the version, so every copy still checks out). Memory is the
// growth of V8 heap plus array buffers across the ingest, after GC, over the blocks' BCS size.
import { createMemoryLedger } from '../../dist/ledger/index.js';
import { nodeSha3 } from '../../dist/ledger/node.js';
import { repeatedTransferBlocks } from './transfer-blocks.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const TOTAL = Number(args.transactions ?? 200_000);
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');

const { genesis, perBlock, blockAt } = repeatedTransferBlocks();

const ledger = createMemoryLedger({ sha3: nodeSha3 });
ledger.ingest(genesis);
let height = 17;
let next = Number(ledger.ledgerInfo().ledgerVersion) + 1;
const blocks = [];
let bcsBytes = 0;
while (blocks.length * perBlock < TOTAL) {
  const b = blockAt(height++, next);
  next += perBlock;
  bcsBytes += b.length;
  blocks.push(b);
}
const count = blocks.length * perBlock;
globalThis.gc();
const before = process.memoryUsage();
const t0 = performance.now();
const c0 = process.cpuUsage();
for (const b of blocks) ledger.ingest(b);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(c0);
const cpuMs = (cpu.user + cpu.system) / 1000;
const nBlocks = blocks.length;
blocks.length = 0; // the ledger keeps views of what it needs; the array itself goes
globalThis.gc();
const after = process.memoryUsage();
const retained = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers) + bcsBytes; // the blocks were allocated before `before`
const perTx = retained / count;
const bcsPerTx = bcsBytes / count;
console.log(`ingest: ${count.toLocaleString('en-US')} transactions in ${nBlocks} blocks of ${perBlock}: ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU: ${Math.round(count / (ms / 1000)).toLocaleString('en-US')} tx/s wall, ${Math.round(count / (cpuMs / 1000)).toLocaleString('en-US')} tx per CPU-second (target ≥ 50,000)`);
console.log(`memory: ${(retained / 2 ** 20).toFixed(1)} MiB retained for ${count.toLocaleString('en-US')} transactions: ${perTx.toFixed(0)} B per transaction, BCS ${bcsPerTx.toFixed(0)} B per transaction: ${(perTx / bcsPerTx).toFixed(2)}× (target ≤ 3×)`);
console.log(`ledger: versions ${ledger.ledgerInfo().oldestLedgerVersion}..=${ledger.ledgerInfo().ledgerVersion}, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
