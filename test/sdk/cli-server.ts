import { spawn, type ChildProcess } from 'node:child_process';
import { buildSync } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The CLI as a user starts it: src/cli/main.ts bundled once (esbuild, a second), run by node in a
// child process on a free loopback port; its URL read from the "listening on" line. `lmdb` (native)
// stays external, so the bundle is written under the project's .scratch/ (gitignored), where an
// import of it resolves to node_modules as the installed CLI's does.

export interface CliServer {
  url: string;
  stderr: () => string;
  stop(): Promise<number | null>;
}

let bundle: { dir: string; main: string } | undefined;

/** The bundled CLI's path (built on first use, removed by `removeCliBundle`). */
export function cliBundle(): string {
  if (bundle === undefined) {
    mkdirSync('.scratch', { recursive: true });
    const dir = mkdtempSync(resolve('.scratch', 'cli-'));
    const main = join(dir, 'main.mjs');
    buildSync({ entryPoints: ['src/cli/main.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: main, external: ['lmdb'], logLevel: 'error' });
    bundle = { dir, main };
  }
  return bundle.main;
}

export function removeCliBundle(): void {
  if (bundle !== undefined) rmSync(bundle.dir, { recursive: true, force: true });
  bundle = undefined;
}

/** `ledger-bcs <args> --port 0`, resolved once it listens. */
export function startCli(args: string[]): Promise<CliServer> {
  const child: ChildProcess = spawn(process.execPath, [cliBundle(), ...args, '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the CLI did not listen within 60 s:\n${err}`)), 60_000);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      err += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          stderr: () => err,
          stop: () =>
            new Promise((done) => {
              child.once('exit', (code) => done(code));
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the CLI exited (${code}) before listening:\n${err}`));
    });
  });
}
