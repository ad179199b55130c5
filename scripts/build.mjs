// The package build, and the check that skips it when nothing it reads has changed. Every script
// that needs dist/ (start, test, demo, serve:example, bench, fuzz) runs `node scripts/build.mjs`
// first; `npm run build` forces it.
//
//   node scripts/build.mjs           build only if an input changed since the last build
//   node scripts/build.mjs --force   build anyway
//   node scripts/build.mjs --check   build nothing: exit 0 if dist/ is current, 1 if not
//
// Three steps (STEPS), run side by side: tsup bundles the JavaScript (tsup.config.ts), tsc writes
// the declarations once for the whole package (tsconfig.build.json), each then copied as .d.cts for
// require, and esbuild writes the offline signing page (scripts/build-page.mjs). Their output is shown only when a step fails. The inputs' content hash is kept in
// dist/.build-stamp (left out of the package by "files"): the same sources give the same dist/.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...p) => join(root, ...p);

/**
 * The build's steps, run side by side, each a Node script with its arguments. A new output is one
 * more entry in tsup.config.ts's list (an `onSuccess` there can write files made from its bundle),
 * or one more step here; what it reads goes in INPUTS, and a file it must write in OUTPUTS.
 */
const STEPS = [
  { label: 'tsup (JavaScript bundles)', script: ['node_modules', 'tsup', 'dist', 'cli-default.js'], args: [] },
  { label: 'tsc (declarations)', script: ['node_modules', 'typescript', 'bin', 'tsc'], args: ['-p', 'tsconfig.build.json'] },
  { label: 'esbuild (the offline signing page)', script: ['scripts', 'build-page.mjs'], args: [] },
];
/** What the build reads: a change to any of these (files, or every file under a folder) rebuilds. */
export const INPUTS = ['src', 'package.json', 'tsup.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs', 'scripts/build-page.mjs'];
/** Files every build writes: a stamp without them (dist/ half deleted) is not current. */
const OUTPUTS = ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts', 'dist/cli/main.js', 'dist/signing.html'];
const STAMP = at('dist', '.build-stamp');

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((d) => files(join(path, d.name)));
}

/** The content hash of every input (paths and bytes): ~0.1 s for the whole source tree. */
export function inputsHash() {
  const h = createHash('sha256');
  for (const f of INPUTS.flatMap((p) => files(at(p)))) {
    h.update(`${relative(root, f)}\0`);
    h.update(readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex');
}

export function isCurrent(hash = inputsHash()) {
  return OUTPUTS.every((f) => existsSync(at(f))) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash;
}

/** Runs a Node script, its output kept (not shown) unless it fails. */
function step(label, script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [at(...script), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code, signal) => resolve({ label, ok: code === 0, output: Buffer.concat(out).toString('utf8'), code: code ?? signal }));
  });
}

// A relative module specifier in a declaration (`from './x.js'`, `import('./x.js')`), so that the
// .d.cts copy names the .d.cts files beside it: a CommonJS consumer's types then stay CommonJS.
const RELATIVE_JS = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)\.js(['"])/g;

function copyDeclarationsForRequire() {
  for (const f of files(at('dist'))) {
    if (f.endsWith('.d.ts')) writeFileSync(f.replace(/\.d\.ts$/, '.d.cts'), readFileSync(f, 'utf8').replace(RELATIVE_JS, '$1$2.cjs$3'));
  }
}

/** Builds dist/ from scratch; on failure prints the failing step's output and returns its exit code. */
export async function build() {
  rmSync(at('dist'), { recursive: true, force: true });
  const hash = inputsHash();
  const steps = await Promise.all(STEPS.map((s) => step(s.label, s.script, s.args)));
  const failed = steps.filter((s) => !s.ok);
  for (const s of failed) process.stderr.write(`build: ${s.label} failed (exit ${s.code}):\n${s.output}\n`);
  if (failed.length > 0) return 1;
  copyDeclarationsForRequire();
  writeFileSync(STAMP, `${hash}\n`);
  return 0;
}

/** Builds when an input changed since the last build (one line on stderr says so); 0 when current. */
export async function buildIfChanged() {
  const hash = inputsHash();
  if (isCurrent(hash)) return 0;
  process.stderr.write('build: dist/ is missing or older than its sources: building (about 20 s)\n');
  return build();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = process.argv[2];
  if (arg === '--check') process.exit(isCurrent() ? 0 : 1);
  if (arg !== undefined && arg !== '--force') {
    process.stderr.write(`build: unknown option ${JSON.stringify(arg)} (options: --force, --check)\n`);
    process.exit(1);
  }
  process.exitCode = await (arg === '--force' ? build() : buildIfChanged());
}
