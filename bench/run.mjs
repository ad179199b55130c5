#!/usr/bin/env node
// `npm run bench [-- options]`: speed (median ns/op per workload × implementation), bundle sizes
// and cold import time of ledger-bcs (the BUILT dist/, what users get) against @aptos-labs/ts-sdk,
// @mysten/bcs and a hand-written floor. See bench/README.md for the options.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureAll } from './lib/harness.mjs';
import { measureImports } from './lib/import-time.mjs';
import { analyse, formatNs, importTable, sizeTable, speedTable } from './lib/report.mjs';
import { measureSizes } from './lib/sizes.mjs';
import { instantiate, verify } from './lib/verify.mjs';
import { createWorkloads } from './workloads/index.mjs';
import { IMPLS } from './workloads/registry.mjs';

const USAGE = `usage: npm run bench -- [--quick] [--filter PATTERN] [--only speed,sizes,import] [--json [FILE]]
  --quick           short smoke run (few samples; numbers are rough)
  --filter PATTERN  only speed workloads whose name contains PATTERN (a regular expression);
                    sizes and import time are skipped unless --only names them
  --only LIST       sections to run: speed, sizes, import (default: all)
  --json [FILE]     JSON results: to FILE, or to stdout (the tables then go to stderr)
  --clock wall|cpu  time samples by the wall clock (default) or by this process's CPU time
  --impls LIST      time only these implementations (e.g. ours,floor); all are still verified
  --one-process     time every workload in this process (default: a fresh child process each)
  --list            print the workload names and exit`;

function parseArgs(argv) {
  const o = { quick: false, filter: null, only: null, json: false, jsonFile: null, list: false, clock: 'wall', impls: null, oneProcess: false, timeOne: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--quick') o.quick = true;
    else if (flag === '--filter') o.filter = new RegExp(value());
    else if (flag === '--only') o.only = new Set(value().split(','));
    else if (flag === '--list') o.list = true;
    else if (flag === '--impls') o.impls = new Set(value().split(','));
    else if (flag === '--one-process') o.oneProcess = true;
    else if (flag === '--time-one') o.timeOne = value(); // internal: the child of timeInChild
    else if (flag === '--clock') {
      o.clock = value();
      if (o.clock !== 'wall' && o.clock !== 'cpu') {
        console.error(`--clock must be wall or cpu\n${USAGE}`);
        process.exit(2);
      }
    }
    else if (flag === '--json') {
      o.json = true;
      if (inline !== undefined) o.jsonFile = inline;
      else if (argv[i + 1] && !argv[i + 1].startsWith('--')) o.jsonFile = argv[++i];
    } else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`unknown option ${argv[i]}\n${USAGE}`);
      process.exit(2);
    }
  }
  if (!o.only) o.only = new Set(o.filter ? ['speed'] : ['speed', 'sizes', 'import']);
  return o;
}

const opts = parseArgs(process.argv.slice(2));
// With `--json` and no file, stdout carries only the JSON document.
const print = opts.json && !opts.jsonFile ? (s) => process.stderr.write(`${s}\n`) : (s) => process.stdout.write(`${s}\n`);
const log = (s) => process.stderr.write(`  … ${s}\n`);

// Read from node_modules directly: some packages' export maps hide package.json.
const version = (pkg) => {
  try {
    return JSON.parse(readFileSync(new URL(`../node_modules/${pkg}/package.json`, import.meta.url), 'utf8')).version;
  } catch {
    return 'unknown';
  }
};

let ours;
try {
  // Every layer's entry point (bench/entries/ours-whole.mjs) and ledger-bcs/node-json (its own entry: it loads sha3).
  ours = { ...(await import('./entries/ours-whole.mjs')), ...(await import('../dist/node-json/index.js')) };
} catch (e) {
  console.error(`cannot import dist/ (bench/entries/ours-whole.mjs) (run \`npm run build\` first, or use \`npm run bench\`): ${e.message}`);
  process.exit(1);
}

const cpus = os.cpus();
const env = {
  date: new Date().toISOString(),
  machine: {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: typeof os.availableParallelism === 'function' ? os.availableParallelism() : cpus.length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
  },
  versions: Object.fromEntries(
    ['ledger-bcs', '@aptos-labs/ts-sdk', '@mysten/bcs', '@noble/hashes', 'benchmark', 'esbuild'].map((p) => [p, p === 'ledger-bcs' ? JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version : version(p)]),
  ),
  mode: opts.quick ? 'quick' : 'full',
  clock: opts.clock,
  isolation: opts.oneProcess ? 'one process' : 'a fresh process per workload',
};

const workloads = createWorkloads(ours).filter((w) => !opts.filter || opts.filter.test(w.name));
if (opts.list) {
  for (const w of workloads) console.log(`${w.name.padEnd(28)} ${w.title}`);
  process.exit(0);
}

