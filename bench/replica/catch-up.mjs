// Catch-up bench (issue #31), not a timed test: a follower verifying everything from genesis (every
// hash, every version's accumulator root, the block structure) catches up from a loopback upstream of
// transfer blocks (bench/replica/chain.mjs, served from a ledger file in its own process), into a
// ledger store (`serve --follow URL --store DIR`, fsync durability) and, for comparison, into the
// memory ledger. Short alternating rounds, each a fresh follower process and store; medians and
// ranges, with the load average when each round started (the machine is shared), and CPU-seconds a
// 1,000 transactions for the follower process and, separately, the upstream while it served the round
// (Linux /proc; throughput depends on load, CPU time much less). Target: >= 20k
// transactions/s into a store.
// The hash checks run where `serve --follow` runs them (--hasher auto: a worker thread with 3 cores or
// more), in a worker thread (--hasher worker) or in the follower's main thread (--hasher thread);
// --hasher both alternates the last two in each round.
// Usage: node scripts/build.mjs && node bench/replica/catch-up.mjs [--blocks 60 --per-block 1000 --rounds 3 --concurrency 8 --durability fsync --only store --hasher auto]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { transferLedgerFile } from './chain.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const BLOCKS = Number(args.blocks ?? 60);
const PER_BLOCK = Number(args['per-block'] ?? 1000);
const ROUNDS = Number(args.rounds ?? 3);
const CONCURRENCY = String(args.concurrency ?? 8);
const DURABILITY = args.durability ?? 'fsync';
const HASHERS = args.hasher === 'both' ? ['worker', 'thread'] : [args.hasher ?? 'auto'];
const VARIANTS = (args.only ? [args.only] : ['store', 'memory']).flatMap((v) => HASHERS.map((h) => (HASHERS.length > 1 ? `${v}/${h}` : v)));

const file = transferLedgerFile(BLOCKS, PER_BLOCK);

function spawnLines(script, argv, nodeFlags = [], env = process.env) {
  const child = spawn(process.execPath, [...nodeFlags, new URL(script, import.meta.url).pathname, ...argv], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const lines = [];
  let buf = '';
  child.stdout.on('data', (c) => {
    buf += c;
    for (let i; (i = buf.indexOf('\n')) >= 0; buf = buf.slice(i + 1)) lines.push(buf.slice(0, i));
  });
  const exited = once(child, 'exit');
  const line = async (n) => {
    while (lines.length < n) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return lines[n - 1];
  };
  return { child, line, exited };
}

// A process's CPU time in ms (Linux: /proc/PID/stat utime + stime, in USER_HZ ticks of 10 ms); undefined elsewhere.
const processCpuMs = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return undefined;
  }
};

const upstream = spawnLines('upstream.mjs', [file]);
const upUrl = `http://127.0.0.1:${await upstream.line(1)}`;
// A warm upstream, as a node serving traffic is: its first answers pay for its JIT.
for (let h = 0; h < Math.min(BLOCKS, 30); h++) await fetch(`${upUrl}/v1/blocks/by_height/${h}?with_transactions=true`, { headers: { accept: 'application/x-bcs' } }).then((r) => r.arrayBuffer());

const results = Object.fromEntries(VARIANTS.map((v) => [v, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const variant of VARIANTS) {
    const [sink, hasher = HASHERS[0]] = variant.split('/');
    const dir = sink === 'store' ? mkdtempSync(join(tmpdir(), 'ledger-bcs-catch-up-')) : undefined;
    const load = loadavg()[0];
    const up0 = processCpuMs(upstream.child.pid);
    const f = spawnLines('follower.mjs', [upUrl, String(BLOCKS - 1), CONCURRENCY, ...(dir ? [dir, DURABILITY] : [])], ['--expose-gc'], { ...process.env, BENCH_HASHER: hasher });
    const c = JSON.parse(await f.line(1));
    const up1 = processCpuMs(upstream.child.pid);
    f.child.kill('SIGTERM');
    await f.exited;
    if (dir) rmSync(dir, { recursive: true, force: true });
    const rate = c.transactions / (c.ms / 1000);
    const perCpu = c.transactions / (c.cpuMs / 1000);
    const perMain = c.mainMs === undefined ? undefined : c.transactions / (c.mainMs / 1000);
    // CPU-seconds a 1,000 transactions: the follower's process, and the upstream's while it served the round.
    const upPerK = up0 === undefined || up1 === undefined ? undefined : (up1 - up0) / c.transactions;
    const perK = c.cpuMs / c.transactions;
    results[variant].push({ rate, perCpu, perMain, perK, upPerK, load });
    console.log(`round ${r + 1} ${variant.padEnd(13)}: ${c.transactions} transactions in ${(c.ms / 1000).toFixed(2)} s = ${Math.round(rate)} tx/s (${Math.round(perCpu)} per follower CPU-second${perMain === undefined ? '' : `, ${Math.round(perMain)} per main-thread CPU-second`}; CPU-s a 1,000 tx: follower ${perK.toFixed(3)}${upPerK === undefined ? '' : `, upstream ${upPerK.toFixed(3)}`}), load ${load.toFixed(2)}`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.round(Math.min(...xs))}..${Math.round(Math.max(...xs))}`;
for (const [variant, rs] of Object.entries(results)) {
  const rates = rs.map((x) => x.rate);
  const cpus = rs.map((x) => x.perCpu);
  const mains = rs.every((x) => x.perMain !== undefined) ? `; per main-thread CPU-second median ${Math.round(median(rs.map((x) => x.perMain)))}` : '';
  const ups = rs.every((x) => x.upPerK !== undefined) ? `, upstream ${median(rs.map((x) => x.upPerK)).toFixed(3)}` : '';
  const perK = `; CPU-s a 1,000 tx median: follower ${median(rs.map((x) => x.perK)).toFixed(3)}${ups}`;
  const store = variant.startsWith('store');
  const target = store ? ` (target >= 20000: ${median(rates) >= 20000 ? 'met' : 'not met'})` : '';
  console.log(`${variant}${store ? ` (${DURABILITY})` : ''}${HASHERS.length > 1 ? '' : `, hashing: ${HASHERS[0]}`}: median ${Math.round(median(rates))} tx/s, range ${range(rates)}; per follower CPU-second median ${Math.round(median(cpus))}, range ${range(cpus)}${mains}${perK}; load ${range(rs.map((x) => x.load * 100)).replace(/\d+/g, (n) => (n / 100).toFixed(2))}${target}`);
}
upstream.child.kill('SIGTERM');
await upstream.exited;
