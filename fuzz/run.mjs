#!/usr/bin/env node
// `npm run fuzz [-- options]`: drives every BCS decoder, every JSON and text reader, and the server
// (a `serve` child on loopback) with hostile inputs, bounded in time and count. Prints, per target,
// cases, failures (exceptions that are not the library's own, or server misbehaviour), worst time,
// worst ms per MB, worst memory and the largest memory-to-input ratio. See docs/reliability.md.
import { decoderTargets, jsonTargets } from './targets.mjs';
import { mutateBytes, mutateText, rng, uleb } from './mutate.mjs';
import { fuzzServer } from './server.mjs';

const USAGE = `usage: npm run fuzz -- [--seconds 240] [--cases 300] [--seed 1] [--only decoders,json,server] [--filter RE] [--markdown]
  --seconds N   time budget for the decoder and JSON targets together (default 240); the server part adds ~60 s
  --cases N     mutated inputs per target at most (default 300)
  --seed N      PRNG seed (default 1): the same seed gives the same inputs
  --only LIST   parts to run (default all)
  --filter RE   only targets whose name matches
  --markdown    print the table as Markdown (for docs/reliability.md)`;

function parseArgs(argv) {
  const o = { seconds: 240, cases: 300, seed: 1, only: new Set(['decoders', 'json', 'server']), filter: null, markdown: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--seconds') o.seconds = Number(value());
    else if (flag === '--cases') o.cases = Number(value());
    else if (flag === '--seed') o.seed = Number(value());
    else if (flag === '--only') o.only = new Set(value().split(','));
    else if (flag === '--filter') o.filter = new RegExp(value());
    else if (flag === '--markdown') o.markdown = true;
    else {
      console.error(USAGE);
      process.exit(flag === '--help' ? 0 : 1);
    }
  }
  return o;
}

const MB = 1 << 20;
/** Inputs at least this large have their memory measured (smaller ones are below the heap's noise). */
const MEASURED = 64 * 1024;
const LIMIT_MS_PER_MB = 50;
const LIMIT_RATIO = 64;

const gc = globalThis.gc ?? (() => {});
const heap = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

async function runCase(t, text, stat, family) {
  const size = typeof text === 'string' ? text.length : text.byteLength;
  let input = text;
  if (t.prepare) {
    try {
      input = t.prepare(text);
    } catch {
      return; // not an input of this reader
    }
  }
  const measured = size >= MEASURED;
  if (measured) gc();
  const before = measured ? heap() : 0;
  const t0 = performance.now();
  let result;
  let error;
  try {
    result = t.run(input);
    if (t.async) result = await result;
  } catch (e) {
    error = e;
  }
  let ms = performance.now() - t0;
  // Memory with the result still held (and the garbage of a failed decode not yet collected).
  const used = measured ? heap() - before : 0;
  result = undefined;
  if (measured) gc(); // its garbage is not the next case's pause
  // On a shared machine a GC or scheduler pause can land in any one run: a case over the limit is
  // run again, and the lower time counts.
  if (ms / Math.max(size / MB, 1 / 16) > LIMIT_MS_PER_MB && t.kind === 'bytes') {
    gc();
    const t1 = performance.now();
    try {
      const again = t.run(input);
      if (t.async) await again;
    } catch {
      // the same outcome as above
    }
    ms = Math.min(ms, performance.now() - t1);
  }
  stat.cases++;
  if (error !== undefined && !t.ours(error)) {
    stat.failures++;
    if (stat.examples.length < 3) stat.examples.push(`${family}: ${String(error?.stack ?? error).split('\n').slice(0, 2).join(' | ')}`);
  }
  if (error === undefined) stat.accepted++;
  stat.worstMs = Math.max(stat.worstMs, ms);
  const perMb = ms / Math.max(size / MB, 1 / 16);
  if (perMb > stat.worstMsPerMb) {
    stat.worstMsPerMb = perMb;
    stat.worstMsPerMbCase = `${family} ${(size / MB).toFixed(2)} MB`;
  }
  if (perMb > LIMIT_MS_PER_MB && t.kind === 'bytes') stat.slow++;
  if (measured) {
    stat.worstMem = Math.max(stat.worstMem, used);
    const ratio = used / size;
    if (ratio > stat.maxRatio) {
      stat.maxRatio = ratio;
      stat.maxRatioCase = `${family} ${(size / MB).toFixed(2)} MB`;
    }
    if (ratio > LIMIT_RATIO) stat.overRatio++;
  }
}

const newStat = (name) => ({ name, cases: 0, accepted: 0, failures: 0, slow: 0, overRatio: 0, worstMs: 0, worstMsPerMb: 0, worstMsPerMbCase: '', worstMem: 0, maxRatio: 0, maxRatioCase: '', examples: [] });

async function fuzzTargets(targets, o, kind, msBudget) {
  const r = rng(o.seed);
  const stats = [];
  const per = msBudget / Math.max(1, targets.length);
  for (const t of targets) {
    const stat = newStat(t.name);
    stats.push(stat);
    const seeds = t.seeds.length > 0 ? t.seeds : [kind === 'bytes' ? Uint8Array.of(0) : '{}'];
    // Warm-up on the seeds themselves (not counted): the first calls compile.
    for (const s of seeds) {
      try {
        const v = t.run(t.prepare ? t.prepare(s) : s);
        if (t.async) await v;
      } catch {
        // measured below
      }
    }
    const sites = kind === 'bytes' ? seeds.map((s) => lengthSites(t, s)) : [];
    const end = performance.now() + per;
    for (let i = 0; i < o.cases && performance.now() < end; i++) {
      const k = r.int(seeds.length);
      const { family, input } =
        kind === 'bytes' && sites[k].length > 0 && r.next() < 0.1 ? amplifyAt(r, seeds[k], r.pick(sites[k])) : kind === 'bytes' ? mutateBytes(r, seeds[k]) : mutateText(r, seeds[k]);
      await runCase(t, input, stat, family);
    }
    process.stderr.write(`  ${t.name}: ${stat.cases} cases, ${stat.failures} failures\n`);
  }
  return stats;
}

