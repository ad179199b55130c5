// `npm start`: build only when dist/ is older than the sources (build output on stderr, so stdout
// carries only the answers), then run `ledger-bcs examples`: the bundled example requests encoded
// as encode_submission would, one labelled line each.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...p) => join(root, ...p);

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
}

const outputs = ['dist/cli/main.js', 'dist/index.js'].map((f) => at(f));
const built = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : -1;
const sources = Math.max(newest(at('src')), ...['package.json', 'tsup.config.ts', 'tsconfig.json'].map((f) => statSync(at(f)).mtimeMs));
if (built < sources) {
  process.stderr.write('dist/ is older than src/: building\n');
  const r = spawnSync(process.execPath, [at('node_modules', 'tsup', 'dist', 'cli-default.js')], { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const run = spawnSync(process.execPath, [at('dist', 'cli', 'main.js'), 'examples'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
