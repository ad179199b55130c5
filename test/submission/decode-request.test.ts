import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { runCommand, type Io } from '../../src/cli/run.js';
import { encodeSubmission, requestFromBytes, type MoveModuleJson } from '../../src/submission/index.js';
import { feePayerSigningMessage, rawTransaction } from '../../src/transactions/index.js';
import { fromHex, isBcsError } from '../../src/bcs/index.js';
import vectors from '../../fixtures/submission/requests.json' with { type: 'json' };

const abis = vectors.abis as MoveModuleJson[];

describe('requestFromBytes: a message back to its request', () => {
  for (const v of vectors.vectors) {
    it(`${v.name}: the request read back encodes to the same message`, () => {
      const { request, chainId } = requestFromBytes(fromHex(v.signing_message), { abis });
      expect(chainId).toBe(4);
      expect(encodeSubmission(request, { chainId, abis }).hex).toBe(v.signing_message);
    });
  }
  it('V2 reads back as the request that made it (addresses in the node\'s AIP-40 form)', () => {
    const v2 = vectors.vectors[0];
    const { request } = requestFromBytes(fromHex(v2.signing_message));
    expect(request).toEqual({ ...v2.request, payload: { ...v2.request.payload, arguments: [`0x${'0'.repeat(62)}b0`, '1000'] } });
  });
  it('a bare bcs(RawTransaction) reads too', () => {
    const raw = fromHex(vectors.vectors[0].signing_message).subarray(32);
    expect(requestFromBytes(raw).request.payload).toEqual(requestFromBytes(fromHex(vectors.vectors[0].signing_message)).request.payload);
  });
  it('what has no request form, or no ABI, fails with a typed error', () => {
    const raw = rawTransaction.decode(fromHex(vectors.vectors[0].signing_message).subarray(32));
    const fee = feePayerSigningMessage(raw, [], '0x2');
    expect(() => requestFromBytes(fee)).toThrow(/fee-payer/);
    const mixed = fromHex(vectors.vectors.find((v) => v.name.startsWith('V4'))!.signing_message);
    try {
      requestFromBytes(mixed);
      expect.unreachable();
    } catch (e) {
      expect(isBcsError(e) && e.code).toBe('not_supported');
    }
  });
  it('argument bytes that do not match the ABI fail with their path', () => {
    // V2 with the amount argument one byte short of a u64 (length 7) and the message adjusted.
    const m = vectors.vectors[0].signing_message.replace('08e803000000000000', '07e8030000000000');
    try {
      requestFromBytes(fromHex(m));
      expect.unreachable();
    } catch (e) {
      expect(isBcsError(e) && [e.code, e.path]).toEqual(['unexpected_end', 'args[1]']);
    }
  });
});

describe('ledger-bcs decode-request', () => {
  async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const io: Io = { out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n'), readStdin: async () => stdin };
    return { code: await runCommand(commands, argv, io), out, err };
  }
  it('prints the request JSON of a signing message', async () => {
    const r = await run(['decode-request', vectors.vectors[1].signing_message]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).payload.type_arguments).toEqual(['0x1::aptos_coin::AptosCoin']);
  });
  it('bad hex exits 1 with the error', async () => {
    const r = await run(['decode-request', '-'], '0xzz\n');
    expect(r.code).toBe(1);
    expect(r.err).toContain('invalid_hex');
  });
  it('--abi FILE... supplies the modules beyond the framework (the mixed-argument vector V4)', async () => {
    const v4 = vectors.vectors.find((v) => v.name.startsWith('V4'))!;
    const without = await run(['decode-request', v4.signing_message]);
    expect(without.code).toBe(1);
    expect(JSON.parse(without.err).error).toMatchObject({ code: 'not_supported', message: expect.stringMatching(/^no ABI declares the entry function/) });
    const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-decode-request-'));
    try {
      // Two --abi flags: the V4 module alone in one file, another module in an array in the other.
      const other = { address: '0xbeef', name: 'n', friends: [], structs: [], exposed_functions: [] };
      const files = [abis[0], [other]].map((m, i) => {
        const f = join(dir, `abi-${i}.json`);
        writeFileSync(f, JSON.stringify(m));
        return f;
      });
      const r = await run(['decode-request', ...files.flatMap((f) => ['--abi', f]), v4.signing_message]);
      expect([r.code, r.err]).toEqual([0, '']);
      expect(JSON.parse(r.out)).toEqual(requestFromBytes(fromHex(v4.signing_message), { abis }).request);
      expect(encodeSubmission(JSON.parse(r.out), { chainId: 4, abis }).hex).toBe(v4.signing_message);
      const piped = await run(['decode-request', '--abi', files[0]!, ...files.slice(1).flatMap((f) => ['--abi', f]), '-'], `${v4.signing_message}\n`);
      expect(piped.out).toBe(r.out);
      const missing = await run(['decode-request', '--abi', join(dir, 'nope.json'), v4.signing_message]);
      expect(missing.code).toBe(1);
      expect(missing.err).toMatch(/^error: cannot read ABI file/);
      const dangling = await run(['decode-request', v4.signing_message, '--abi']);
      expect([dangling.code, dangling.err.trim()]).toEqual([1, 'error: --abi needs a value']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