const timing = opts.quick
  ? { rounds: 1, maxTime: 0.05, minSamples: 3, warmupMs: 10, clock: opts.clock }
  : { rounds: 5, maxTime: 1, minSamples: 15, warmupMs: 100, clock: opts.clock };
const result = { ...env, timing, speed: [], sizes: [], importTime: [] };

/** This process's timing of one workload's implementations: `{ impl: summary }`. */
function timeHere(ops) {
  const timed = opts.impls ? Object.fromEntries(Object.entries(ops).filter(([impl]) => opts.impls.has(impl))) : ops;
  return measureAll(timed, timing);
}

/**
 * Times one workload in a fresh `node` (this script with `--time-one NAME`): V8's allocation-site
 * pretenuring is sticky for the life of a process, and one workload can set it for another. Our
 * combinators' closures share one feedback vector across every schema (one per closure site), so
 * when a large decoded value (records/block-100) is live across scavenges while the peers keep the
 * young generation at its maximum size, the struct/enum/vector allocation sites are tenured and
 * every later decode of every schema allocates in old space (transfer decode 5–7 µs instead of
 * 0.9–1.1 µs of CPU, mostly GC; `--no-allocation-site-pretenuring` removes it). The floor's decoders
 * are separate functions per workload and are not affected. See README.md, "One process per workload".
 */
function timeInChild(name) {
  const args = [fileURLToPath(import.meta.url), '--time-one', name, '--clock', opts.clock];
  if (opts.quick) args.push('--quick');
  if (opts.impls) args.push('--impls', [...opts.impls].join(','));
  const child = spawnSync(process.execPath, [...process.execArgv, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (child.status !== 0) throw new Error(`timing ${name} in a child process failed: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

if (opts.timeOne) {
  const w = workloads.find((x) => x.name === opts.timeOne);
  if (!w) {
    console.error(`no workload named ${opts.timeOne}`);
    process.exit(2);
  }
  process.stdout.write(JSON.stringify(timeHere(instantiate(w).ops)));
  process.exit(0);
}

if (opts.only.has('speed')) {
  // Verify everything first: a disagreement aborts before any time is spent measuring.
  const prepared = workloads.map((w) => {
    const { ops, pending } = instantiate(w);
    verify(w, ops);
    return { w, ops, pending };
  });
  log(`all implementations agree on ${prepared.length} workloads; timing (${env.mode}, ${opts.clock} clock, ${opts.oneProcess ? 'one process' : 'a fresh process per workload'})`);
  for (const { w, ops, pending } of prepared) {
    const measured = opts.oneProcess ? timeHere(ops) : timeInChild(w.name);
    const results = {};
    for (const impl of IMPLS) {
      if (pending[impl]) results[impl] = { pending: pending[impl] };
      else if (measured[impl]) results[impl] = measured[impl];
    }
    log(`${w.name}: ${Object.entries(measured).map(([impl, r]) => `${impl} ${formatNs(r.median)}`).join(', ')}`);
    const analysis = analyse(w, results);
    result.speed.push({ name: w.name, title: w.title, category: w.category, results, ...analysis });
  }
}
if (opts.only.has('sizes')) result.sizes = await measureSizes(log);
if (opts.only.has('import')) result.importTime = measureImports(opts.quick ? 3 : 9, log);

// ---- report ----
const m = env.machine;
print(`# ledger-bcs bench (${env.mode} run, ${env.date.slice(0, 10)}${opts.clock === 'cpu' ? ', CPU time' : ''})\n`);
print(`Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, ${m.platform}; Node ${m.node} (V8 ${m.v8})`);
print(`Versions: ${Object.entries(env.versions).map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
if (result.speed.length) {
  print('## Speed: median time per operation (lower is better); ratios are how many times faster ours is\n');
  print(speedTable(result.speed.map((s) => ({ w: s, results: s.results, analysis: s }))));
  const pend = result.speed.flatMap((s) => Object.entries(s.results).filter(([, r]) => r.pending).map(([impl, r]) => `- ${s.name} [${impl}]: ${r.pending}`));
  if (pend.length) print(`\nPending (not measured, API not in ledger-bcs yet):\n${pend.join('\n')}`);
  print('');
}
if (result.sizes.length) {
  print('## Bundle size (esbuild, minified ESM; gzip -9)\n');
  print(sizeTable(result.sizes));
  print('');
}
if (result.importTime.length) {
  print(`## Cold import (fresh node process per sample, median of ${result.importTime[0].samples?.length ?? 0})\n`);
  print(importTable(result.importTime));
  print('');
}

if (opts.json) {
  const json = JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2);
  if (opts.jsonFile) {
    writeFileSync(opts.jsonFile, `${json}\n`);
    log(`JSON written to ${opts.jsonFile}`);
  } else process.stdout.write(`${json}\n`);
}
