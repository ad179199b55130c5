// `npm start`: the bundled example requests, one labelled answer per line on stdout; the build only
// when an input changed since dist/ was built (scripts/build.mjs), its one line on stderr; and the
// help naming what it runs.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { runCommand, type Io } from '../../src/cli/run.js';
import { encodeSubmission } from '../../src/submission/index.js';

const requests = readFileSync('fixtures/example-requests.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown);

// The build's own check: dist/ built from the sources as they are now (`npm test` builds first).
const distCurrent = spawnSync(process.execPath, ['scripts/build.mjs', '--check']).status === 0;

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
    expect(help).toMatch(/\n {2}examples +encode the bundled example requests \(what `npm start` runs\)\n/);
  });

  it.skipIf(!distCurrent)('with dist/ current: no build, stdout only the labelled answers (skipped when src/ changed since the last build)', () => {
    const r = spawnSync(process.execPath, ['scripts/start.mjs'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(requests.length);
    for (const line of r.stdout.trimEnd().split('\n')) expect(line).toMatch(/^\S.* → 0x[0-9a-f]+$/);
  });
});

describe('the build check (scripts/build.mjs)', () => {
  it('hashes every input, so an edit anywhere in src/ or the build config changes the stamp it compares', async () => {
    const { INPUTS, inputsHash } = (await import('../../scripts/build.mjs' as string)) as { INPUTS: string[]; inputsHash(): string };
    expect(INPUTS).toEqual(expect.arrayContaining(['src', 'package.json', 'tsup.config.ts', 'tsconfig.json', 'tsconfig.build.json']));
    expect(inputsHash()).toBe(inputsHash());
    expect(inputsHash()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('every script that needs dist/ builds through it, and only `build` forces a build', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    for (const name of ['test', 'demo', 'serve:example', 'bench', 'fuzz']) expect(scripts[name], name).toMatch(/^node scripts\/build\.mjs && /);
    expect(scripts.build).toBe('node scripts/build.mjs --force');
    expect(readFileSync('scripts/start.mjs', 'utf8')).toContain('buildIfChanged');
    for (const [name, s] of Object.entries(scripts)) if (name !== 'prepack') expect(s, name).not.toMatch(/npm run build|\btsup\b/);
  });
});
