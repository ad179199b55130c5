import { spawn } from 'node:child_process';
import { buildSync } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { runCommand, type Io } from '../../src/cli/run.js';
import { runCommands } from '../cli/run-commands.js';
import vectors from '../../fixtures/submission/requests.json' with { type: 'json' };

const run = (argv: string[], stdin = '') => runCommands(commands, argv, stdin);

const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-cli-'));
const file = (name: string, content: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};
const v2 = vectors.vectors[0];
const v4 = vectors.vectors.find((v) => v.name.startsWith('V4'))!;

describe('ledger-bcs encode-submission', () => {
  it('prints the endpoint\'s 200 body for a request file', async () => {
    const r = await run(['encode-submission', '--chain-id', '4', file('v2.json', v2.request)]);
    expect(r).toEqual({ code: 0, out: `"${v2.signing_message}"\n`, err: '' });
  });
  it('reads stdin with - or no file, and takes --abi files (one module or an array)', async () => {
    const one = file('mixed.json', vectors.abis[0]);
    const many = file('many.json', vectors.abis);
    for (const abi of [one, many]) {
      const r = await run(['encode-submission', '--abi', abi, '--chain-id', '4', '-'], JSON.stringify(v4.request));
      expect(JSON.parse(r.out)).toBe(v4.signing_message);
    }
    expect(JSON.parse((await run(['encode-submission', '--chain-id', '4'], JSON.stringify(v2.request))).out)).toBe(v2.signing_message);
  });
  it('an invalid request prints the error body on stderr and exits 1', async () => {
    const r = await run(['encode-submission', '--chain-id', '4'], JSON.stringify({ ...v2.request, sequence_number: 'x' }));
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    const body = JSON.parse(r.err);
    expect(body.error_code).toBe('web_framework_error');
    expect(body.vm_error_code).toBeNull();
    expect(body.message).toContain('Parsing u64 string "x" failed');
  });
  it('malformed JSON is the node\'s web_framework_error with serde_json\'s message', async () => {
    const r = await run(['encode-submission', '--chain-id', '4'], '{"sender": ');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.err)).toEqual({ message: 'parse request payload error: EOF while parsing a value at line 1 column 11', error_code: 'web_framework_error', vm_error_code: null });
  });
  it('--batch answers every JSON line in order; a bad line never stops it', async () => {
    const lines = [JSON.stringify(v2.request), 'not json', JSON.stringify({ ...v2.request, payload: 5 }), JSON.stringify(v2.request)];
    const r = await run(['encode-submission', '--chain-id', '4', '--batch'], lines.join('\r\n') + '\n');
    expect(r.code).toBe(1);
    expect(r.err).toBe('2 of 4 requests failed (their error bodies are on stdout, in order)\n');
    expect((await run(['encode-submission', '--chain-id=4', '--batch'], `${lines[0]}\n${lines[3]}\n`)).code).toBe(0);
    const out = r.out.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(4);
    expect(out[0]).toBe(v2.signing_message);
    expect(out[1]).toEqual({ message: 'parse request payload error: expected ident at line 1 column 2', error_code: 'web_framework_error', vm_error_code: null });
    expect(out[2].message).toContain('Expected input type "TransactionPayload", found 5.');
    expect(out[3]).toBe(v2.signing_message);
  });
  it('--batch writes bytes where the output takes them; a line failing mid-message leaves no trace in the next', async () => {
    // The batch reuses one writer for every message: a request that fails after the sender was
    // written (a bad argument), then the general path (multi-agent, orderless), then the fast path.
    const v11 = vectors.vectors.find((v) => v.name.startsWith('V11 '))!;
    const v8 = vectors.vectors.find((v) => v.name.startsWith('V8 '))!;
    const bad = { ...v2.request, payload: { ...v2.request.payload, arguments: ['0xzz', '1000'] } };
    const lines = [bad, v11.request, v8.request, v2.request, bad, v2.request].map((r) => JSON.stringify(r));
    const chunks: Uint8Array[] = [];
    let text = '';
    const io: Io = {
      out: (t) => void (text += t + '\n'),
      outBytes: (b) => void chunks.push(b),
      err: (t) => void (err += t + '\n'),
      readStdin: async () => lines.join('\n'),
    };
    let err = '';
    // Answers stay on stdout in order; a failed line makes the exit 1, with one summary line on stderr.
    expect(await runCommand(commands, ['encode-submission', '--chain-id', '4', '--batch'], io)).toBe(1);
    expect(err).toBe('2 of 6 requests failed (their error bodies are on stdout, in order)\n');
    expect(text).toBe('');
    const out = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(out[0].message).toContain('Invalid account address');
    expect(out.slice(1, 4)).toEqual([v11.signing_message, v8.signing_message, v2.signing_message]);
    expect(out[4]).toEqual(out[0]);
    expect(out[5]).toBe(v2.signing_message);
  });
  it('reads request bytes as the node does: invalid UTF-8 is the node\'s error, in a file, on stdin and on a batch line', async () => {
    const text = JSON.stringify(v2.request);
    const at = text.indexOf('aptos_account');
    // 0xff inside the function name: serde_json's from_slice reports it where that string ends (the
    // closing quote, one byte later for the inserted byte; columns are 1-based).
    const bad = Uint8Array.from([...Buffer.from(text.slice(0, at)), 0xff, ...Buffer.from(text.slice(at))]);
    const column = text.indexOf('"', at) + 2;
    const expected = { message: `parse request payload error: invalid unicode code point at line 1 column ${column}`, error_code: 'web_framework_error', vm_error_code: null };
    const p = join(dir, 'bad-utf8.json');
    writeFileSync(p, bad);
    const single = await run(['encode-submission', '--chain-id', '4', p]);
    expect(single.code).toBe(1);
    expect(JSON.parse(single.err)).toEqual(expected);

    let out = '';
    const chunks: Uint8Array[] = [];
    const good = Buffer.from(text);
    const nl = Uint8Array.of(0x0a);
    // The bad line between good ones, split across chunks at awkward places.
    const input = Buffer.concat([good, nl, bad, nl, good, Uint8Array.of(0x0d, 0x0a), good]);
    const io: Io = {
      out: (t) => void (out += t + '\n'),
      outBytes: (b) => void chunks.push(b),
      err: () => {},
      readStdin: async () => { throw new Error('bytes expected'); },
      readStdinBytes: async () => bad,
      stdinChunks: async function* () {
        for (const cut of [[0, 10], [10, text.length + 5], [text.length + 5, input.length]]) yield input.subarray(cut[0], cut[1]);
      },
    };
    expect(await runCommand(commands, ['encode-submission', '--chain-id', '4', '--batch'], io)).toBe(1);
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([v2.signing_message, expected, v2.signing_message, v2.signing_message]);
    let err = '';
    const stdin: Io = { ...io, err: (t) => void (err += t) };
    expect(await runCommand(commands, ['encode-submission', '--chain-id', '4', '-'], stdin)).toBe(1);
    expect(JSON.parse(err)).toEqual(expected);
  });
  it('usage errors exit 1 with a message', async () => {
    expect((await run(['encode-submission'], '{}')).code).toBe(1);
    expect((await run(['encode-submission', '--chain-id', '256'], '{}')).err).toContain('--chain-id must be an integer from 0 to 255');
    expect((await run(['encode-submission', '--chain-id', '4', '--abi'], '{}')).err).toContain('--abi needs a value');
    expect((await run(['encode-submission', '--chain-id', '4', '--abi', join(dir, 'nope.json')], '{}')).err).toContain('cannot read ABI file');
    expect((await run(['encode-submission', '--chain-id', '4', join(dir, 'nope.json')])).err).toContain('cannot read');
    const bad = await run(['encode-submission', '--chain-id', '4', '--abi', file('bad.json', [{ address: '0x1', name: 'm', friends: [], exposed_functions: [{ name: 'f' }], structs: [] }])], '{}');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('exposed_functions[0]');
  });
});

describe('ledger-bcs (built CLI, real pipes)', () => {
  it('a reader that closes the pipe early (| head) ends the batch quietly: no EPIPE stack trace', async () => {
    const main = join(dir, 'main.mjs');
    buildSync({ entryPoints: ['src/cli/main.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: main, logLevel: 'error' });
    const child = spawn(process.execPath, [main, 'encode-submission', '--chain-id', '4', '--batch'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => void (err += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The first answer arrives, then the reader goes away while more are being written.
    child.stdout.once('data', () => child.stdout.destroy());
    const line = JSON.stringify(v2.request) + '\n';
    child.stdin.on('error', () => {});
    child.stdin.end(line.repeat(50_000));
    expect(await exited).toBe(0);
    expect(err).toBe('');
  });
});
