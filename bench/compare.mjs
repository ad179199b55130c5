#!/usr/bin/env node
// `npm run bench:compare -- --base REV`: `npm run bench`'s speed section for the library at two commits.
// The base commit is checked out in a temporary git worktree (node_modules linked to this one's) and
// built with its own build. Both sides are then timed by this checkout's bench (its workloads, floor,
// peers and harness, copied beside the base's dist/), so only the library differs; every workload runs
// in a fresh process per side (no JIT or heap state left by other workloads), base and head of the
// same workload one after the other in alternating order, by the CPU clock (a shared machine's load
// stretches the wall clock, not the CPU time), for `--rounds` rounds. Ours and the floor are each timed
// in a process of their own (`--together`: in one process, as before 2026-11-27): a user's process
// does not run our floor, and what one leaves in a process (heap, GC timing) can move the other's
// time there; the floor in the next process cancels the machine's drift, not a process's own
// noise. Each process is
// `node --single-threaded` (`--concurrent`: V8's helper threads on): compiling and collecting on the
// timed thread, in an order fixed by the program, so a process's figure no longer lands in one of two
// modes by how the helper threads were scheduled. Each process's young generation may grow to 32 MiB
// semi-spaces (`--max-semi-space-size=32`; `--default-young` keeps V8's own limit): a workload whose
// value outlives a scavenge (records/block-100-user's decoded block) was otherwise copied by every
// scavenge in some processes and not in others, 0.4 or 3.4 ms an op by the process, floor and ours.
// The verdict is on
// ours' ratio to the floor, head's over base's, taken round by round (the processes seconds apart),
// median over rounds; where a workload has no floor, on ours alone. See bench/README.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './lib/harness.mjs';

const USAGE = `usage: npm run bench:compare -- --base REV [--rounds N] [--filter PATTERN] [--quick] [--slower PCT] [--clock cpu|wall] [--impls LIST] [--together] [--concurrent] [--default-young] [--json FILE] | --rejudge FILE [--slower PCT]
  --base REV        the commit to compare against (required)
  --rounds N        rounds; each times every workload once a side, in fresh processes (default 3)
  --filter PATTERN  only workloads whose name matches (passed to bench/run.mjs)
  --quick           bench/run.mjs --quick (rough numbers, for trying the script)
  --slower PCT      the slowdown allowed before a workload is called slower (default 5)
  --clock cpu|wall  the clock samples are timed by (default cpu)
  --impls LIST      the implementations timed (default ours,floor; ours,floor,ts-sdk,mysten adds the peers)
  --together        time the implementations in one process a side (default: each in its own)
  --concurrent      V8's compiler and GC helper threads on (default: node --single-threaded)
  --default-young   V8's own young-generation limit (default: --max-semi-space-size=32)
  --json FILE       also write the comparison as JSON
  --rejudge FILE    no timing: the verdicts again from a --json file (e.g. with another --slower)`;

function parseArgs(argv) {
  const o = { base: undefined, rounds: 3, filter: undefined, quick: false, slower: 5, clock: 'cpu', impls: 'ours,floor', together: false, concurrent: false, defaultYoung: false, json: undefined, rejudge: undefined };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) fail(`${flag} needs a value`);
      return v;
    };
    if (flag === '--base') o.base = value();
    else if (flag === '--rounds') o.rounds = Number(value());
    else if (flag === '--filter') o.filter = value();
    else if (flag === '--quick') o.quick = true;
    else if (flag === '--slower') o.slower = Number(value());
    else if (flag === '--clock') o.clock = value();
    else if (flag === '--impls') o.impls = value();
    else if (flag === '--together') o.together = true;
    else if (flag === '--concurrent') o.concurrent = true;
    else if (flag === '--default-young') o.defaultYoung = true;
    else if (flag === '--json') o.json = value();
    else if (flag === '--rejudge') o.rejudge = value();
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown option ${argv[i]}`);
  }
  if (o.base === undefined && o.rejudge === undefined) fail('--base REV is required');
  if (!(Number.isInteger(o.rounds) && o.rounds >= 1)) fail('--rounds must be a whole number, 1 or more');
  if (!(o.slower >= 0)) fail('--slower must be a percentage');
  if (o.clock !== 'cpu' && o.clock !== 'wall') fail('--clock must be cpu or wall');
  return o;
}

function fail(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const log = (s) => process.stderr.write(`  … ${s}\n`);
const here = path.resolve(new URL('..', import.meta.url).pathname);
const git = (...args) => execFileSync('git', ['-C', here, ...args], { encoding: 'utf8' }).trim();

/** A worktree of `sha` with this checkout's node_modules, built once (a marker file names the commit built). */
function baseTree(sha) {
  const dir = path.join(os.tmpdir(), `ledger-bcs-bench-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    rmSync(dir, { recursive: true, force: true });
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', '--force', dir, sha);
  }
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.join(here, 'node_modules'), path.join(dir, 'node_modules'));
  const marker = path.join(dir, '.bench-compare-built');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== sha) {
    log(`building ${sha.slice(0, 12)} in ${dir} (its own build)`);
    run(dir, 'npm', ['run', '--silent', 'build'], 'ignore');
    writeFileSync(marker, sha);
  }
  return dir;
}

