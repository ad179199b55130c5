// `ledger-bcs sign` and `ledger-bcs submit`, in process, against the loopback node stand-in.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';
import { signSubmission } from '../../src/signing/index.js';
import { TRANSFER } from '../client/helpers.js';
import { startStandIn, type StandIn } from '../client/node-stand-in.js';

const KEY = 'ed25519-priv-0xc5338cd251c22daa8c9c9cc94f498cc8a5c7e1d2e75287a5dda91096fe64efa5';
const SECRET = KEY.slice(-64);

const run = runCli;

let dir: string;
let node: StandIn | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-sign-'));
  writeFileSync(join(dir, 'request.json'), JSON.stringify(TRANSFER));
  writeFileSync(join(dir, 'sender.key'), `${KEY}\n`, { mode: 0o600 });
  chmodSync(join(dir, 'sender.key'), 0o600);
  writeFileSync(join(dir, 'open.key'), `${KEY}\n`);
  chmodSync(join(dir, 'open.key'), 0o644);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await node?.close();
  node = undefined;
});

describe('ledger-bcs sign', () => {
  it('prints the signed transaction and hash (as signSubmission makes them), from a file, stdin, --flag=value', async () => {
    const expected = await signSubmission(TRANSFER, KEY, { chainId: 4 });
    const want = { signed_transaction: expected.hex, hash: expected.hash };
    const fromFile = await run(['sign', '--key', join(dir, 'sender.key'), '--chain-id', '4', join(dir, 'request.json')]);
    expect([fromFile.code, JSON.parse(fromFile.out)]).toEqual([0, want]);
    const fromStdin = await run(['sign', `--key=${join(dir, 'sender.key')}`, '--chain-id=4', '-'], JSON.stringify(TRANSFER));
    expect(JSON.parse(fromStdin.out)).toEqual(want);
    for (const r of [fromFile, fromStdin]) expect(r.out + r.err).not.toContain(SECRET);
  });

  it('--key-env reads the key from the environment', async () => {
    process.env.LEDGER_BCS_TEST_KEY = KEY;
    try {
      const r = await run(['sign', '--key-env', 'LEDGER_BCS_TEST_KEY', '--chain-id', '4', join(dir, 'request.json')]);
      expect(r.code).toBe(0);
      expect(r.out).not.toContain(SECRET);
    } finally {
      delete process.env.LEDGER_BCS_TEST_KEY;
    }
    const missing = await run(['sign', '--key-env', 'LEDGER_BCS_TEST_KEY', '--chain-id', '4', join(dir, 'request.json')]);
    expect([missing.code, missing.err]).toEqual([1, expect.stringContaining('LEDGER_BCS_TEST_KEY is not set')]);
  });

  it('a key given where a file or variable name belongs is refused without being repeated', async () => {
    for (const argv of [
      ['sign', '--key', KEY, '--chain-id', '4', join(dir, 'request.json')],
      ['sign', `--key=${SECRET}`, '--chain-id', '4', join(dir, 'request.json')],
      ['sign', '--key-env', KEY, '--chain-id', '4', join(dir, 'request.json')],
      ['sign', '--key', join(dir, 'sender.key'), '--secondary-key', `0x${SECRET}`, '--chain-id', '4', join(dir, 'request.json')],
    ]) {
      const r = await run(argv);
      expect(r.code, argv[1]).toBe(1);
      expect(r.out + r.err, argv[1]).not.toContain(SECRET.slice(8, 40));
      expect(r.err, argv[1]).toMatch(/not the key itself/);
    }
  });

  it.skipIf(process.platform === 'win32')('refuses a key file others can read, saying how to fix it', async () => {
    const r = await run(['sign', '--key', join(dir, 'open.key'), '--chain-id', '4', join(dir, 'request.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/can be read by others \(mode 644\); run: chmod 600/);
    expect(r.out + r.err).not.toContain(SECRET);
  });

  it('a bad key, a refused request, usage errors: exit 1, the key never shown', async () => {
    writeFileSync(join(dir, 'bad.key'), `ed25519-priv-0x${SECRET.slice(0, 60)}\n`, { mode: 0o600 });
    const bad = await run(['sign', '--key', join(dir, 'bad.key'), '--chain-id', '4', join(dir, 'request.json')]);
    expect([bad.code, bad.err]).toEqual([1, expect.stringContaining('invalid_key')]);
    expect(bad.err).not.toContain(SECRET.slice(0, 60));
    const refused = await run(['sign', '--key', join(dir, 'sender.key'), '--chain-id', '4', '-'], JSON.stringify({ ...TRANSFER, sequence_number: 'x' }));
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.err)).toMatchObject({ error_code: 'web_framework_error' });
    expect((await run(['sign', '--chain-id', '4', 'r.json'])).err).toMatch(/exactly one of --key FILE or --key-env NAME/);
    expect((await run(['sign', '--key', 'k', 'r.json'])).err).toMatch(/--chain-id N is required/);
    expect((await run(['sign', '--key', 'k', '--chain-id', '4', 'a.json', 'b.json'])).err).toMatch(/unexpected argument "b.json"/);
    expect((await run(['sign', '--key', 'k', '--chain-id', '4', '--nope'])).err).toMatch(/unknown option "--nope"/);
  });
});

describe('ledger-bcs submit', () => {
  it("submits sign's output and waits for the committed transaction", async () => {
    node = await startStandIn();
    const signed = await run(['sign', '--key', join(dir, 'sender.key'), '--chain-id', '4', join(dir, 'request.json')]);
    writeFileSync(join(dir, 'signed.json'), signed.out);
    const hash = JSON.parse(signed.out).hash as string;
    const pending = await run(['submit', '--url', node.url, join(dir, 'signed.json')]);
    expect(pending.code).toBe(0);
    expect(JSON.parse(pending.out)).toMatchObject({ hash });
    expect(JSON.parse(pending.out).type).toBeUndefined();
    const waited = await run(['submit', `--url=${node.url}`, '--wait', '-'], signed.out);
    expect(waited.code).toBe(0);
    expect(JSON.parse(waited.out)).toMatchObject({ type: 'user_transaction', hash, success: true });
    // Hex given inline is accepted too.
    const inline = await run(['submit', '--url', node.url, JSON.parse(signed.out).signed_transaction]);
    expect(inline.code).toBe(0);
  });

  it("a refusal prints the node's error body on stderr and exits 1; a failed transaction exits 1 with its vm_status", async () => {
    node = await startStandIn({ minSequenceNumber: 100n });
    const signed = (await run(['sign', '--key', join(dir, 'sender.key'), '--chain-id', '4', join(dir, 'request.json')])).out;
    const r = await run(['submit', '--url', node.url, '-'], signed);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.err)).toEqual({ message: 'Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD', error_code: 'vm_error', vm_error_code: 3 });
    await node.close();
    node = await startStandIn({ outcome: () => 'Out of gas' });
    const failed = await run(['submit', '--url', node.url, '--wait', '-'], signed);
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/failed: .*Out of gas/);
  });

  it('checks the bytes before sending, and the hash the node answers against the one they have', async () => {
    node = await startStandIn({ pendingHash: `0x${'ab'.repeat(32)}` });
    const signed = (await run(['sign', '--key', join(dir, 'sender.key'), '--chain-id', '4', join(dir, 'request.json')])).out;
    const r = await run(['submit', '--url', node.url, '--wait', '-'], signed);
    expect([r.code, r.out]).toEqual([1, '']);
    expect(r.err).toContain(`the node answered hash 0x${'ab'.repeat(32)} for the transaction whose hash is ${JSON.parse(signed).hash}`);
    const garbage = await run(['submit', '--url', node.url, '0x0102']);
    // Bytes that are no SignedTransaction: the decoder's one JSON error body, with its offset.
    expect(garbage.code).toBe(1);
    expect(JSON.parse(garbage.err)).toMatchObject({ error: { code: 'unexpected_end', offset: expect.any(Number) } });
    expect(node.seen.filter((s) => s.startsWith('POST'))).toHaveLength(1);
  });

  it('usage errors', async () => {
    expect((await run(['submit', '0x00'])).err).toMatch(/--url URL is required/);
    expect((await run(['submit', '--url', 'http://127.0.0.1:1', '-'], '{"nope":1}')).err).toMatch(/signed_transaction/);
  });
});
