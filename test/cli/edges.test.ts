// The command line's rough edges (issues 22, 28, 33): --flag=value everywhere, help that fits a
// terminal (80 columns, 24 lines) and lists every option, long lists once, JSON from a file or -,
// type names in any case with "did you mean", a signing message given to `decode RawTransaction`,
// stray arguments.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { runCli } from './helpers.js';
import rawFixtures from '../../fixtures/transactions/raw-transactions.json' with { type: 'json' };
import example from '../../fixtures/example-transaction.json' with { type: 'json' };

const run = runCli;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-edges-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A terminal: 80 columns, 24 lines. */
function expectFitsTerminal(text: string, what: string) {
  const lines = text.trimEnd().split('\n');
  expect(lines.length, `${what}: ${lines.length} lines`).toBeLessThanOrEqual(24);
  for (const line of lines) expect(line.length, `${what}: ${line}`).toBeLessThanOrEqual(80);
}

describe('help', () => {
  it('fits a terminal and lists every command, one line each', async () => {
    const h = await run(['--help']);
    expectFitsTerminal(h.out, '--help');
    for (const name of Object.keys(commands)) expect(h.out).toMatch(new RegExp(`\\n  ${name} +\\S`));
    expect(h.out).not.toContain('TransactionData, TransactionInfo'); // the TYPE list is in decode --help
  });

  it("each command's help fits a terminal and lists every option it takes", async () => {
    for (const [name, c] of Object.entries(commands)) {
      for (const argv of [[name, '--help'], [name, '-h'], [name, '--chain-id', '4', '--help']]) {
        const r = await run(argv);
        expect([r.code, r.err], argv.join(' ')).toEqual([0, '']);
        expect(r.out).toMatch(new RegExp(`^Usage: ledger-bcs ${name}\\b`));
        expectFitsTerminal(r.out, name);
        // An option heads its line, or follows another of its group on the line (two spaces apart).
        for (const flag of Object.keys(c.options)) expect(r.out, `${name} ${flag}`).toMatch(new RegExp(`(\\n|\\)) {2}${flag}\\b`));
      }
    }
    const decode = (await run(['decode', '--help'])).out;
    expect(decode.split('TransactionData, TransactionInfo').length - 1).toBe(1); // the TYPE list, once
  });

  it('serve --help lists the follow flags beside the others', async () => {
    const h = (await run(['serve', '--help'])).out;
    for (const flag of ['--follow URL', '--from-height N', '--from-oldest', '--concurrency N', '--ledger FILE', '--prune-window N', '--port N', '--host HOST', '--cors ORIGIN']) {
      expect(h).toContain(`  ${flag}`);
    }
  });
});

describe('types', () => {
  const v = rawFixtures.vectors[0]!;
  it('match in any case', async () => {
    const a = await run(['decode', 'rawtransaction', '0x' + v.bcs]);
    const b = await run(['decode', 'RAWTRANSACTION', '0x' + v.bcs]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.out).toBe(b.out);
  });
  it('a near miss names the closest types', async () => {
    expect((await run(['decode', 'RawTransacton', '00'])).err).toMatch(/did you mean RawTransaction\?/);
    expect((await run(['encode', 'typetg', '{}'])).err).toMatch(/did you mean TypeTag\?/);
    expect((await run(['decode', 'Zebra', '00'])).err).not.toMatch(/did you mean/);
  });
  it('decode RawTransaction of a signing message says to use decode-request', async () => {
    const r = await run(['decode', 'RawTransaction', example.signingMessage]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/signing message .*ledger-bcs decode-request/);
  });
});

describe('inputs', () => {
  it('encode and signing-message take inline JSON, a file, or -', async () => {
    const file = join(dir, 'txn.json');
    writeFileSync(file, JSON.stringify(example.rawTransaction));
    const inline = await run(['signing-message', JSON.stringify(example.rawTransaction)]);
    const fromFile = await run(['signing-message', file]);
    const fromStdin = await run(['signing-message', '-'], JSON.stringify(example.rawTransaction));
    expect([inline.out, fromFile.out, fromStdin.out]).toEqual(Array(3).fill(`${example.signingMessage}\n`));
    const tag = join(dir, 'tag.json');
    writeFileSync(tag, '{"$kind":"u8"}');
    expect((await run(['encode', 'TypeTag', tag])).out).toBe('0x01\n');
    expect((await run(['encode', 'TypeTag', join(dir, 'missing.json')])).err).toMatch(/no such file/);
  });
});

describe('--abi files', () => {
  it("take the node's module answer { bytecode, abi } as well as a bare ABI", async () => {
    const { CAFE_ABI, TRANSFER } = await import('../client/helpers.js');
    const request = join(dir, 'cafe.json');
    writeFileSync(request, JSON.stringify({ ...TRANSFER, payload: { type: 'entry_function_payload', function: '0xcafe::m::f', type_arguments: [], arguments: ['5'] } }));
    writeFileSync(join(dir, 'bare.json'), JSON.stringify(CAFE_ABI));
    writeFileSync(join(dir, 'answer.json'), JSON.stringify({ bytecode: '0xa11ceb0b', abi: CAFE_ABI }));
    const bare = await run(['encode-submission', '--chain-id', '4', '--abi', join(dir, 'bare.json'), request]);
    const answer = await run(['encode-submission', '--chain-id', '4', `--abi=${join(dir, 'answer.json')}`, request]);
    expect(bare.code).toBe(0);
    expect(answer.out).toBe(bare.out);
    writeFileSync(join(dir, 'no-abi.json'), JSON.stringify({ bytecode: '0xa11ceb0b' }));
    const none = await run(['encode-submission', '--chain-id', '4', '--abi', join(dir, 'no-abi.json'), request]);
    expect([none.code, none.err]).toEqual([1, expect.stringContaining('has no abi')]);
  });
});

describe('arguments', () => {
  it('--flag=value is accepted wherever --flag value is', async () => {
    const file = join(dir, 'req.json');
    writeFileSync(file, (await import('node:fs')).readFileSync('fixtures/example-requests.jsonl', 'utf8').split('\n')[0]!);
    const a = await run(['encode-submission', '--chain-id', '4', file]);
    const b = await run(['encode-submission', '--chain-id=4', file]);
    expect(a.code).toBe(0);
    expect(b.out).toBe(a.out);
    const d = await run(['decode-request', `--abi=${join(dir, 'missing.json')}`, '0x00']);
    expect(d.err).toMatch(/cannot read ABI file/);
  });
  it('an option that takes no value refuses one given as --flag=value (instead of reading it as an argument)', async () => {
    for (const argv of [['submit', '--url', 'http://127.0.0.1:9', '--wait=true', 'signed.json'], ['encode-submission', '--chain-id', '4', '--batch=false']]) {
      const r = await run(argv);
      expect([r.code, r.err], argv.join(' ')).toEqual([1, expect.stringMatching(/--(wait|batch) takes no value/)]);
    }
  });
  it('an unknown option is named as one, not read as the input', async () => {
    expect((await run(['decode-request', '--nope', '00'])).err).toMatch(/unknown option "--nope"/);
  });
  it('stray arguments are errors', async () => {
    for (const argv of [['example', 'extra'], ['type-tag', 'u8', 'u16'], ['decode', 'TypeTag', '01', 'x'], ['signing-message', '{}', 'x'], ['encode-submission', '--chain-id', '4', 'a.json', 'b.json'], ['decode-request', '00', '11'], ['serve', 'extra']]) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.err, argv.join(' ')).toMatch(/unexpected argument|unknown argument|usage/);
    }
  });
});