/** Runs a command; returns { ok, stdout, stderr }, or exits with its stderr when `must` is set and it fails. */
function run(cwd, cmd, args, stdout = 'pipe', must = true) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', stdout, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0 && must) {
    process.stderr.write(r.stderr ?? '');
    console.error(`${cmd} ${args.join(' ')} in ${cwd} exited ${r.status}`);
    process.exit(1);
  }
  return { ok: r.status === 0, status: r.status, stdout: r.stdout, stderr: r.stderr ?? '' };
}

/** This checkout's bench/ beside the base's dist/ (copied: Node resolves a symlinked module to its real path). */
function benchBesideBase(baseDir) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-compare-base-'));
  cpSync(path.join(here, 'bench'), path.join(dir, 'bench'), { recursive: true });
  for (const f of ['node_modules', 'fixtures', 'package.json']) symlinkSync(path.join(here, f), path.join(dir, f));
  symlinkSync(path.join(baseDir, 'dist'), path.join(dir, 'dist'));
  return dir;
}

/**
 * The base's own bench/ (workloads, floor, data) with this checkout's run.mjs and lib/ (the timing
 * and the options bench:compare passes), beside the base's dist/: for workloads whose floor or data
 * changed since the base, so that this checkout's bench cannot run them on the base's library.
 */
function ownBenchOfBase(baseDir) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-compare-base-own-'));
  cpSync(path.join(baseDir, 'bench'), path.join(dir, 'bench'), { recursive: true });
  cpSync(path.join(here, 'bench/lib'), path.join(dir, 'bench/lib'), { recursive: true });
  cpSync(path.join(here, 'bench/run.mjs'), path.join(dir, 'bench/run.mjs'));
  for (const f of ['node_modules', 'fixtures', 'package.json']) symlinkSync(path.join(baseDir, f), path.join(dir, f));
  symlinkSync(path.join(baseDir, 'dist'), path.join(dir, 'dist'));
  return dir;
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `impls` of one workload on one side, in a fresh process: { out: { impl: median ns }, load } or { error, load }. */
function benchOne(dir, name, impls, opts) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-compare-')), 'r.json');
  const v8 = [...(opts.concurrent ? [] : ['--single-threaded']), ...(opts.defaultYoung ? [] : ['--max-semi-space-size=32'])];
  const args = [...v8, 'bench/run.mjs', '--only', 'speed', '--clock', opts.clock, '--impls', impls, '--one-process', '--filter', `^${escapeRegExp(name)}$`, '--json', file];
  if (opts.quick) args.push('--quick');
  const r = run(dir, process.execPath, args, 'ignore', false);
  const load = os.loadavg()[0];
  const result = r.ok ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  rmSync(path.dirname(file), { recursive: true, force: true });
  const lines = r.stderr.split('\n');
  const at = lines.findIndex((l) => /^\w*Error: /.test(l));
  if (!r.ok) return { error: (at < 0 ? lines.filter(Boolean).pop() ?? `exit ${r.status}` : lines.slice(at, at + 2).join(' ')).slice(0, 300), load };
  const out = {};
  for (const [impl, x] of Object.entries(result.speed[0]?.results ?? {})) if (typeof x.median === 'number') out[impl] = x.median;
  return { out, load };
}

/** The most the unchanged floor's head/base ratio may vary across rounds (max ÷ min) for the verdict to divide by it. */
const FLOOR_SPREAD = 2;

/**
 * `rounds`: [{ base, head }] for one workload. Every ratio is taken within a round (the two sides
 * timed seconds apart) and the median over rounds reported, with the verdict's range.
 */
