// Bundle sizes with esbuild (minified ESM, then gzip -9), and a run of each transfer-only bundle
// to prove the tree-shaken output still works (its stdout must be V2's signing message).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { TRANSFER_SIGNING_MESSAGE_HEX } from '../workloads/data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = (f) => join(root, 'bench', 'entries', f);

/** `run`: execute the bundle and compare its output with V2's signing message. */
export const BUNDLES = [
  { name: 'ledger-bcs: transfer + signing message only', file: entry('ours-transfer.mjs'), run: true, target: 8 * 1024 },
  // Diagnostic: the same entry resolved to src/ (one module per file, so `sideEffects: false` can
  // drop whole unused modules, which the bundled dist/ entries cannot offer).
  { name: 'ledger-bcs: transfer + signing message only, from src/ (diagnostic)', file: entry('ours-transfer.mjs'), run: true, fromSrc: true },
  { name: 'ledger-bcs: whole library', file: entry('ours-whole.mjs') },
  { name: 'ledger-bcs: CLI (dist/cli/main.js)', file: join(root, 'dist', 'cli', 'main.js'), platform: 'node' },
  { name: '@aptos-labs/ts-sdk: transfer + signing message only', file: entry('ts-sdk-transfer.mjs'), run: true },
  { name: '@aptos-labs/ts-sdk: whole', file: entry('ts-sdk-whole.mjs') },
  { name: '@mysten/bcs: transfer + signing message only (+ @noble/hashes sha3)', file: entry('mysten-transfer.mjs'), run: true },
  { name: '@mysten/bcs: whole', file: entry('mysten-whole.mjs') },
];

// The thrown error's own line (`TypeError: …`), not the minified source line Node prints above it.
function firstLine(s) {
  const lines = String(s).trim().split('\n');
  return (lines.find((l) => /^\s*[A-Za-z]*Error\b.*:/.test(l)) ?? lines[0]).trim().slice(0, 160);
}

const srcInsteadOfDist = {
  name: 'src-instead-of-dist',
  setup(build) {
    build.onResolve({ filter: /dist\/.*\.js$/ }, (a) => ({ path: join(root, 'src', a.path.replace(/^.*dist\//, '').replace(/\.js$/, '.ts')) }));
  },
};

export async function measureSizes(log = () => {}) {
  const out = [];
  const dir = join(tmpdir(), `ledger-bcs-bench-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    for (const b of BUNDLES) {
      log(`size: ${b.name}`);
      let code;
      try {
        const r = await build({
          entryPoints: [b.file],
          bundle: true,
          minify: true,
          format: 'esm',
          platform: b.platform ?? 'browser',
          target: 'es2022',
          write: false,
          logLevel: 'silent',
          legalComments: 'none',
          ...(b.fromSrc ? { plugins: [srcInsteadOfDist] } : {}),
        });
        code = r.outputFiles[0].contents;
      } catch (e) {
        const msg = e.errors?.[0]?.text ?? firstLine(e.message);
        // A missing export of ledger-bcs means the layer has not landed yet, not a broken build.
        if (b.file.includes('ours-') && /No matching export|Could not resolve/.test(msg)) out.push({ name: b.name, pending: msg });
        else out.push({ name: b.name, error: msg });
        continue;
      }
      const row = { name: b.name, minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
      if (b.target) row.target = b.target;
      if (b.run) {
        const file = join(dir, `bundle-${out.length}.mjs`);
        writeFileSync(file, code);
        try {
          const stdout = execFileSync(process.execPath, [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
          row.run = stdout.trim() === TRANSFER_SIGNING_MESSAGE_HEX ? 'yes: prints V2 signing message' : `runs, WRONG output: ${stdout.trim().slice(0, 40)}…`;
          row.runOk = stdout.trim() === TRANSFER_SIGNING_MESSAGE_HEX;
        } catch (e) {
          row.run = `CRASHES: ${firstLine(e.stderr || e.message)}`;
          row.runOk = false;
        }
      }
      out.push(row);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
