// Verification bench (issue #31), not a timed test: how fast a follower verifies blocks from genesis,
// with every check the replica runs (transaction hash, event root, state change hash, every version's
// accumulator root, block header, NewBlockEvent, order, end, framework writes), over transfer blocks
// (bench/replica/chain.mjs). Two figures: the verifier alone, and the verifier then the memory
// ledger's ingest (the follower's store path without HTTP). Target: catch-up with full verification
// >= 20k transactions/s.
// Usage: npm run build && node bench/replica/verify.mjs [--blocks 100 --per-block 1000]
// The verifier is internal (src/replica/verify/), so it is bundled from the sources with esbuild.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { createMemoryLedger } from '../../dist/ledger/index.js';
import { nodeSha3 } from '../../dist/ledger/node.js';
import { transferChain } from './chain.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const BLOCKS = Number(args.blocks ?? 100);
const PER_BLOCK = Number(args['per-block'] ?? 1000);

const out = join(tmpdir(), `ledger-bcs-verify-bench-${process.pid}.mjs`);
await build({ entryPoints: [new URL('../../src/replica/verify/verify-block.ts', import.meta.url).pathname], bundle: true, format: 'esm', platform: 'node', outfile: out, logLevel: 'silent' });
const { verifyBlock, verifyContext, INITIAL_STATE } = await import(out);

process.stderr.write(`generating ${BLOCKS} blocks of ${PER_BLOCK} transfers…\n`);
const blocks = transferChain({ perBlock: PER_BLOCK }).next(BLOCKS + 1);
const count = blocks.reduce((n, b) => n + Number(new DataView(b.buffer, b.byteOffset).getBigUint64(56, true) - new DataView(b.buffer, b.byteOffset).getBigUint64(48, true) + 1n), 0);

function verifyAll(store) {
  const ctx = verifyContext(nodeSha3, 4);
  let state = INITIAL_STATE;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (const b of blocks) {
    const r = verifyBlock(ctx, state, b);
    state = r.state;
    store?.(r.checked);
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  if (state.accumulator.leaves !== count) throw new Error('not every transaction was verified');
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const rate = (r) => `${Math.round(count / (r.ms / 1000)).toLocaleString('en-US')} tx/s wall, ${Math.round(count / (r.cpuMs / 1000)).toLocaleString('en-US')} tx per CPU-second`;
verifyAll(); // warm-up
const alone = verifyAll();
console.log(`verify from genesis: ${count.toLocaleString('en-US')} transactions in ${blocks.length} blocks: ${alone.ms.toFixed(0)} ms: ${rate(alone)}`);
const ledger = createMemoryLedger({ sha3: nodeSha3 });
// The follower hands the verifier's read of each block to the ledger (a CheckedBlock, not read again).
const stored = verifyAll((checked) => ledger.ingest(checked));
console.log(`verify + memory-ledger ingest: ${stored.ms.toFixed(0)} ms: ${rate(stored)} (target >= 20,000 tx/s)`);
