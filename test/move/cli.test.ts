import { spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { runCommand, type Io } from '../../src/cli/run.js';

function fakeIo(): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => void stdout.push(t), err: (t) => void stderr.push(t), readStdin: async () => '' };
}

describe('ledger-bcs type-tag (in process)', () => {
  it('prints the canonical string and BCS as JSON', async () => {
    const io = fakeIo();
    expect(await runCommand(commands, ['type-tag', ' 0x01::coin::CoinStore< 0x1::aptos_coin::AptosCoin ,>'], io)).toBe(0);
    expect(io.stderr).toEqual([]);
    expect(io.stdout).toEqual([
      '{"canonical": "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>", "bcs": "0x07000000000000000000000000000000000000000000000000000000000000000104636f696e09436f696e53746f7265010700000000000000000000000000000000000000000000000000000000000000010a6170746f735f636f696e094170746f73436f696e00"}',
    ]);
    expect(JSON.parse(io.stdout[0])).toEqual({ canonical: '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>', bcs: expect.stringMatching(/^0x07/) });
  });

  it('uses the node index for signed integers', async () => {
    const io = fakeIo();
    expect(await runCommand(commands, ['type-tag', 'vector<i64>'], io)).toBe(0);
    expect(JSON.parse(io.stdout[0])).toEqual({ canonical: 'vector<i64>', bcs: '0x060f' });
  });

  it('an invalid tag exits 1 with the error on stderr', async () => {
    const io = fakeIo();
    expect(await runCommand(commands, ['type-tag', 'vector<u9>'], io)).toBe(1);
    expect(io.stdout).toEqual([]);
    // One JSON error body, the offset a field of it.
    expect(io.stderr.map((l) => JSON.parse(l))).toEqual([{ error: expect.objectContaining({ code: 'invalid_type_tag', offset: 7 }) }]);
  });

  it('9 nested structs (parser depth 8) encode, as the node serializes one level more than it decodes', async () => {
    const io = fakeIo();
    const nine = '0x1::a::A<'.repeat(8) + '0x1::a::A' + '>'.repeat(8);
    expect(await runCommand(commands, ['type-tag', nine], io)).toBe(0);
    const head = '07' + '00'.repeat(31) + '01' + '0161' + '0141' + '01';
    expect(JSON.parse(io.stdout.join(''))).toEqual({ canonical: nine, bcs: '0x' + head.repeat(8) + head.slice(0, -2) + '00' });
  });

  it('wrong argument count exits 1 with usage', async () => {
    for (const args of [[], ['u8', 'u8']]) {
      const io = fakeIo();
      expect(await runCommand(commands, ['type-tag', ...args], io)).toBe(1);
      expect(io.stderr.join('\n')).toContain('usage: ledger-bcs type-tag STRING');
    }
  });
});

describe('ledger-bcs type-tag (spawned)', () => {
  // Bundled with esbuild into a temporary directory, so the test neither needs nor touches dist/.
  let dir = '';
  let main = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-cli-'));
    main = join(dir, 'main.mjs');
    buildSync({ entryPoints: ['src/cli/main.ts'], bundle: true, platform: 'node', format: 'esm', outfile: main, logLevel: 'error' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stdout JSON on success, exit 1 and stderr on failure', () => {
    const ok = spawnSync(process.execPath, [main, 'type-tag', 'vector<u8>'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe('{"canonical": "vector<u8>", "bcs": "0x0601"}\n');
    const bad = spawnSync(process.execPath, [main, 'type-tag', 'vector<'], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('invalid_type_tag');
  });
});
