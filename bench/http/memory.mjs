// Resident memory under a long run that touches every block of a large ledger (issue 32): the
// handler answers every block with its transactions in JSON, in order, several passes, then every
// transaction by version; resident set, heap and ArrayBuffer bytes (where the kept texts live) are
// sampled as it goes, for each `transactionCacheBytes` given. Each bound runs in its own process.
// Usage: npm run build && node --expose-gc bench/http/memory.mjs [--blocks 400 --passes 2 --mib 64,16,0]
import { spawnSync } from 'node:child_process';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const BLOCKS = Number(args.blocks ?? 400);
const PASSES = Number(args.passes ?? 2);
const MIBS = String(args.mib ?? '64,16,0').split(',').map(Number);
const MiB = 1024 * 1024;

if (args.child !== undefined) {
  const { createMemoryLedger } = await import('../../dist/ledger/index.js');
  const { nodeSha3 } = await import('../../dist/ledger/node.js');
  const { createLedgerHandler } = await import('../../dist/http/index.js');
  const { makeExampleLedger } = await import('../../scripts/example-ledger/index.mjs');
  const example = makeExampleLedger({ blocks: BLOCKS, transfersPerBlock: 98 });
  const ledger = createMemoryLedger({ sha3: nodeSha3 });
  ledger.ingest(example.blocks);
  example.blocks.length = 0;
  const info = ledger.ledgerInfo();
  const bytes = Number(args.child) * MiB;
  const handler = createLedgerHandler({ source: ledger, sha3: nodeSha3, transactionCacheBytes: bytes });
  const mem = () => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss / MiB, heap: m.heapUsed / MiB, buffers: m.arrayBuffers / MiB };
  };
  const max = (a, b) => ({ rss: Math.max(a.rss, b.rss), heap: Math.max(a.heap, b.heap), buffers: Math.max(a.buffers, b.buffers) });
  const base = mem();
  let peak = base;
  let served = 0;
  let bodyBytes = 0;
  const ask = async (path) => {
    const res = await handler(new Request(`http://localhost${path}`));
    const b = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    served++;
    bodyBytes += b.byteLength;
  };
  const t0 = performance.now();
  for (let pass = 0; pass < PASSES; pass++) {
    for (let h = 0n; h <= info.blockHeight; h++) {
      await ask(`/v1/blocks/by_height/${h}?with_transactions=true`);
      if (h % 10n === 0n) peak = max(peak, mem());
    }
  }
  for (let v = 0n; v <= info.ledgerVersion; v += 7n) await ask(`/v1/transactions/by_version/${v}`);
  const end = mem();
  peak = max(peak, end);
  process.stdout.write(JSON.stringify({ mib: Number(args.child), versions: Number(info.ledgerVersion) + 1, blocks: Number(info.blockHeight) + 1, served, bodyMiB: bodyBytes / MiB, seconds: (performance.now() - t0) / 1000, base, peak, end }));
  process.exit(0);
}

console.log(`memory under a run over every block: ${BLOCKS} blocks of 100 transactions, ${PASSES} passes of every block in JSON then every 7th transaction by version, node ${process.version}`);
console.log('| cache bound | answers | JSON served | time | RSS before → peak (MiB) | ArrayBuffers before → peak | heap before → peak (each its own peak, after gc) |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const mib of MIBS) {
  const r = spawnSync(process.execPath, ['--expose-gc', new URL(import.meta.url).pathname, '--child', String(mib), '--blocks', String(BLOCKS), '--passes', String(PASSES)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`child ${mib} MiB failed`);
  const x = JSON.parse(r.stdout);
  const f = (n) => n.toFixed(0);
  console.log(`| ${mib} MiB | ${x.served} | ${f(x.bodyMiB)} MiB | ${x.seconds.toFixed(1)} s | ${f(x.base.rss)} → ${f(x.peak.rss)} | ${f(x.base.buffers)} → ${f(x.peak.buffers)} | ${f(x.base.heap)} → ${f(x.peak.heap)} |`);
}
