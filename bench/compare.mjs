#!/usr/bin/env node
// `npm run bench:compare -- --base REV`: `npm run bench`'s speed section of two commits in one run.
// The base commit is checked out in a temporary git worktree (node_modules linked to this one's) and
// built with its own build; then each side runs its own `bench/run.mjs --only speed --json` against its
// own dist/, alternating (base, head, head, base, ...) so that a slow minute of a shared machine lands
// on both. Reported per workload: ours at head / ours at base (median of the rounds' medians), the
// same ratio for the peers and the floor as the run's noise (their code is the same on both sides
// unless the bench itself changed), and a verdict against the allowed slowdown on ours' ratio to the
// floor (head's over base's), or on ours alone where a workload has no floor.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const USAGE = `usage: npm run bench:compare -- --base REV [--rounds N] [--filter PATTERN] [--quick] [--slower PCT] [--json FILE]
  --base REV        the commit to compare against (required)
  --rounds N        runs of each side, alternating (default 2)
  --filter PATTERN  only workloads whose name matches (passed to bench/run.mjs)
  --quick           bench/run.mjs --quick (rough numbers, for trying the script)
  --slower PCT      the slowdown allowed before a workload is called slower (default 5)
  --json FILE       also write the comparison as JSON`;

function parseArgs(argv) {
  const o = { base: undefined, rounds: 2, filter: undefined, quick: false, slower: 5, json: undefined };
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
    else if (flag === '--json') o.json = value();
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown option ${argv[i]}`);
  }
  if (o.base === undefined) fail('--base REV is required');
  if (!(Number.isInteger(o.rounds) && o.rounds >= 1)) fail('--rounds must be a whole number, 1 or more');
  if (!(o.slower >= 0)) fail('--slower must be a percentage');
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

/** Runs a command; its stderr is shown only when it fails. */
function run(cwd, cmd, args, stdout = 'pipe') {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', stdout, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) {
    process.stderr.write(r.stderr ?? '');
    console.error(`${cmd} ${args.join(' ')} in ${cwd} exited ${r.status}`);
    process.exit(1);
  }
  return r.stdout;
}

/** One side's speed section: { workload: { impl: median ns } }. */
function benchOnce(dir, opts) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-compare-')), 'r.json');
  const args = ['bench/run.mjs', '--only', 'speed', '--json', file];
  if (opts.filter) args.push('--filter', opts.filter);
  if (opts.quick) args.push('--quick');
  run(dir, process.execPath, args, 'ignore');
  const result = JSON.parse(readFileSync(file, 'utf8'));
  const out = {};
  for (const s of result.speed) {
    out[s.name] = {};
    for (const [impl, r] of Object.entries(s.results)) if (typeof r.median === 'number') out[s.name][impl] = r.median;
  }
  return { out, load: os.loadavg()[0] };
}

const medianOf = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function compare(baseRuns, headRuns, slowerPct) {
  const names = Object.keys(headRuns[0].out).filter((n) => n in baseRuns[0].out);
  return names.map((name) => {
    const impls = Object.keys(headRuns[0].out[name]).filter((i) => i in baseRuns[0].out[name]);
    const ratios = {};
    for (const impl of impls) {
      const b = medianOf(baseRuns.map((r) => r.out[name][impl]).filter((x) => x !== undefined));
      const h = medianOf(headRuns.map((r) => r.out[name][impl]).filter((x) => x !== undefined));
      ratios[impl] = { base: b, head: h, ratio: h / b };
    }
    const ours = ratios.ours;
    const noise = Object.entries(ratios).filter(([i]) => i !== 'ours').map(([, r]) => r.ratio);
    // On a shared VM whole runs drift together (a floor whose code did not change moves by ±40 %
    // between runs): the verdict is on ours relative to the floor of the same run, where there is one.
    const relative = ours === undefined ? undefined : ratios.floor === undefined ? ours.ratio : ours.ratio / ratios.floor.ratio;
    const verdict = relative === undefined ? 'no ours' : relative > 1 + slowerPct / 100 ? 'slower' : relative < 1 - slowerPct / 100 ? 'faster' : 'same';
    return { name, ratios, noise, relative, verdict };
  });
}

function table(rows, slowerPct) {
  const fmt = (r) => (r === undefined ? '–' : `${r.ratio.toFixed(3)}`);
  const ns = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} ms` : x >= 1e3 ? `${(x / 1e3).toFixed(2)} µs` : `${x.toFixed(0)} ns`);
  const lines = [
    `| workload | ours base → head | ours head/base | floor head/base | ours/floor, head ÷ base | peers head/base | verdict (±${slowerPct} %) |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const o = r.ratios.ours;
    const peers = Object.entries(r.ratios).filter(([i]) => i !== 'ours' && i !== 'floor').map(([i, x]) => `${i} ${x.ratio.toFixed(2)}`).join(', ');
    lines.push(`| ${r.name} | ${o ? `${ns(o.base)} → ${ns(o.head)}` : '–'} | ${fmt(o)} | ${fmt(r.ratios.floor)} | ${r.ratios.floor && r.relative !== undefined ? r.relative.toFixed(3) : '–'} | ${peers || '–'} | ${r.verdict} |`);
  }
  return lines.join('\n');
}

const opts = parseArgs(process.argv.slice(2));
const baseSha = git('rev-parse', '--verify', `${opts.base}^{commit}`);
const headSha = git('rev-parse', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const baseDir = baseTree(baseSha);
log('building head (scripts/build.mjs)');
run(here, process.execPath, ['scripts/build.mjs'], 'ignore');

const baseRuns = [];
const headRuns = [];
for (let round = 0; round < opts.rounds; round++) {
  for (const side of round % 2 === 0 ? ['base', 'head'] : ['head', 'base']) {
    log(`round ${round + 1}/${opts.rounds}: ${side}`);
    (side === 'base' ? baseRuns : headRuns).push(benchOnce(side === 'base' ? baseDir : here, opts));
  }
}
const rows = compare(baseRuns, headRuns, opts.slower);
const loads = [...baseRuns, ...headRuns].map((r) => r.load.toFixed(1));
console.log(`base ${baseSha.slice(0, 12)}, head ${headSha.slice(0, 12)}${dirty ? ' (with uncommitted changes)' : ''}; ${opts.rounds} runs a side, alternating; load average ${loads.join(', ')}\n`);
console.log(table(rows, opts.slower));
const slower = rows.filter((r) => r.verdict === 'slower');
console.log(`\n${rows.length} workloads in both; ${slower.length} slower than ${opts.slower} %: ${slower.map((r) => r.name).join(', ') || 'none'}`);
if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ base: baseSha, head: headSha, dirty, loads, rows }, null, 2)}\n`);
