// Timing with benchmark.js. It times batches of calls per sample (the batch size is calibrated to
// the timer's resolution), so operations of ~100 ns are not swamped by the cost of reading the clock;
// tinybench 2 reads the clock around every single call. With a function (not a string) and no
// setup/teardown, benchmark.js calls `fn()` from a freshly compiled loop per benchmark, so every
// implementation gets its own monomorphic call site.
import Benchmark from 'benchmark';

/** Written by every timed call so the optimiser cannot drop the work as dead code. */
export let sink;

/**
 * Median ns/op of `op` (which returns the operation's result). Warms up first, then lets
 * benchmark.js collect samples until `maxTime` seconds and at least `minSamples` samples.
 */
export function measure(op, { maxTime = 1, minSamples = 10, warmupMs = 100 } = {}) {
  const fn = () => {
    sink = op();
  };
  const warmEnd = performance.now() + warmupMs;
  let warmCalls = 0;
  do {
    for (let i = 0; i < 16; i++) fn();
    warmCalls += 16;
  } while (performance.now() < warmEnd);

  const bench = new Benchmark('op', fn, { maxTime, minSamples, initCount: 1, async: false });
  bench.run({ async: false });
  if (bench.error) throw bench.error;
  const samples = bench.stats.sample.map((s) => s * 1e9).sort((a, b) => a - b);
  const mid = samples.length >> 1;
  const median = samples.length % 2 ? samples[mid] : (samples[mid - 1] + samples[mid]) / 2;
  return {
    median,
    mean: bench.stats.mean * 1e9,
    rme: bench.stats.rme,
    samples: samples.length,
    min: samples[0],
    max: samples[samples.length - 1],
    warmCalls,
  };
}
