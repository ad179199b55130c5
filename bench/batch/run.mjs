// `npm run bench:batch`: `ledger-bcs encode-submission --batch` over 100,000 transfer requests (JSON
// lines), process start included, against ts-sdk's typed-class path over the same input. Both are
// separate processes timed from spawn to exit; both outputs must be identical.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const count = Number(process.argv.find((a) => a.startsWith('--count='))?.slice(8) ?? 100_000);
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);

// The bundled transfer with its recipient written long (ts-sdk's AccountAddress.from refuses short
// non-special addresses); the sequence number varies per line, so no two lines are the same.
const example = JSON.parse(readFileSync(join(root, 'fixtures/example-requests.jsonl'), 'utf8').split('\n')[0]);
example.payload.arguments[0] = '0x' + example.payload.arguments[0].slice(2).padStart(64, '0');
const lines = [];
for (let i = 0; i < count; i++) lines.push(JSON.stringify({ ...example, sequence_number: String(i) }));
const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-batch-'));
const input = join(dir, 'requests.jsonl');
writeFileSync(input, lines.join('\n') + '\n');

function time(args) {
  // stdin is the file itself, as with `< requests.jsonl`.
  const fd = openSync(input, 'r');
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: [fd, 'pipe', 'pipe'], maxBuffer: 1 << 30, cwd: root });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(fd);
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return { s, out: r.stdout.toString() };
}

const ours = ['dist/cli/main.js', 'encode-submission', '--chain-id', '4', '--batch'];
const peer = ['bench/batch/ts-sdk-batch.mjs'];
const results = { ours: [], 'ts-sdk': [] };
let reference;
for (let round = 0; round < rounds; round++) {
  for (const [name, args] of round % 2 ? [['ts-sdk', peer], ['ours', ours]] : [['ours', ours], ['ts-sdk', peer]]) {
    const { s, out } = time(args);
    if (reference === undefined) reference = out;
    else if (out !== reference) throw new Error(`${name}'s output differs from the other's`);
    results[name].push(s);
  }
}
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rate = (s) => Math.round(count / s).toLocaleString('en-US');
const o = median(results.ours);
const p = median(results['ts-sdk']);
console.log(`encode-submission --batch, ${count.toLocaleString('en-US')} transfer requests, process start included (median of ${rounds})`);
console.log(`  ours    ${o.toFixed(2)} s  ${rate(o)} requests/s   (target ≥ 100,000/s: ${count / o >= 100_000 ? 'met' : 'missed'})`);
console.log(`  ts-sdk  ${p.toFixed(2)} s  ${rate(p)} requests/s`);
console.log(`  ratio   ${(p / o).toFixed(1)}×   (target ≥ 4×: ${p / o >= 4 ? 'met' : 'missed'})`);
