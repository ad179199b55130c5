// Cold import time: one fresh `node` child per sample, timing `await import(...)` inside it
// (process start-up excluded, module loading, parsing and top-level evaluation included).
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export const MODULES = [
  { name: 'ledger-bcs (dist/index.js)', spec: pathToFileURL(`${root}dist/index.js`).href, target: 10 },
  { name: 'ledger-bcs/bcs (dist/bcs/index.js)', spec: pathToFileURL(`${root}dist/bcs/index.js`).href },
  { name: '@aptos-labs/ts-sdk', spec: '@aptos-labs/ts-sdk' },
  { name: '@mysten/bcs', spec: '@mysten/bcs' },
  // What any import costs in a fresh process (ESM loader start-up): the floor under every row.
  { name: 'baseline: an empty ES module', spec: pathToFileURL(`${root}bench/entries/empty.mjs`).href },
];

export function measureImports(samples, log = () => {}) {
  const out = [];
  for (const m of MODULES) {
    log(`import: ${m.name}`);
    const code = `const t=performance.now();await import(${JSON.stringify(m.spec)});process.stdout.write(String(performance.now()-t))`;
    const times = [];
    try {
      for (let i = 0; i < samples; i++) {
        const s = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8', timeout: 60_000 });
        times.push(Number(s));
      }
    } catch (e) {
      out.push({ name: m.name, error: String(e.stderr || e.message).trim().split('\n')[0] });
      continue;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    out.push({ name: m.name, median, samples: times, ...(m.target ? { target: m.target } : {}) });
  }
  return out;
}