const splice = (seed, p, n) => {
  const len = Uint8Array.from(uleb(n));
  const out = new Uint8Array(seed.length - 1 + len.length + n);
  out.set(seed.subarray(0, p));
  out.set(len, p);
  out.set(seed.subarray(p + 1), p + len.length + n);
  return out;
};

/**
 * Offsets of `seed` where a sequence length is read: a length of 256 put there, followed by 256 zero
 * bytes, is read past them (the zeros became elements: empty vectors, zero integers, false…).
 */
function lengthSites(t, seed) {
  const out = [];
  for (let p = 0; p < seed.length && out.length < 16; p++) {
    try {
      t.run(splice(seed, p, 256));
      out.push(p);
    } catch (e) {
      if (typeof e?.offset === 'number' && e.offset >= p + 200) out.push(p);
    }
  }
  return out;
}

/** The 2M-empty-arguments family: a real length site given 0.5-4 M zero elements. */
function amplifyAt(r, seed, p) {
  return { family: 'elements', input: splice(seed, p, 2 ** (19 + r.int(4))) };
}

const fmtMs = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const fmtMb = (b) => (b / MB).toFixed(1);

function table(stats, md) {
  const head = ['target', 'cases', 'accepted', 'failures', 'worst ms', 'worst ms/MB', 'decodes over 50 ms/MB', 'worst MB', 'max mem/input', 'over 64x'];
  const rows = stats.map((s) => [s.name, s.cases, s.accepted, s.failures, fmtMs(s.worstMs), `${fmtMs(s.worstMsPerMb)}${s.worstMsPerMbCase ? ` (${s.worstMsPerMbCase})` : ''}`, s.slow, fmtMb(s.worstMem), s.maxRatio > 0 ? `${s.maxRatio.toFixed(1)}x (${s.maxRatioCase})` : '-', s.overRatio]);
  if (md) return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  return [head, ...rows].map((r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ')).join('\n');
}

function totals(stats) {
  const t = newStat('all');
  for (const s of stats) {
    t.cases += s.cases;
    t.accepted += s.accepted;
    t.failures += s.failures;
    t.slow += s.slow;
    t.overRatio += s.overRatio;
    t.worstMs = Math.max(t.worstMs, s.worstMs);
    if (s.worstMsPerMb > t.worstMsPerMb) [t.worstMsPerMb, t.worstMsPerMbCase] = [s.worstMsPerMb, `${s.name}: ${s.worstMsPerMbCase}`];
    t.worstMem = Math.max(t.worstMem, s.worstMem);
    if (s.maxRatio > t.maxRatio) [t.maxRatio, t.maxRatioCase] = [s.maxRatio, `${s.name}: ${s.maxRatioCase}`];
  }
  return t;
}

const o = parseArgs(process.argv.slice(2));
if (globalThis.gc === undefined) console.error('note: run with --expose-gc for memory figures (npm run fuzz does)');
const started = performance.now();
const sections = [];
const filter = (ts) => (o.filter ? ts.filter((t) => o.filter.test(t.name)) : ts);
const parts = ['decoders', 'json'].filter((p) => o.only.has(p));
for (const part of parts) {
  const targets = filter(part === 'decoders' ? decoderTargets() : jsonTargets());
  console.error(`${part}: ${targets.length} targets`);
  const stats = await fuzzTargets(targets, o, part === 'decoders' ? 'bytes' : 'text', (o.seconds * 1000) / parts.length);
  sections.push({ title: part === 'decoders' ? 'BCS decoders' : 'JSON and text readers', stats });
}
let server;
if (o.only.has('server')) {
  console.error('server: a serve child on loopback');
  server = await fuzzServer(o, rng(o.seed));
}
for (const { title, stats } of sections) {
  console.log(`\n${o.markdown ? '### ' : ''}${title}\n`);
  console.log(table([...stats, totals(stats)], o.markdown));
  for (const s of stats) for (const ex of s.examples) console.log(`  failure in ${s.name}: ${ex}`);
}
if (server) {
  console.log(`\n${o.markdown ? '### ' : ''}Server (serve on loopback)\n`);
  console.log(server.report(o.markdown));
}
const all = totals(sections.flatMap((s) => s.stats));
const serverFailures = server?.failures ?? 0;
console.log(`\n${o.markdown ? '' : 'summary: '}${all.cases + (server?.cases ?? 0)} cases, ${all.failures + serverFailures} failures (${all.failures} foreign exceptions), worst ${fmtMs(all.worstMs)} ms, worst ${fmtMs(all.worstMsPerMb)} ms/MB (${all.worstMsPerMbCase}), worst memory ${fmtMb(all.worstMem)} MB, largest memory/input ${all.maxRatio.toFixed(1)}x (${all.maxRatioCase}); ${((performance.now() - started) / 1000).toFixed(0)} s, seed ${o.seed}, node ${process.version}`);
const ok = all.failures === 0 && serverFailures === 0 && all.slow === 0 && all.overRatio === 0 && (server?.targetsMet ?? true);
console.log(ok ? 'targets: met' : 'targets: NOT met');
process.exitCode = ok ? 0 : 1;
