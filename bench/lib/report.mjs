// Turns measurements into the Markdown tables printed by `npm run bench` (and pasted into RESULTS.md).
import { IMPLS, PEERS, TARGETS } from '../workloads/registry.mjs';

export function formatNs(ns) {
  if (ns === undefined || ns === null) return '–';
  if (ns < 1e3) return `${ns < 100 ? ns.toFixed(1) : ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(ns < 1e4 ? 2 : 1)} µs`;
  return `${(ns / 1e6).toFixed(ns < 1e7 ? 2 : 1)} ms`;
}

const ratio = (r) => (r === undefined ? '–' : `${r >= 10 ? r.toFixed(0) : r.toFixed(1)}×`);

const range = (r) => (r ? ` (${r[0].toFixed(1)}–${r[1].toFixed(1)})` : '');

/** Lowest and highest of peer/ours taken round by round (both measured in the same round). */
function roundRange(peer, ours) {
  const n = Math.min(peer?.rounds?.length ?? 0, ours?.rounds?.length ?? 0);
  if (n < 2) return undefined;
  const rs = Array.from({ length: n }, (_, i) => peer.rounds[i] / ours.rounds[i]);
  return [Math.min(...rs), Math.max(...rs)];
}

/**
 * Speed-ups and target verdicts of one workload's results. Pure data (also goes into the JSON).
 * The verdict is taken on the medians; when some round on its own falls short it says so, since a
 * target met only on the median of a noisy machine may not be met on the next run.
 */
export function analyse(w, results) {
  const ours = results.ours?.median;
  const speedup = {};
  const rounds = {};
  for (const p of PEERS) {
    if (!ours || !results[p]?.median) continue;
    speedup[p] = results[p].median / ours;
    rounds[p] = roundRange(results[p], results.ours);
  }
  const vsFloor = ours && results.floor?.median ? ours / results.floor.median : undefined;
  const t = w.category ? TARGETS[w.category] : null;
  let verdict = 'no target';
  const targets = t ? { peers: w.minSpeedup ?? t.peers, floor: t.floor } : null;
  if (targets) {
    if (!ours) verdict = 'pending';
    else {
      const misses = [];
      for (const [p, s] of Object.entries(speedup)) if (s < targets.peers) misses.push(`${p} ${ratio(s)} < ${targets.peers}×`);
      if (vsFloor !== undefined && vsFloor > targets.floor) misses.push(`floor ${vsFloor.toFixed(2)}× > ${targets.floor}×`);
      const shaky = Object.entries(rounds).filter(([p, r]) => r && r[0] < targets.peers && speedup[p] >= targets.peers);
      verdict = misses.length
        ? `missed (${misses.join('; ')})`
        : shaky.length
          ? `met on the median; not in every round (${shaky.map(([p, r]) => `${p} ${r[0].toFixed(1)}–${r[1].toFixed(1)}× by round`).join('; ')})`
          : 'met';
    }
  }
  return { speedup, rounds, vsFloor, targets, verdict };
}

export function speedTable(rows) {
  const head = ['workload', ...IMPLS, 'ours vs ts-sdk (rounds)', 'ours vs mysten (rounds)', 'ours / floor', 'target (peers, floor)', 'verdict'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const { w, results, analysis: a } of rows) {
    const cells = IMPLS.map((impl) => {
      const r = results[impl];
      if (!r) return '–';
      if (r.pending) return 'pending';
      return formatNs(r.median) + (w.inputBytes ? ` (${((w.inputBytes() / r.median) * 1e3).toFixed(0)} MB/s)` : '');
    });
    const target = a.targets ? `≥ ${a.targets.peers}×, ≤ ${a.targets.floor}×` : '–';
    const vf = a.vsFloor === undefined ? '–' : `${a.vsFloor.toFixed(2)}×`;
    const vs = (p) => ratio(a.speedup[p]) + (a.speedup[p] === undefined ? '' : range(a.rounds?.[p]));
    lines.push(`| ${w.name} | ${cells.join(' | ')} | ${vs('ts-sdk')} | ${vs('mysten')} | ${vf} | ${target} | ${a.verdict} |`);
  }
  return lines.join('\n');
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

export function sizeVerdict(s) {
  if (!s.target) return '–';
  if (s.pending || s.error) return 'pending';
  return `< ${kb(s.target)}: ${s.minified < s.target && s.runOk !== false ? 'met' : 'missed'}`;
}

export function sizeTable(sizes) {
  const lines = ['| bundle | minified | min + gzip | runs? | target (minified) |', '| --- | ---: | ---: | --- | --- |'];
  for (const s of sizes) {
    if (s.pending) lines.push(`| ${s.name} | pending | pending | ${s.pending} | ${sizeVerdict(s)} |`);
    else if (s.error) lines.push(`| ${s.name} | build failed | – | ${s.error} | ${sizeVerdict(s)} |`);
    else lines.push(`| ${s.name} | ${kb(s.minified)} | ${kb(s.gzipped)} | ${s.run ?? '–'} | ${sizeVerdict(s)} |`);
  }
  return lines.join('\n');
}

export function importTable(times) {
  const lines = ['| module | median cold import | samples (ms) | target |', '| --- | ---: | --- | --- |'];
  for (const t of times) {
    const target = t.target ? `< ${t.target} ms: ${t.median < t.target ? 'met' : 'missed'}` : '–';
    if (t.error) lines.push(`| ${t.name} | failed | ${t.error} | ${t.target ? 'missed' : '–'} |`);
    else lines.push(`| ${t.name} | ${t.median.toFixed(1)} ms | ${t.samples.map((x) => x.toFixed(1)).join(', ')} | ${target} |`);
  }
  return lines.join('\n');
}
