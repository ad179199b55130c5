// Timing with benchmark.js. It times batches of calls per sample (the batch size is calibrated to
// the timer's resolution), so operations of ~100 ns are not swamped by the cost of reading the clock;
// tinybench 2 reads the clock around every single call. With a function (not a string) and no
// setup/teardown, benchmark.js calls `fn()` from a freshly compiled loop per benchmark, so every
// implementation gets its own monomorphic call site.
import Benchmark from 'benchmark';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full GC before each measurement, so garbage left by the previous implementation (ts-sdk's
// objects, mysten's strings) is not collected on the next one's clock.
setFlagsFromString('--expose-gc');
const gc = globalThis.gc ?? runInNewContext('gc');

/**
 * `process.hrtime` over the CPU time this process has used (all its threads, so the garbage collector's
 * helpers count), for benchmark.js's clock: on a shared machine a waiting process's wall clock runs on
 * (under a load average of 5 on 2 cores the bench got 45–65 % of a core while sampling, and every row
 * read 2–4× its CPU time), its CPU clock does not. getrusage's sum is exact (the scheduler's runtime);
 * the reported resolution is 1 µs, so benchmark.js times batches of at least 50 ms.
 */
function cpuHrtime(since) {
  const { user, system } = process.cpuUsage();
  const us = user + system;
  const now = [Math.floor(us / 1e6), (us % 1e6) * 1e3];
  if (!since) return now;
  const ns = (now[0] - since[0]) * 1e9 + (now[1] - since[1]);
  return [Math.floor(ns / 1e9), ns % 1e9];
}

/** benchmark.js with the wall clock (its default, `process.hrtime`) or the CPU clock. */
const BENCHMARK = {
  wall: Benchmark,
  cpu: Benchmark.runInContext({ process: { hrtime: cpuHrtime } }),
};

/** Written by every timed call so the optimiser cannot drop the work as dead code. */
export let sink;

/** Calls `op` for about `ms` milliseconds (JIT warm-up). */
export function warmUp(op, ms) {
  const end = performance.now() + ms;
  do {
    for (let i = 0; i < 16; i++) sink = op();
  } while (performance.now() < end);
}

/**
 * One benchmark.js run of `op` (which returns the operation's result): samples are collected until
 * `maxTime` seconds have passed and at least `minSamples` were taken. Returns ns/op per sample.
 */
export function sample(op, { maxTime, minSamples, clock = 'wall' }) {
  const fn = () => {
    sink = op();
  };
  gc();
  const bench = new BENCHMARK[clock]('op', fn, { maxTime, minSamples, initCount: 1, async: false });
  bench.run({ async: false });
  if (bench.error) throw bench.error;
  return bench.stats.sample.map((s) => s * 1e9);
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Median, spread and count of a list of ns/op samples. */
export function summarise(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: median(s), p25: q(0.25), p75: q(0.75), min: s[0], max: s[s.length - 1], samples: s.length };
}

/**
 * Median ns/op of every op in `ops` ({ impl: op }), measured in `rounds` interleaved rounds with a
 * rotating order, so slow drift of the machine and the garbage of one implementation do not land
 * systematically on another. Returns { impl: summary }, each summary with `rounds`: the median of
 * every round, so ratios can also be taken round by round (implementations measured seconds apart).
 */
export function measureAll(ops, { rounds = 3, maxTime = 0.9, minSamples = 10, warmupMs = 100, clock = 'wall' } = {}) {
  const names = Object.keys(ops);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  const perRound = Object.fromEntries(names.map((n) => [n, []]));
  for (const n of names) warmUp(ops[n], warmupMs);
  const per = { maxTime: maxTime / rounds, minSamples: Math.max(2, Math.ceil(minSamples / rounds)), clock };
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < names.length; k++) {
      const n = names[(k + r) % names.length];
      const s = sample(ops[n], per);
      samples[n].push(...s);
      perRound[n].push(median(s));
    }
  }
  return Object.fromEntries(names.map((n) => [n, { ...summarise(samples[n]), rounds: perRound[n] }]));
}
