// The bench's follower: catches up from the upstream's oldest block, reports the rate, its CPU time
// and resident memory (after a GC when --expose-gc) as one JSON line, then serves on a port it prints.
// With a store directory (4th argument), it follows into a ledger store as `serve --follow URL --store
// DIR` does (fsync durability unless the 5th argument is 'relaxed'); otherwise into the memory ledger.
// The hash checks run where `serve --follow` runs them, or where BENCH_HASHER (worker, thread) says.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createLedgerClient } from '../../dist/index.js';
import { createLedgerHandler } from '../../dist/http/index.js';
import { createNodeServer } from '../../dist/http/node.js';
import { createFollower } from '../../dist/replica/index.js';
import { hashInWorker } from '../../dist/replica/node.js';
import { nodeSha3 } from '../../dist/ledger/node.js';

const [url, tip, concurrency = '8', storeDir, durability = 'fsync'] = process.argv.slice(2);
const store = storeDir === undefined ? undefined : await (await import('../../dist/ledger/store.js')).openLedgerStore(storeDir, { durability });
const follower = createFollower({
  client: createLedgerClient({ baseUrl: url }),
  from: 'oldest',
  concurrency: Number(concurrency),
  pollMs: 50,
  sha3: nodeSha3,
  // Where `serve --follow` hashes (a worker thread with 3 cores or more), unless BENCH_HASHER says.
  hasher: process.env.BENCH_HASHER === 'worker' || (process.env.BENCH_HASHER !== 'thread' && availableParallelism() >= 3) ? hashInWorker : undefined,
  ...(store && {
    createLedger: (_options, base) => {
      if (base !== undefined) store.startAt(base);
      return store;
    },
  }),
});
// The main thread's CPU time (Linux: its /proc task), beside the process's (all threads: GC helpers,
// LMDB's commits, the hash worker); undefined elsewhere.
const mainThreadMs = () => {
  try {
    const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * (1000 / 100); // clock ticks (USER_HZ, 100 on Linux)
  } catch {
    return undefined;
  }
};
const m0 = mainThreadMs();
const t0 = performance.now();
const c0 = process.cpuUsage();
await follower.start();
const startMs = performance.now() - t0;
const half = BigInt(Math.floor(Number(tip) / 2));
let mid;
while (follower.status().blockHeight < BigInt(tip)) {
  await new Promise((r) => setTimeout(r, 5));
  if (mid === undefined && follower.status().blockHeight >= half) mid = { at: performance.now(), tx: follower.status().transactionsIngested };
}
const ms = performance.now() - t0;
const cpu = process.cpuUsage(c0);
const mainMs = m0 === undefined ? undefined : mainThreadMs() - m0;
const end = performance.now();
globalThis.gc?.();
const s = follower.status();
if (s.verification.mode !== 'from_genesis') throw new Error(`expected verification from genesis, got ${s.verification.description}`);
const secondHalf = (s.transactionsIngested - mid.tx) / ((end - mid.at) / 1000);
process.stdout.write(`${JSON.stringify({ transactions: s.transactionsIngested, ms, startMs, cpuMs: (cpu.user + cpu.system) / 1000, mainMs, secondHalf, rssMb: process.memoryUsage().rss / 2 ** 20, heapMb: process.memoryUsage().heapUsed / 2 ** 20 })}\n`);
const server = createNodeServer(createLedgerHandler({ source: follower.source }));
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => {
  follower
    .stop()
    .then(() => store?.close())
    .finally(() => process.exit(0));
});
