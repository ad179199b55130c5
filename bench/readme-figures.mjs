// Keeps the README's speed table and bundle size in step with a bench run:
//   npm run bench -- --json bench-result.json && node bench/readme-figures.mjs bench-result.json [--write]
// Without --write it lists every README figure that differs from the run and exits 1 when any does;
// with --write it rewrites them (median ratios, the per-round range where the README shows one,
// and the transfer bundle's bytes). Rows of other runs (e.g. bench:batch) are left alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** README row (its first cell starts with this) → workloads, one per `/`-separated part of a cell. */
export const ROWS = [
  ['encode_submission: transfer request', ['submission/transfer-json']],
  ['transfer encode, `compileEntryFunction`', ['transfer/encode-compiled']],
  ['transfer encode, `rawTransaction.encode`', ['transfer/encode']],
  ['transfer decode', ['transfer/decode']],
  ['transfer signing message (general / compiled)', ['transfer/signing-message', 'transfer/signing-message-compiled']],
  ['heavy entry function encode / decode', ['heavy/encode', 'heavy/decode']],
  ['type tag parse + serialize, one pass', ['type-tag/coinstore', 'type-tag/nested3']],
  ['vector<u64> 1e5 encode / decode', ['u64-1e5/encode', 'u64-1e5/decode']],
  ['1e5 ULEB128 (uniform u32) encode / decode', ['uleb128-u32-1e5/encode', 'uleb128-u32-1e5/decode']],
  ['1e5 ULEB128 (mixed lengths) encode / decode', ['uleb128-1e5/encode', 'uleb128-1e5/decode']],
];
/** The table's ratio columns, after the workload column. */
const COLUMNS = [(s) => s.speedup?.['ts-sdk'], (s) => s.speedup?.mysten, (s) => s.vsFloor];
const ROUNDS = [(s) => s.rounds?.['ts-sdk'], (s) => s.rounds?.mysten, () => undefined];

const ratio = (r) => (r === undefined || r === null ? '–' : `${r >= 10 ? r.toFixed(0) : r.toFixed(1)}×`);
const floorRatio = (r) => (r === undefined || r === null ? '–' : `${r.toFixed(2)}×`);

/** The cell for `workloads` in column `c`, keeping the README's form (a range where it had one). */
function cell(old, runs, c) {
  const fmt = c === 2 ? floorRatio : ratio;
  const values = runs.map((s) => COLUMNS[c](s));
  if (values.every((v) => v === undefined)) return old;
  let text = values.map(fmt).join(' / ');
  const range = runs.length === 1 && /\(/.test(old) ? ROUNDS[c](runs[0]) : undefined;
  if (range) text += ` (${range[0].toFixed(1)}–${range[1].toFixed(1)})`;
  return text;
}

/** The README with the run's figures, and the list of cells that changed. */
export function updateReadme(readme, result) {
  const byName = new Map((result.speed ?? []).map((s) => [s.name, s]));
  const changes = [];
  const lines = readme.split('\n').map((line) => {
    const row = ROWS.find(([label]) => line.startsWith(`| ${label}`));
    if (!row) return line;
    const runs = row[1].map((n) => byName.get(n));
    if (runs.some((r) => r === undefined)) return line;
    const cells = line.split(' | ');
    for (let c = 0; c < 3; c++) {
      const old = cells[c + 1];
      const now = cell(old, runs, c);
      if (now !== old) changes.push(`${row[0]}, column ${c + 2}: ${old} → ${now}`);
      cells[c + 1] = now;
    }
    return cells.join(' | ');
  });
  let text = lines.join('\n');
  const bundle = (result.sizes ?? []).find((s) => s.name === 'ledger-bcs: transfer + signing message only');
  if (bundle?.minified) {
    text = text.replace(/(bundle \(the encode-only functions above\) is )([\d,]+)( bytes minified)/, (m, a, n, b) => {
      const now = bundle.minified.toLocaleString('en-US');
      if (n !== now) changes.push(`transfer bundle: ${n} → ${now} bytes`);
      return `${a}${now}${b}`;
    });
  }
  return { text, changes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, flag] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/readme-figures.mjs BENCH-RESULT.json [--write]');
    process.exit(2);
  }
  const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
  const { text, changes } = updateReadme(readFileSync(readmePath, 'utf8'), JSON.parse(readFileSync(file, 'utf8')));
  for (const c of changes) console.log(c);
  if (flag === '--write') {
    writeFileSync(readmePath, text);
    console.log(`README.md: ${changes.length} figure(s) updated`);
  } else if (changes.length) {
    console.log(`README.md differs from the run in ${changes.length} figure(s); --write updates them`);
    process.exit(1);
  } else console.log('README.md agrees with the run');
}
