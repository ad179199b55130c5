import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

// The README's offline recipe (the sh block after `<!-- offline-recipe -->`) and a bash to run it as
// written, for the tests that run it against the node stand-in and against `serve --follow`.

/** The sender key the recipe reads from sender.key (a test key, written by the tests). */
export const RECIPE_KEY = 'ed25519-priv-0xc5338cd251c22daa8c9c9cc94f498cc8a5c7e1d2e75287a5dda91096fe64efa5';

/** The sh block of README.md after `<!-- offline-recipe -->`. */
export function offlineRecipe(): string {
  const m = /<!-- offline-recipe -->\n```sh\n([\s\S]*?)\n```/.exec(readFileSync('README.md', 'utf8'));
  if (!m) throw new Error('README.md has no offline recipe block');
  return m[1]!;
}

/** Runs `script` under `bash -eo pipefail` in `cwd` with `ledger-bcs` the CLI at `cli` (run by this
 * node); killed after 60 s. Its exit code and both outputs. */
export function runRecipe(cli: string, script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const p = spawn('bash', ['-c', `set -eo pipefail\nledger-bcs() { "${process.execPath}" "${cli}" "$@"; }\n${script}`], { cwd, env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    p.stdout.on('data', (c: Buffer) => (out += c));
    p.stderr.on('data', (c: Buffer) => (err += c));
    const timer = setTimeout(() => p.kill('SIGKILL'), 60_000);
    p.on('close', (code) => {
      clearTimeout(timer);
      done({ code, out, err });
    });
  });
}
