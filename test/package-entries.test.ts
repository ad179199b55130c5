import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every subpath of package.json "exports", as a user installs it: the package is packed (npm pack,
// so "files" is honoured), unpacked into a scratch node_modules, then each entry is loaded with
// import and require, and a strict TypeScript consumer (test/consumer/) is type-checked against it
// with moduleResolution bundler and node16. `npm test` builds first.

type ExportsMap = Record<string, string | Record<string, unknown>>;
const { exports } = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: ExportsMap };
const subpaths = Object.keys(exports).filter((k) => k !== './package.json');
const specifier = (subpath: string) => `ledger-bcs${subpath.slice(1)}`;

let dir = '';
const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-consumer-'));
  const tarball = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], { encoding: 'utf8' }).trim().split('\n').pop()!;
  const pkg = join(dir, 'node_modules', 'ledger-bcs');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', pkg, '--strip-components=1']);
  // The runtime dependency, and Node's types (ledger-bcs/http/node's declarations use node:http), from this checkout.
  for (const dep of ['@noble/hashes', '@types/node']) {
    mkdirSync(join(dir, 'node_modules', dep, '..'), { recursive: true });
    symlinkSync(resolve('node_modules', dep), join(dir, 'node_modules', dep), 'dir');
  }
  cpSync('test/consumer', dir, { recursive: true });
  // One namespace import per entry point, from ESM and from CommonJS, generated from the exports map.
  const lines = subpaths.map((s, i) => `import * as entry${i} from '${specifier(s)}';`);
  const list = `export const entries: object[] = [${subpaths.map((_, i) => `entry${i}`).join(', ')}];\n`;
  writeFileSync(join(dir, 'entries.mts'), `${lines.join('\n')}\n${list}`);
  writeFileSync(join(dir, 'entries.cts'), `${lines.join('\n')}\n${list}`);
  writeFileSync(join(dir, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('every package entry point, packed', () => {
  it('the exports map lists the entries the issue asks for', () => {
    for (const s of ['.', './bcs', './move', './transactions', './records', './submission', './client', './hash', './http', './http/node']) {
      expect(subpaths).toContain(s);
    }
  });

  it('loads with import (ESM) and require (CommonJS), with the same names', () => {
    const script = (load: string) =>
      `const out = {}; for (const s of ${JSON.stringify(subpaths.map(specifier))}) out[s] = Object.keys(${load}).sort(); process.stdout.write(JSON.stringify(out));`;
    const esm = JSON.parse(node(['--input-type=module', '-e', script('await import(s)')])) as Record<string, string[]>;
    const cjs = JSON.parse(node(['--input-type=commonjs', '-e', script('require(s)')])) as Record<string, string[]>;
    for (const s of subpaths) {
      expect(esm[specifier(s)]?.length, s).toBeGreaterThan(0);
      expect(cjs[specifier(s)], s).toEqual(esm[specifier(s)]);
    }
  });

  it('guards recognise errors thrown by another entry point (two bundled copies)', () => {
    const out = node([
      '--input-type=module',
      '-e',
      "import { isBcsError, isUsageError } from 'ledger-bcs'; import { fromHex } from 'ledger-bcs/bcs'; import { parseLedgerInfo } from 'ledger-bcs/records';" +
        "const c = (f) => { try { f(); } catch (e) { return e; } };" +
        "process.stdout.write(String(isBcsError(c(() => fromHex('0xz')))) + ' ' + String(isUsageError(c(() => parseLedgerInfo({})))));",
    ]);
    expect(out).toBe('true true');
  });

  for (const config of ['tsconfig.bundler.json', 'tsconfig.node16.json']) {
    it(`type-checks a strict consumer (${config})`, () => {
      const tsc = resolve('node_modules/typescript/bin/tsc');
      let output = '';
      try {
        node([tsc, '-p', config]);
      } catch (e) {
        output = String((e as { stdout?: string }).stdout ?? e);
      }
      expect(output).toBe('');
    }, 120_000);
  }
});