function compareOne(name, rounds, slowerPct) {
  const errors = rounds.flatMap((r) => ['base', 'head'].filter((s) => r[s].error).map((s) => `${s}: ${r[s].error}`));
  const notes = [...new Set(rounds.map((r) => r.base.note).filter(Boolean))];
  const ok = rounds.filter((r) => !r.base.error && !r.head.error);
  if (ok.length === 0) return { name, ratios: {}, verdict: 'error', errors };
  const impls = Object.keys(ok[0].head.out).filter((i) => ok.every((r) => i in r.base.out && i in r.head.out));
  const ratios = {};
  for (const impl of impls) {
    ratios[impl] = {
      base: median(ok.map((r) => r.base.out[impl])),
      head: median(ok.map((r) => r.head.out[impl])),
      ratio: median(ok.map((r) => r.head.out[impl] / r.base.out[impl])),
    };
  }
  if (!ratios.ours) return { name, ratios, verdict: 'no ours', errors };
  // Ours relative to the floor timed beside it (in its process or the next), so what the machine did
  // to both cancels. Unless the floor's own head/base ratio spans more than FLOOR_SPREAD across rounds:
  // its code is the same on both sides, so that is its processes landing in different modes (records/
  // block-100-user's floor: 0.57 or 3.5 ms a process, 0.16-5.9 head/base), and dividing by it would
  // put those modes into ours' verdict. The verdict is then on ours alone, and the row says so.
  const floorRounds = ratios.floor ? ok.map((r) => r.head.out.floor / r.base.out.floor) : [];
  const spread = (xs) => Math.max(...xs) / Math.min(...xs);
  const floorSpread = floorRounds.length > 0 ? spread(floorRounds) : 1;
  const byFloor = ratios.floor !== undefined && floorSpread <= FLOOR_SPREAD;
  const perRound = ok.map((r, i) => {
    const ours = r.head.out.ours / r.base.out.ours;
    return byFloor ? ours / floorRounds[i] : ours;
  });
  const relative = median(perRound);
  // Ours alone (perRound, when not by the floor) with its rounds as far apart as the floor's: nothing
  // here can judge the row by time.
  const unstable = !byFloor && ratios.floor !== undefined && spread(perRound) > FLOOR_SPREAD;
  const verdict = unstable ? 'unstable' : relative > 1 + slowerPct / 100 ? 'slower' : relative < 1 - slowerPct / 100 ? 'faster' : 'same';
  const over = perRound.filter((x) => x > 1 + slowerPct / 100).length;
  return { name, ratios, relative, byFloor, floorSpread, perRound: perRound.length, range: [Math.min(...perRound), Math.max(...perRound)], over, verdict, errors, notes };
}

function table(rows, slowerPct) {
  const fmt = (r) => (r === undefined ? '–' : r.ratio.toFixed(3));
  const ns = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} ms` : x >= 1e3 ? `${(x / 1e3).toFixed(2)} µs` : `${x.toFixed(0)} ns`);
  const lines = [
    `| workload | ours base → head | ours head/base | floor head/base | ours/floor, head ÷ base (rounds) | peers head/base | verdict (±${slowerPct} %) |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const o = r.ratios.ours;
    const peers = Object.entries(r.ratios).filter(([i]) => i !== 'ours' && i !== 'floor').map(([i, x]) => `${i} ${x.ratio.toFixed(2)}`).join(', ');
    const floorNote = !r.ratios.floor ? ' no floor' : r.byFloor ? '' : ` ours alone (floor unstable, ${r.floorSpread.toFixed(1)}× across rounds)`;
    const rel = r.relative === undefined ? '–' : `${r.relative.toFixed(3)} (${r.range.map((x) => x.toFixed(2)).join('–')}; ${r.over} of ${r.perRound} over)${floorNote}${r.notes?.length ? ' †' : ''}`;
    lines.push(`| ${r.name} | ${o ? `${ns(o.base)} → ${ns(o.head)}` : '–'} | ${fmt(o)} | ${fmt(r.ratios.floor)} | ${rel} | ${peers || '–'} | ${r.verdict} |`);
  }
  return lines.join('\n');
}

const opts = parseArgs(process.argv.slice(2));
const run_ = opts.rejudge ? JSON.parse(readFileSync(opts.rejudge, 'utf8')) : measure();
const { results, loads } = run_;
const names = Object.keys(results);
if (names.length === 0) fail('no workloads in the results');
if (opts.rejudge && (opts.filter !== undefined || opts.base !== undefined)) fail('--rejudge judges a saved run as it is: no --base or --filter');
const rounds = Math.max(...names.map((n) => results[n].length));

