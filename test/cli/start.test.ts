// `npm start`: the bundled example requests, one labelled answer per line on stdout; the build only
// when dist/ is older than the sources, its output on stderr; and the help naming what it runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { runCommand, type Io } from '../../src/cli/run.js';
import { encodeSubmission } from '../../src/submission/index.js';

const requests = readFileSync('fixtures/example-requests.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown);

function newest(path: string): number {
  const s = statSync(path);
  return s.isDirectory() ? Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f)))) : s.mtimeMs;
}
const distCurrent =
  existsSync('dist/cli/main.js') &&
  Math.min(statSync('dist/cli/main.js').mtimeMs, statSync('dist/index.js').mtimeMs) >= Math.max(newest('src'), ...['package.json', 'tsup.config.ts', 'tsconfig.json'].map((f) => statSync(f).mtimeMs));

describe('npm start', () => {
  it('examples: each request labelled, then its signing message, in order', async () => {
    let out = '';
    const io: Io = { out: (t) => void (out += `${t}\n`), err: () => {}, readStdin: async () => '' };
    expect(await runCommand(commands, ['examples'], io)).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(requests.length);
    lines.forEach((line, i) => expect(line.endsWith(` → ${encodeSubmission(requests[i], { chainId: 4 }).hex}`), line).toBe(true));
    expect(lines[0]).toMatch(/^aptos_account::transfer\(0xb0, 1000\) → 0x/);
    expect(lines.at(-1)).toMatch(/multi-agent with 0xc1, 0xc2 → 0x5efa3c4f/);
  });

  it('the package script runs scripts/start.mjs, which runs the command the help says npm start runs', async () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
    expect(readFileSync('scripts/start.mjs', 'utf8')).toContain("'examples'");
    let help = '';
    await runCommand(commands, ['--help'], { out: (t) => void (help += t), err: () => {}, readStdin: async () => '' });
    expect(help).toMatch(/ledger-bcs examples\n\s+encode the bundled example requests[^]*what `npm start` runs/);
  });

  it.skipIf(!distCurrent)('with dist/ current: no build, stdout only the labelled answers (skipped when src/ is newer than dist/)', () => {
    const r = spawnSync(process.execPath, ['scripts/start.mjs'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(requests.length);
    for (const line of r.stdout.trimEnd().split('\n')) expect(line).toMatch(/^\S.* → 0x[0-9a-f]+$/);
  });
});
