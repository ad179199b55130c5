import { describe, expect, it } from 'vitest';
import { decodeCommand } from '../../src/cli/commands/decode.js';
import { encodeCommand } from '../../src/cli/commands/encode.js';
import { runCommand, type Io } from '../../src/cli/run.js';
import golden from '../../fixtures/records/golden.json' with { type: 'json' };

// The decode and encode commands alone (the full command table pulls in every layer).
const commands = { decode: decodeCommand, encode: encodeCommand };

async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n'), readStdin: async () => stdin };
  const code = await runCommand(commands, argv, io);
  return { code, out, err };
}

describe('ledger-bcs decode with record types', () => {
  for (const v of golden.vectors.filter((x) => x.value !== null)) {
    it(`decode ${v.type} (${v.name})`, async () => {
      const r = await run(['decode', v.type, '0x' + v.bcs]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toEqual(v.value);
    });
  }
  it('a block with transactions from stdin, and encode gives the bytes back', async () => {
    const v = golden.vectors.find((x) => x.name.startsWith('BcsBlock with metadata'))!;
    const r = await run(['decode', 'BcsBlock', '-'], `${v.bcs}\n`);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.transactions).toHaveLength(4);
    const back = await run(['encode', 'BcsBlock', r.out]);
    expect(back.code).toBe(0);
    expect(back.out.trim().replace(/^0x/, '')).toBe(v.bcs);
  });
  it('every record type is listed, and malformed bytes are a clear error', async () => {
    const help = await run(['decode']);
    expect(help.code).not.toBe(0);
    for (const name of ['AccountResource', 'BcsBlock', 'TransactionSummaries', 'WriteSet', 'ContractEvent', 'TransactionInfo', 'TransactionData']) {
      expect(help.err + help.out).toContain(name);
    }
    const ws = golden.vectors.find((x) => x.type === 'WriteSet')!.bcs;
    const bad = await run(['decode', 'WriteSet', ws + '00']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/remaining input/);
  });
});