/** Times every workload on both sides, round by round: the saved form `--json` writes. */
function measure() {
  const baseSha = git('rev-parse', '--verify', `${opts.base}^{commit}`);
  const headSha = git('rev-parse', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  const baseDir = baseTree(baseSha);
  log('building head (scripts/build.mjs)');
  run(here, process.execPath, ['scripts/build.mjs'], 'ignore');
  const baseBench = benchBesideBase(baseDir);
  const listArgs = ['bench/run.mjs', '--list', ...(opts.filter ? ['--filter', opts.filter] : [])];
  const names = run(here, process.execPath, listArgs).stdout.split('\n').map((l) => l.split(' ')[0]).filter(Boolean);
  if (names.length === 0) fail(`no workload matches ${opts.filter}`);

  const results = Object.fromEntries(names.map((n) => [n, []]));
  // The implementations timed together in one process: all of them, or each alone (the default).
  const groups = opts.together ? [opts.impls] : opts.impls.split(',');
  let baseOwnBench;
  const loads = [];
  try {
    for (let round = 0; round < opts.rounds; round++) {
      log(`round ${round + 1}/${opts.rounds}: ${names.length} workloads, ${opts.together ? 'each side' : 'each implementation of each side'} in its own process`);
      names.forEach((name, i) => {
        const pair = { base: { out: {} }, head: { out: {} } };
        groups.forEach((impls, k) => {
          for (const side of (round + i + k) % 2 === 0 ? ['base', 'head'] : ['head', 'base']) {
            let one = benchOne(side === 'base' ? baseBench : here, name, impls, opts);
            // A workload this checkout's bench cannot run on the base's library (its floor or data changed
            // since) is timed by the base's own bench, and the row says so.
            if (one.error && side === 'base') {
              baseOwnBench ??= ownBenchOfBase(baseDir);
              const own = benchOne(baseOwnBench, name, impls, opts);
              if (!own.error) one = { ...own, note: `base timed by its own bench (${one.error})` };
            }
            loads.push(one.load);
            const into = pair[side];
            if (one.error) into.error ??= one.error;
            else Object.assign(into.out, one.out);
            if (one.note) into.note ??= one.note;
          }
        });
        results[name].push(pair);
      });
    }
  } finally {
    for (const dir of [baseBench, baseOwnBench]) if (dir) rmSync(dir, { recursive: true, force: true });
  }
  return { base: baseSha, head: headSha, dirty, clock: opts.clock, together: opts.together, concurrent: opts.concurrent, defaultYoung: opts.defaultYoung, loads, results };
}

const rows = names.map((n) => compareOne(n, results[n], opts.slower));
const loadText = `load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, median ${median(loads).toFixed(1)}`;
const isolation = `${run_.together !== false ? 'every workload in a fresh process a side' : 'every implementation of every workload in a fresh process a side'}${run_.concurrent === false ? ' (node --single-threaded)' : ''}${run_.defaultYoung === false ? ' (--max-semi-space-size=32)' : ''}`;
console.log(`base ${run_.base.slice(0, 12)}, head ${run_.head.slice(0, 12)}${run_.dirty ? ' (with uncommitted changes)' : ''}; this checkout's bench on both; ${rounds} rounds, ${isolation}, ${run_.clock} clock; ${loadText}${opts.rejudge ? ` (judged again from ${opts.rejudge})` : ''}\n`);
console.log(table(rows, opts.slower));
for (const r of rows) for (const e of [...(r.notes ?? []).map((n) => `† ${n}`), ...new Set(r.errors ?? [])]) console.log(`- ${r.name} ${e}`);
const slower = rows.filter((r) => r.verdict === 'slower');
const floors = rows.map((r) => r.ratios.floor?.ratio).filter((x) => x !== undefined);
console.log(`\n${rows.length} workloads; ${slower.length} slower than ${opts.slower} %: ${slower.map((r) => r.name).join(', ') || 'none'}${rows.some((r) => r.verdict === 'unstable') ? `; unstable (ours and its floor each in two modes across processes: not judged by time): ${rows.filter((r) => r.verdict === 'unstable').map((r) => r.name).join(', ')}` : ''}${rows.some((r) => r.verdict === 'error') ? '; some failed (above)' : ''}; floors head/base ${Math.min(...floors).toFixed(2)}–${Math.max(...floors).toFixed(2)}`);
if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ ...run_, rows }, null, 2)}\n`);
